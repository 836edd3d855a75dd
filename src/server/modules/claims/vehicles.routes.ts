import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { vehicleSchema, vinCheckResponseSchema } from '@shared/claims.js';
import type { Database } from '../../db/client.js';
import { checkVin, searchVehicles } from './vehicles.service.js';
import { userActorOf } from '../../plugins/actor.js';

/** Fleet vehicles (the assets, as opposed to claims, which the spec's routes call vehicles). */
export const vehiclesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/fleet-vehicles',
    {
      config: { access: 'vehicles.view' },
      schema: {
        querystring: z.object({
          search: z.string().trim().max(60).optional(),
          companyId: z.uuid().optional(),
        }),
        response: { 200: z.array(vehicleSchema) },
      },
    },
    async (request) => {
      const rows = await searchVehicles(db, userActorOf(request).scope, request.query);
      return rows.map(({ createdAt: _c, updatedAt: _u, ...vehicle }) => vehicle);
    },
  );

  app.get(
    '/api/fleet-vehicles/vin-check',
    {
      config: { access: 'vehicles.create' },
      schema: {
        querystring: z.object({ vin: z.string().trim().min(1).max(40), companyId: z.uuid().optional() }),
        response: { 200: vinCheckResponseSchema },
      },
    },
    async (request) => checkVin(db, userActorOf(request).scope, request.query.vin, request.query.companyId),
  );
};
