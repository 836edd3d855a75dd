import fsp from 'node:fs/promises';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attachDriverReportSchema,
  dismissDriverReportSchema,
  driverReportCountSchema,
  driverReportFormSchema,
  driverReportListSchema,
  driverReportSchema,
  listDriverReportsQuerySchema,
  openedClaimSchema,
  reportLinkVehicleSchema,
  sentDriverReportSchema,
  sentPhotoSchema,
} from '@shared/driver-reports.js';
import type { Database } from '../../db/client.js';
import { userActorOf } from '../../plugins/actor.js';
import { receiveUpload } from '../../plugins/multipart-upload.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { sendAttachmentFile, sendAttachmentThumbnail } from '../attachments/index.js';
import { linkTokenParams } from '../outside-links/index.js';
import {
  addDriverReportPhoto,
  openPhotoUpload,
  reportLinkVehicle,
  sendDriverReport,
} from './driver-report-intake.js';
import { attachDriverReport, dismissDriverReport, openClaimFromReport } from './driver-report-triage.js';
import {
  countNewDriverReports,
  driverReportPhoto,
  getDriverReport,
  listDriverReports,
} from './driver-reports.service.js';

const reportParams = z.object({ id: z.uuid('Not a valid driver report id') });
const photoParams = reportParams.extend({ photoId: z.uuid('Not a valid photo id') });
const uploadParams = z.object({ uploadKey: z.string().max(200) });

export interface DriverReportRoutesOptions {
  db: Database;
  storage: FileStorage;
  maxBytes: number;
  tempDir: string;
}

/**
 * Drivers' reports (issue 32): sent without an account through a vehicle's report link (`/api/report-links/{token}`,
 * photos to `/api/report-uploads/{uploadKey}`), triaged by the company's managers at `/api/driver-reports`.
 */
export const driverReportRoutes: FastifyPluginAsyncZod<DriverReportRoutesOptions> = async (
  app,
  { db, storage, maxBytes, tempDir },
) => {
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1 } });

  app.get(
    '/api/report-links/:token',
    {
      config: { access: 'public' },
      schema: {
        params: linkTokenParams,
        response: { 200: reportLinkVehicleSchema },
        description:
          'What a report link’s form shows of its vehicle (unit number, make and model): 404 unknown, 410 replaced.',
      },
    },
    async (request) => ({ ...(await reportLinkVehicle(db, request.params.token)), maxBytes }),
  );

  app.post(
    '/api/report-links/:token/reports',
    {
      config: { access: 'public' },
      schema: {
        params: linkTokenParams,
        body: driverReportFormSchema,
        response: { 201: sentDriverReportSchema },
        description:
          'A driver’s report on the link’s vehicle; a bounded number per hour per vehicle and per address (429). Answers the reference and the key its photos are sent with.',
      },
    },
    async (request, reply) =>
      reply.status(201).send(await sendDriverReport(db, request.params.token, request.ip, request.body)),
  );

  app.post(
    '/api/report-uploads/:uploadKey/photos',
    {
      config: { access: 'public' },
      schema: {
        params: uploadParams,
        response: { 201: sentPhotoSchema },
        description:
          'multipart/form-data with one photo in the field `file` (any other type: 415), for the report the key was answered with, within a day of it.',
      },
    },
    async (request, reply) => {
      // The report first: an unknown key, a closed or full report costs no upload.
      const report = await openPhotoUpload(db, request.params.uploadKey);
      const upload = await receiveUpload(request, { tempDir, maxBytes });
      try {
        const photos = await addDriverReportPhoto(db, storage, report, upload, request.log);
        return reply.status(201).send({ photos });
      } finally {
        await fsp.rm(upload.path, { force: true });
      }
    },
  );

  app.get(
    '/api/driver-reports',
    {
      config: { access: 'vehicles.create' },
      schema: { querystring: listDriverReportsQuerySchema, response: { 200: driverReportListSchema } },
    },
    async (request) => listDriverReports(db, userActorOf(request), request.query),
  );

  app.get(
    '/api/driver-reports/count',
    { config: { access: 'vehicles.create' }, schema: { response: { 200: driverReportCountSchema } } },
    async (request) => ({ new: await countNewDriverReports(db, userActorOf(request)) }),
  );

  app.get(
    '/api/driver-reports/:id/photos/:photoId',
    { config: { access: 'vehicles.create' }, schema: { params: photoParams } },
    async (request, reply) => {
      const { id, photoId } = request.params;
      const photo = await driverReportPhoto(db, userActorOf(request), id, photoId);
      return sendAttachmentFile(reply, storage, photo, { download: false, log: request.log });
    },
  );

  app.get(
    '/api/driver-reports/:id/photos/:photoId/thumbnail',
    { config: { access: 'vehicles.create' }, schema: { params: photoParams } },
    async (request, reply) => {
      const { id, photoId } = request.params;
      return sendAttachmentThumbnail(
        reply,
        storage,
        await driverReportPhoto(db, userActorOf(request), id, photoId),
      );
    },
  );

  app.post(
    '/api/driver-reports/:id/claim',
    {
      config: { access: 'vehicles.create' },
      schema: {
        params: reportParams,
        response: { 201: openedClaimSchema },
        description:
          'Opens a claim from a new report on its vehicle (collision, or mechanical for a breakdown); its photos become the claim’s. 409 when already handled.',
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await openClaimFromReport(db, storage, userActorOf(request), request.params.id, request.log)),
  );

  app.post(
    '/api/driver-reports/:id/attach',
    {
      config: { access: 'vehicles.edit' },
      schema: { params: reportParams, body: attachDriverReportSchema, response: { 200: driverReportSchema } },
    },
    async (request) => {
      const actor = userActorOf(request);
      await attachDriverReport(db, storage, actor, request.params.id, request.body.claimId, request.log);
      return getDriverReport(db, actor, request.params.id);
    },
  );

  app.post(
    '/api/driver-reports/:id/dismiss',
    {
      config: { access: 'vehicles.create' },
      schema: {
        params: reportParams,
        body: dismissDriverReportSchema,
        response: { 200: driverReportSchema },
      },
    },
    async (request) => {
      const actor = userActorOf(request);
      await dismissDriverReport(db, actor, request.params.id, request.body.reason);
      return getDriverReport(db, actor, request.params.id);
    },
  );
};
