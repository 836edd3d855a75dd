import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FACILITY_KINDS,
  listRecordsQuerySchema,
  repairFacilityInputSchema,
  repairFacilitySchema,
} from '@shared/fleet.js';
import { pageOf } from '@shared/support.js';
import type { Database } from '../../db/client.js';
import { createFacility, getFacility, listFacilities, updateFacility } from './facilities.service.js';
import { actorOf, userActorOf } from '../../plugins/actor.js';
import { answerOnce } from '../../plugins/idempotency.js';

const idParams = z.object({ id: z.uuid('Not a valid repair facility id') });

/** Repair facilities: everyone who sees claims can read them (to pick one); admins manage them. */
export const facilitiesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/repair-facilities',
    {
      config: { access: 'vehicles.view' },
      schema: {
        querystring: listRecordsQuerySchema.extend({ kind: z.enum(FACILITY_KINDS).optional() }),
        response: { 200: pageOf(repairFacilitySchema) },
      },
    },
    async (request) => listFacilities(db, userActorOf(request).scope, request.query),
  );

  app.get(
    '/api/repair-facilities/:id',
    {
      config: { access: 'vehicles.view' },
      schema: { params: idParams, response: { 200: repairFacilitySchema } },
    },
    async (request) => getFacility(db, userActorOf(request).scope, request.params.id),
  );

  app.post(
    '/api/repair-facilities',
    {
      config: { access: 'facilities.manage', idempotentInTransaction: true },
      schema: { body: repairFacilityInputSchema, response: { 201: repairFacilitySchema } },
    },
    async (request, reply) =>
      answerOnce(request, reply, db, 201, (tx) => createFacility(tx, actorOf(request), request.body)),
  );

  app.patch(
    '/api/repair-facilities/:id',
    {
      config: { access: 'facilities.manage' },
      schema: {
        params: idParams,
        body: repairFacilityInputSchema.partial(),
        response: { 200: repairFacilitySchema },
      },
    },
    async (request) => updateFacility(db, userActorOf(request), request.params.id, request.body),
  );
};
