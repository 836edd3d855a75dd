import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  claimEstimatesSchema,
  estimateDecisionSchema,
  estimateInputSchema,
  estimateSchema,
  updateEstimateSchema,
} from '@shared/estimates.js';
import type { Database } from '../../db/client.js';
import { loadClaimRow } from '../claims/index.js';
import { claimFacility, getEstimate, listClaimEstimates } from './estimate-read.js';
import { createEstimate, decideEstimate, updateEstimate } from './estimates.service.js';
import { userActorOf } from '../../plugins/actor.js';

const claimParams = z.object({ id: z.uuid('Not a valid claim id') });
const estimateParams = z.object({ id: z.uuid('Not a valid estimate id') });

/** Estimates of a claim: list and add under the claim; read, edit and decide one by its id. */
export const estimatesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/vehicles/:id/estimates',
    {
      config: { access: 'vehicles.view' },
      schema: { params: claimParams, response: { 200: claimEstimatesSchema } },
    },
    async (request) => {
      const row = await loadClaimRow(db, userActorOf(request).scope, request.params.id);
      const [items, facility] = await Promise.all([
        listClaimEstimates(db, row.claim.id),
        claimFacility(db, row.claim.repairFacilityId),
      ]);
      return { items, facility };
    },
  );

  app.post(
    '/api/vehicles/:id/estimates',
    {
      config: { access: 'vehicles.edit' },
      schema: { params: claimParams, body: estimateInputSchema, response: { 201: estimateSchema } },
    },
    async (request, reply) => {
      return reply
        .code(201)
        .send(await createEstimate(db, userActorOf(request), request.params.id, request.body));
    },
  );

  app.get(
    '/api/estimates/:id',
    {
      config: { access: 'vehicles.view' },
      schema: { params: estimateParams, response: { 200: estimateSchema } },
    },
    async (request) => getEstimate(db, userActorOf(request).scope, request.params.id),
  );

  app.patch(
    '/api/estimates/:id',
    {
      config: { access: 'vehicles.edit' },
      schema: { params: estimateParams, body: updateEstimateSchema, response: { 200: estimateSchema } },
    },
    async (request) => updateEstimate(db, userActorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/estimates/:id/decision',
    {
      config: { access: 'claims.authorize' },
      schema: { params: estimateParams, body: estimateDecisionSchema, response: { 200: estimateSchema } },
    },
    async (request) => decideEstimate(db, userActorOf(request), request.params.id, request.body),
  );
};
