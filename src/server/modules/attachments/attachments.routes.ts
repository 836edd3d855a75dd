import fsp from 'node:fs/promises';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentListSchema, attachmentSchema, updateAttachmentSchema } from '@shared/attachments.js';
import type { Database } from '../../db/client.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { receiveUpload } from '../../plugins/multipart-upload.js';
import { presentAttachment } from './attachments.presenter.js';
import {
  claimInScope,
  deleteAttachment,
  listAttachments,
  loadAttachment,
  updateAttachmentKind,
  uploadAttachment,
} from './attachments.service.js';
import { sendAttachmentFile, sendAttachmentThumbnail } from './attachment-files.routes.js';
import { userActorOf } from '../../plugins/actor.js';

const claimParams = z.object({ id: z.uuid('Not a valid claim id') });
const attachmentParams = z.object({ id: z.uuid('Not a valid attachment id') });

export interface AttachmentsRoutesOptions {
  db: Database;
  storage: FileStorage;
  /** Largest file accepted (UPLOAD_MAX_BYTES). */
  maxBytes: number;
  /** Where uploads are written while they are checked. */
  tempDir: string;
}

/**
 * Files on a claim: list and upload under the claim, read, thumbnail, re-label and delete by id. Whoever can
 * see the claim can read its files; anything of another company's claim answers 404.
 */
export const attachmentsRoutes: FastifyPluginAsyncZod<AttachmentsRoutesOptions> = async (
  app,
  { db, storage, maxBytes, tempDir },
) => {
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1 } });

  app.get(
    '/api/vehicles/:id/attachments',
    {
      config: { access: 'vehicles.view' },
      schema: { params: claimParams, response: { 200: attachmentListSchema } },
    },
    async (request) => {
      const claimId = await claimInScope(db, userActorOf(request).scope, request.params.id);
      const rows = await listAttachments(db, claimId);
      return { items: rows.map(presentAttachment), maxBytes };
    },
  );

  app.post(
    '/api/vehicles/:id/attachments',
    {
      config: { access: 'attachments.upload' },
      schema: {
        params: claimParams,
        response: { 201: attachmentSchema },
        description:
          'multipart/form-data with an optional `kind` field (photo, estimate, invoice, document; inferred when absent) and one file in the field `file`.',
      },
    },
    async (request, reply) => {
      const actor = userActorOf(request);
      const claimId = await claimInScope(db, actor.scope, request.params.id);
      const upload = await receiveUpload(request, { tempDir, maxBytes });
      try {
        const created = await uploadAttachment(db, storage, actor, claimId, upload, request.log);
        return reply.code(201).send(presentAttachment(created));
      } finally {
        await fsp.rm(upload.path, { force: true });
      }
    },
  );

  app.get(
    '/api/attachments/:id/file',
    {
      config: { access: 'vehicles.view' },
      schema: {
        params: attachmentParams,
        querystring: z.object({
          download: z.enum(['1', 'true']).optional().describe('Save the file rather than open it'),
        }),
      },
    },
    async (request, reply) => {
      const { attachment } = await loadAttachment(db, userActorOf(request).scope, request.params.id);
      return sendAttachmentFile(reply, storage, attachment, {
        download: !!request.query.download,
        log: request.log,
      });
    },
  );

  app.get(
    '/api/attachments/:id/thumbnail',
    { config: { access: 'vehicles.view' }, schema: { params: attachmentParams } },
    async (request, reply) => {
      const { attachment } = await loadAttachment(db, userActorOf(request).scope, request.params.id);
      return sendAttachmentThumbnail(reply, storage, attachment);
    },
  );

  app.patch(
    '/api/attachments/:id',
    {
      config: { access: 'attachments.upload' },
      schema: { params: attachmentParams, body: updateAttachmentSchema, response: { 200: attachmentSchema } },
    },
    async (request) => {
      return presentAttachment(
        await updateAttachmentKind(db, userActorOf(request), request.params.id, request.body.kind),
      );
    },
  );

  // Whoever may edit the claim may remove its files, whoever uploaded them (decision 013).
  app.delete(
    '/api/attachments/:id',
    { config: { access: 'vehicles.edit' }, schema: { params: attachmentParams } },
    async (request, reply) => {
      await deleteAttachment(db, storage, userActorOf(request), request.params.id, request.log);
      return reply.code(204).send();
    },
  );
};
