import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  fleetDashboardQuerySchema,
  fleetDashboardSchema,
  reportFilterSchema,
  reportSchema,
} from '@shared/reports.js';
import type { Database } from '../../db/client.js';
import { userActorOf } from '../../plugins/actor.js';
import { fleetDashboard } from './fleet-dashboard.service.js';
import { reportPdf } from './report-pdf.js';
import { buildReport, reportFilterNames } from './reports.service.js';

/** Reports (`/reports`): `reports.view`; admins over every company, everyone else over their own. */
export const reportsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/reports',
    {
      config: { access: 'reports.view' },
      schema: { querystring: reportFilterSchema, response: { 200: reportSchema } },
    },
    async (request) => buildReport(db, userActorOf(request).scope, request.query),
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
      const scope = userActorOf(request).scope;
      const report = await buildReport(db, scope, request.query);
      const names = await reportFilterNames(db, request.query);
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="fleetclaims-report-${report.meta.span.from}-to-${report.meta.span.to}.pdf"`,
        )
        .header('cache-control', 'private, no-store')
        .send(reportPdf(report, request.query, names));
    },
  );

  // Who may open it is decided by the service (spec §6: a viewer only for the chosen company): 403 otherwise.
  app.get(
    '/api/fleet-dashboard',
    {
      config: { access: 'vehicles.view' },
      schema: { querystring: fleetDashboardQuerySchema, response: { 200: fleetDashboardSchema } },
    },
    async (request) => fleetDashboard(db, userActorOf(request), request.query.companyId),
  );
};
