import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportFilterSchema, reportSchema } from '@shared/reports.js';
import type { Database } from '../../db/client.js';
import { userActorOf } from '../../plugins/actor.js';
import { buildReport } from './reports.service.js';

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
};
