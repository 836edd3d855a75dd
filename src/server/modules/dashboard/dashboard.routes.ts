import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardActivitySchema, dashboardSummarySchema } from '@shared/dashboard.js';
import type { Database } from '../../db/client.js';
import { dashboardActivity, dashboardSummary } from './dashboard.service.js';
import { userActorOf } from '../../plugins/actor.js';
import { projectingSerializerCompiler } from '../../plugins/projecting-serializer.js';

/** The dashboard (`/`): everyone's, over the claims of their companies. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/dashboard/summary',
    {
      config: { access: 'vehicles.view' },
      schema: { response: { 200: dashboardSummarySchema } },
      serializerCompiler: projectingSerializerCompiler,
    },
    async (request) => dashboardSummary(db, userActorOf(request).scope, request.auth!.user.id),
  );

  app.get(
    '/api/dashboard/activity',
    {
      config: { access: 'vehicles.view' },
      schema: { response: { 200: dashboardActivitySchema } },
      serializerCompiler: projectingSerializerCompiler,
    },
    async (request) => dashboardActivity(db, userActorOf(request).scope),
  );
};
