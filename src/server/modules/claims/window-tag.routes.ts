import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { windowTagSchema } from '@shared/window-tag.js';
import type { Database } from '../../db/client.js';
import { windowTag } from './window-tag.service.js';

/**
 * `GET /api/vehicles/{id}/window-tag`: public, for the printable tag in a vehicle's window (PRODUCT.md §6).
 * Claim ids are random UUIDs, so knowing one is the permission; the answer holds only the schema's fields.
 */
export const windowTagRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/vehicles/:id/window-tag',
    {
      config: { access: 'public' },
      schema: { params: z.object({ id: z.string() }), response: { 200: windowTagSchema } },
    },
    async (request, reply) => {
      const tag = await windowTag(db, request.params.id);
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      return tag;
    },
  );
};
