import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fleetDashboardQuerySchema, fleetDashboardSchema } from '@shared/fleet-dashboard.js';
import { reportFilterSchema, reportSchema } from '@shared/reports.js';
import type { Database } from '../../db/client.js';
import { userActorOf } from '../../plugins/actor.js';
import { fleetDashboard } from './fleet-dashboard.service.js';
import { reportAt, reportDocument } from './report-document.js';

/** Reports (`/reports`): `reports.view`; admins over every company, everyone else over their own. */
export const reportsRoutes: FastifyPluginAsyncZod<{
  /** The primary: kept answers (decision 035). */
  db: Database;
  /** Where reports are computed: a replica when DATABASE_READ_URL is set. */
  readDb: Database;
  defaultTimeZone: string;
}> = async (app, { db, readDb, defaultTimeZone }) => {
  const keptIn = { db, readDb };
  app.get(
    '/api/reports',
    {
      config: { access: 'reports.view' },
      schema: { querystring: reportFilterSchema, response: { 200: reportSchema } },
    },
    async (request) =>
      (
        await reportAt(
          readDb,
          userActorOf(request).scope,
          request.query,
          { now: new Date(), defaultTimeZone },
          { keptIn },
        )
      ).report,
  );

  app.get(
    '/api/reports/pdf',
    {
      config: { access: 'reports.view' },
      schema: {
        querystring: reportFilterSchema,
        produces: ['application/pdf'],
        description:
          'The whole report as a PDF: the filters, the headline figures, and every section as a vector chart with its table. Streamed.',
      },
    },
    async (request, reply) => {
      const { doc, fileName } = await reportDocument(
        readDb,
        userActorOf(request).scope,
        request.query,
        { now: new Date(), defaultTimeZone },
        { keptIn },
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(doc);
    },
  );

  // Who may open it is decided by the service (spec §6: a viewer only for the chosen company): 403 otherwise.
  app.get(
    '/api/fleet-dashboard',
    {
      config: { access: 'vehicles.view' },
      schema: { querystring: fleetDashboardQuerySchema, response: { 200: fleetDashboardSchema } },
    },
    async (request) => fleetDashboard(keptIn, userActorOf(request), request.query.companyId),
  );
};
