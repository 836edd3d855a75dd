import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  claimPackLinkListSchema,
  claimPackLinkSchema,
  claimPackSummarySchema,
  sendClaimPackSchema,
} from '@shared/claim-pack.js';
import type { Database } from '../../db/client.js';
import { claimIdParams, claimLinkParams, linkTokenParams } from '../outside-links/index.js';
import { actorOf, userActorOf } from '../../plugins/actor.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { contentDisposition } from '../attachments/index.js';
import { recordAudit } from '../audit/index.js';
import { claimPackFileName, claimPackStream } from './claim-pack.js';
import {
  claimPackLinks,
  claimPackOfLink,
  claimPackSummary,
  revokeClaimPackLink,
  sendClaimPack,
} from './claim-pack-links.js';
import { renderClaimPdf } from './claim-pdf.js';
import { loadClaimReport, type ClaimReport } from './claim-report.service.js';

/**
 * The claim pack (issue 32): downloaded from the claim page, or sent to the insurer's adjuster as a link that
 * downloads it without an account (`claim-pack-links.ts`).
 */
export const claimPackRoutes: FastifyPluginAsyncZod<{
  db: Database;
  storage: FileStorage;
  appUrl: string;
}> = async (app, { db, storage, appUrl }) => {
  const sendPack = async (report: ClaimReport, reply: FastifyReply) => {
    const pdf = await renderClaimPdf(report);
    return reply
      .type('application/zip')
      .header(
        'content-disposition',
        contentDisposition('attachment', claimPackFileName(report.claim.claimNumber)),
      )
      .header('cache-control', 'private, no-store')
      .send(claimPackStream(report, pdf, storage));
  };

  app.get(
    '/api/vehicles/:id/claim-pack',
    {
      config: { access: 'vehicles.view' },
      schema: {
        params: claimIdParams,
        produces: ['application/zip'],
        description:
          'The claim pack for an insurer: a ZIP of the claim’s PDF report and every file of the claim as uploaded, in a folder per kind (photos, estimates, invoices, documents), each named by its place, day and name.',
      },
    },
    async (request, reply) => {
      const report = await loadClaimReport(db, storage, actorOf(request), request.params.id);
      await recordAudit(db, actorOf(request), {
        action: 'claim.pack_exported',
        entityType: 'claim',
        entityId: report.claim.id,
      });
      return sendPack(report, reply);
    },
  );

  app.post(
    '/api/vehicles/:id/claim-pack/links',
    {
      config: { access: 'vehicles.edit' },
      schema: {
        params: claimIdParams,
        body: sendClaimPackSchema,
        response: { 201: claimPackLinkSchema },
        description:
          'Sends the claim pack to an adjuster: a link by e-mail that downloads it without an account for 30 days, until revoked.',
      },
    },
    async (request, reply) => {
      const link = await sendClaimPack(db, appUrl, userActorOf(request), request.params.id, request.body.to);
      return reply.status(201).send(link);
    },
  );

  app.get(
    '/api/vehicles/:id/claim-pack/links',
    {
      config: { access: 'vehicles.view' },
      schema: { params: claimIdParams, response: { 200: claimPackLinkListSchema } },
    },
    async (request) => ({ items: await claimPackLinks(db, userActorOf(request), request.params.id) }),
  );

  app.delete(
    '/api/vehicles/:id/claim-pack/links/:linkId',
    {
      config: { access: 'vehicles.edit' },
      schema: {
        params: claimLinkParams,
        response: { 200: claimPackLinkSchema },
        description: 'Revokes a sent claim pack link: its address answers 410 from now on.',
      },
    },
    async (request) =>
      revokeClaimPackLink(db, userActorOf(request), request.params.id, request.params.linkId),
  );

  app.get(
    '/api/claim-packs/:token',
    {
      config: { access: 'public' },
      schema: {
        params: linkTokenParams,
        response: { 200: claimPackSummarySchema },
        description:
          'What a claim pack link holds, for the adjuster’s page: 404 for an unknown link, 410 when revoked or expired.',
      },
    },
    async (request) => claimPackSummary(db, request.params.token),
  );

  app.get(
    '/api/claim-packs/:token/download',
    {
      config: { access: 'public' },
      schema: { params: linkTokenParams, produces: ['application/zip'] },
    },
    async (request, reply) => sendPack(await claimPackOfLink(db, storage, request.params.token), reply),
  );
};
