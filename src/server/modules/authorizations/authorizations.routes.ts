import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authorizationDecisionSchema,
  authorizationRequestSchema,
  authorizationSchema,
  claimAuthorizationsSchema,
} from '@shared/authorizations.js';
import type { Database } from '../../db/client.js';
import { loadClaimRow } from '../claims/index.js';
import { decideAuthorization } from './authorization-decision.service.js';
import { companyAutoApprovalLimit, getAuthorization, listClaimAuthorizations } from './authorization-read.js';
import { createAuthorization } from './authorizations.service.js';
import { userActorOf } from '../../plugins/actor.js';

const claimParams = z.object({ id: z.uuid('Not a valid claim id') });
const authorizationParams = z.object({ id: z.uuid('Not a valid authorization id') });

/** Mechanical authorizations: list and request under the claim; read and decide one by its id. */
export const authorizationsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/vehicles/:id/authorizations',
    {
      config: { access: 'vehicles.view' },
      schema: { params: claimParams, response: { 200: claimAuthorizationsSchema } },
    },
    async (request) => {
      const row = await loadClaimRow(db, userActorOf(request).scope, request.params.id);
      const [items, autoApprovalLimitCents] = await Promise.all([
        listClaimAuthorizations(db, row.claim.id),
        companyAutoApprovalLimit(db, row.claim.companyId),
      ]);
      return { items, autoApprovalLimitCents };
    },
  );

  app.post(
    '/api/vehicles/:id/authorizations',
    {
      config: { access: 'claims.transition' },
      schema: {
        params: claimParams,
        body: authorizationRequestSchema,
        response: { 201: authorizationSchema },
      },
    },
    async (request, reply) => {
      const created = await createAuthorization(db, userActorOf(request), request.params.id, request.body);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/authorizations/:id',
    {
      config: { access: 'vehicles.view' },
      schema: { params: authorizationParams, response: { 200: authorizationSchema } },
    },
    async (request) => getAuthorization(db, userActorOf(request).scope, request.params.id),
  );

  app.post(
    '/api/authorizations/:id/decision',
    {
      config: { access: 'claims.authorize' },
      schema: {
        params: authorizationParams,
        body: authorizationDecisionSchema,
        response: { 200: authorizationSchema },
      },
    },
    async (request) => decideAuthorization(db, userActorOf(request), request.params.id, request.body),
  );
};
