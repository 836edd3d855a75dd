import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { recordAudit } from '../audit/index.js';
import { renderClaimPdf } from './claim-pdf.js';
import { loadClaimReport } from './claim-report.service.js';
import { actorOf } from '../../plugins/actor.js';

const idParams = z.object({ id: z.uuid('Not a valid claim id') });

/** The claim page's "Export PDF": a report generated on the server. */
export const claimReportRoutes: FastifyPluginAsyncZod<{ db: Database; storage: FileStorage }> = async (
  app,
  { db, storage },
) => {
  app.get(
    '/api/vehicles/:id/pdf',
    {
      config: { access: 'vehicles.view' },
      schema: {
        params: idParams,
        produces: ['application/pdf'],
        description:
          'The claim as a PDF report (vehicle, details, amounts, status history, estimate lines, authorizations, notes, photo thumbnails and the list of files).',
      },
    },
    async (request, reply) => {
      const report = await loadClaimReport(db, storage, actorOf(request), request.params.id);
      const pdf = await renderClaimPdf(report);
      await recordAudit(db, actorOf(request), {
        action: 'claim.exported',
        entityType: 'claim',
        entityId: report.claim.id,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${report.claim.claimNumber}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
