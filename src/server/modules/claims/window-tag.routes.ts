import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { windowTagSchema } from '@shared/window-tag.js';
import type { Database } from '../../db/client.js';
import { windowTag } from './window-tag.service.js';

/**
 * `GET /api/vehicles/{id}/window-tag`: public, for the printable tag in a vehicle's window (PRODUCT.md §6).
 * Claim ids are random UUIDs, so knowing one is the permission; the answer holds only the schema's fields.
 */
export interface WindowTagRoutesOptions {
  db: Database;
  /** The vehicle's report link to print as the tag's second code (made on first use); null when it cannot be shown. */
  reportUrlOf: (vehicleId: string) => Promise<string | null>;
}

export const windowTagRoutes: FastifyPluginAsyncZod<WindowTagRoutesOptions> = async (
  app,
  { db, reportUrlOf },
) => {
  app.get(
    '/api/vehicles/:id/window-tag',
    {
      config: { access: 'public' },
      schema: { params: z.object({ id: z.string() }), response: { 200: windowTagSchema } },
    },
    async (request, reply) => {
      const { vehicleId, ...tag } = await windowTag(db, request.params.id);
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      return { ...tag, reportUrl: await reportUrlOf(vehicleId) };
    },
  );
};
