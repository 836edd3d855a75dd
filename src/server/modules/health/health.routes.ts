import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '@shared/errors.js';
import { healthResponseSchema, readyResponseSchema } from '@shared/health.js';
import { BUSY_RETRY_AFTER_SECONDS, DATABASE_RETRY_AFTER_SECONDS } from '../../db/availability.js';
import type { Lifecycle } from '../../app.js';
import type { DatabaseHandle } from '../../db/client.js';
import { projectingSerializerCompiler } from '../../plugins/projecting-serializer.js';

/** Every connection of this process's pool stayed busy: a load balancer sends the next requests elsewhere. */
export const READY_BUSY_MESSAGE = 'Every database connection of this process is busy';

/**
 * Liveness (the process answers) and readiness (its database answers and it is not shutting down), for load
 * balancers and monitors.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle; lifecycle: Lifecycle }> = async (
  app,
  { database, lifecycle },
) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: { response: { 200: healthResponseSchema } },
      serializerCompiler: projectingSerializerCompiler,
      // A few bytes: nothing to compress.
      compress: false,
    },
    async () => ({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) }),
  );

  app.get(
    '/api/ready',
    {
      config: { access: 'public' },
      schema: { response: { 200: readyResponseSchema } },
      serializerCompiler: projectingSerializerCompiler,
      // A few bytes: nothing to compress.
      compress: false,
    },
    async () => {
      if (lifecycle.draining)
        throw new AppError('unavailable', 'This process is shutting down', {
          headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
        });
      try {
        await database.ping();
      } catch (error) {
        // Any other failure of `select 1` is the database's too.
        const failure = database.availability.noticed(error);
        if (failure === null) database.availability.failed(error);
        throw new AppError(
          'unavailable',
          failure === 'busy' ? READY_BUSY_MESSAGE : 'The database is not reachable',
          {
            headers: {
              'retry-after': String(
                failure === 'busy' ? BUSY_RETRY_AFTER_SECONDS : DATABASE_RETRY_AFTER_SECONDS,
              ),
            },
          },
        );
      }
      return { status: 'ready' as const, database: database.kind };
    },
  );
};
