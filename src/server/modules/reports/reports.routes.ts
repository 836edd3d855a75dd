import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  fleetDashboardQuerySchema,
  fleetDashboardSchema,
  type FleetDashboard,
} from '@shared/fleet-dashboard.js';
import { reportFilterSchema, reportSchema, type Report } from '@shared/reports.js';
import type { Database } from '../../db/client.js';
import { userActorOf } from '../../plugins/actor.js';
import { fleetDashboard } from './fleet-dashboard.service.js';
import { reportDay, reportDocument } from './report-document.js';
import { keptReport } from './reports.service.js';

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
    // The kept answer's JSON text as it is kept, checked against reportSchema when computed: Fastify sends a string
    // with a JSON content type as it is, without the response schema's serializer (parsing and serializing a year's
    // report again on every request held it to 110–119 req/s at 8 connections on 1,000,000 claims; sent as kept,
    // 325–364: decision 035).
    async (request, reply) => {
      const { scope } = userActorOf(request);
      const { today } = await reportDay(readDb, scope, request.query, { now: new Date(), defaultTimeZone });
      const json = await keptReport(keptIn, scope, request.query, { today });
      return reply.type('application/json').send(json as unknown as Report);
    },
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
    async (request, reply) => {
      const json = await fleetDashboard(keptIn, userActorOf(request), request.query.companyId);
      return reply.type('application/json').send(json as unknown as FleetDashboard);
    },
  );
};
