import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { setupChecklistSchema } from '@shared/setup-checklist.js';
import type { Database } from '../../db/client.js';
import { userActorOf } from '../../plugins/actor.js';
import { readSetupChecklist } from './setup-checklist.service.js';

/** The setup checklist of an administrator's dashboard: the steps only an administrator can take. */
export const setupChecklistRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/setup-checklist',
    {
      config: { access: 'system.settings.manage' },
      schema: { response: { 200: setupChecklistSchema } },
    },
    async (request) => readSetupChecklist(db, userActorOf(request).user.id),
  );
};
