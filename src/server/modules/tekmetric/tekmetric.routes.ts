import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  mapShopRequestSchema,
  shopMappingSchema,
  syncLogSchema,
  syncNowResultSchema,
  tekmetricSettingsSchema,
  testConnectionResultSchema,
  updateTekmetricSettingsSchema,
} from '@shared/tekmetric.js';
import type { Database } from '../../db/client.js';
import type { OutboundUrlRules } from '../../outbound-url.js';
import { actorOf } from '../../plugins/actor.js';
import {
  credentialsOf,
  listMappings,
  mapShop,
  presentSettings,
  readConnection,
  saveSettings,
  testConnection,
} from './tekmetric-settings.service.js';
import { queueTekmetricSync, readSyncLog } from './tekmetric-sync.job.js';
import { assertSyncable } from './tekmetric.policy.js';

const access = { access: 'system.tekmetric.configure' } as const;

/** /tekmetric-admin: connection settings, test, shop mapping, "Sync now" and the sync log. Admins only. */
export const tekmetricRoutes: FastifyPluginAsyncZod<{
  db: Database;
  secretsKey: Buffer | undefined;
  /** What a custom base URL may point at (config `integrationUrls`). */
  integrationUrls: OutboundUrlRules;
}> = async (app, { db, secretsKey, integrationUrls }) => {
  app.get(
    '/api/tekmetric/settings',
    { config: access, schema: { response: { 200: tekmetricSettingsSchema } } },
    async () => presentSettings(await readConnection(db), secretsKey),
  );

  app.put(
    '/api/tekmetric/settings',
    {
      config: access,
      schema: { body: updateTekmetricSettingsSchema, response: { 200: tekmetricSettingsSchema } },
    },
    async (request) => saveSettings(db, actorOf(request), secretsKey, request.body, integrationUrls),
  );

  app.post(
    '/api/tekmetric/test-connection',
    { config: access, schema: { response: { 200: testConnectionResultSchema } } },
    async () => testConnection(db, secretsKey, integrationUrls),
  );

  app.get(
    '/api/tekmetric/mappings',
    { config: access, schema: { response: { 200: z.array(shopMappingSchema) } } },
    async () => listMappings(db),
  );

  app.put(
    '/api/tekmetric/mappings',
    { config: access, schema: { body: mapShopRequestSchema, response: { 200: z.array(shopMappingSchema) } } },
    async (request) => mapShop(db, actorOf(request), request.body),
  );

  app.post(
    '/api/tekmetric/sync',
    { config: access, schema: { response: { 202: syncNowResultSchema } } },
    async (_request, reply) => {
      const credentials = credentialsOf(await readConnection(db), secretsKey);
      assertSyncable(credentials, 'missing' in credentials ? 0 : (await listMappings(db)).length);
      const queued = await queueTekmetricSync(db);
      return reply.code(202).send({
        queued,
        message: queued ? 'Sync queued: it starts in a moment' : 'A sync is already waiting to start',
      });
    },
  );

  app.get(
    '/api/tekmetric/sync-log',
    {
      config: access,
      schema: {
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: syncLogSchema },
      },
    },
    async (request) => readSyncLog(db, request.query.limit),
  );
};
