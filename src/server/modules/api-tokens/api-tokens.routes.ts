import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiTokenSchema, createApiTokenRequestSchema, createdApiTokenSchema } from '@shared/api-tokens.js';
import type { Database } from '../../db/client.js';
import { userActorOf } from '../../plugins/actor.js';
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens.service.js';

const idParams = z.object({ id: z.uuid('Not a valid token id') });

/**
 * API tokens (issue 33): the tokens other systems call the API with. Administrators list and revoke every token; a
 * manager, once an administrator allows it, creates tokens for their companies and lists and revokes their own.
 */
export const apiTokensRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const access = 'api.tokens.own' as const;

  app.get(
    '/api/api-tokens',
    { config: { access }, schema: { response: { 200: z.array(apiTokenSchema) } } },
    async (request) => listApiTokens(db, userActorOf(request)),
  );

  app.post(
    '/api/api-tokens',
    {
      config: { access },
      schema: { body: createApiTokenRequestSchema, response: { 201: createdApiTokenSchema } },
    },
    async (request, reply) => {
      const created = await createApiToken(db, userActorOf(request), request.body);
      // The token is in this answer only: no cache may keep it.
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.post(
    '/api/api-tokens/:id/revoke',
    { config: { access }, schema: { params: idParams, response: { 200: apiTokenSchema } } },
    async (request) => revokeApiToken(db, userActorOf(request), request.params.id),
  );
};
