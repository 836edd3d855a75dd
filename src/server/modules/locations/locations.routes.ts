import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRecordsQuerySchema, locationInputSchema, locationSchema } from '@shared/fleet.js';
import { pageOf } from '@shared/support.js';
import type { Database } from '../../db/client.js';
import { createLocation, getLocation, listLocations, updateLocation } from './locations.service.js';
import { userActorOf } from '../../plugins/actor.js';

const idParams = z.object({ id: z.uuid('Not a valid location id') });

/** Locations of the companies in the caller's scope. */
export const locationsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/locations',
    {
      config: { access: 'locations.dashboard' },
      schema: { querystring: listRecordsQuerySchema, response: { 200: pageOf(locationSchema) } },
    },
    async (request) => listLocations(db, userActorOf(request).scope, request.query),
  );

  app.get(
    '/api/locations/:id',
    {
      config: { access: 'locations.dashboard' },
      schema: { params: idParams, response: { 200: locationSchema } },
    },
    async (request) => getLocation(db, userActorOf(request).scope, request.params.id),
  );

  app.post(
    '/api/locations',
    {
      config: { access: 'locations.manage' },
      schema: { body: locationInputSchema, response: { 201: locationSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await createLocation(db, userActorOf(request), request.body)),
  );

  app.patch(
    '/api/locations/:id',
    {
      config: { access: 'locations.manage' },
      schema: { params: idParams, body: locationInputSchema.partial(), response: { 200: locationSchema } },
    },
    async (request) => updateLocation(db, userActorOf(request), request.params.id, request.body),
  );
};
