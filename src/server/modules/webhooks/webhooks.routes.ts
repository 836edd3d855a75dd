import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdWebhookEndpointSchema,
  listDeliveriesQuerySchema,
  updateWebhookEndpointSchema,
  webhookDeliveryPageSchema,
  webhookDeliverySchema,
  webhookEndpointRequestSchema,
  webhookEndpointSchema,
} from '@shared/webhooks.js';
import type { Database } from '../../db/client.js';
import type { OutboundUrlRules } from '../../outbound-url.js';
import { userActorOf } from '../../plugins/actor.js';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listDeliveries,
  listWebhookEndpoints,
  resendDelivery,
  updateWebhookEndpoint,
} from './webhooks.service.js';

const idParams = z.object({ id: z.uuid('Not a valid endpoint id') });
const deliveryParams = idParams.extend({ deliveryId: z.uuid('Not a valid delivery id') });

/** Webhook endpoints (issue 33): administrators register them, read their delivery log and resend. */
export const webhooksRoutes: FastifyPluginAsyncZod<{
  db: Database;
  secretsKey: Buffer | undefined;
  integrationUrls: OutboundUrlRules;
}> = async (app, { db, secretsKey, integrationUrls }) => {
  const access = 'system.api.manage' as const;
  const settings = { secretsKey, rules: integrationUrls };

  app.get(
    '/api/webhooks',
    { config: { access }, schema: { response: { 200: z.array(webhookEndpointSchema) } } },
    async () => listWebhookEndpoints(db),
  );

  app.post(
    '/api/webhooks',
    {
      config: { access },
      schema: { body: webhookEndpointRequestSchema, response: { 201: createdWebhookEndpointSchema } },
    },
    async (request, reply) => {
      const created = await createWebhookEndpoint(db, userActorOf(request), settings, request.body);
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.patch(
    '/api/webhooks/:id',
    {
      config: { access },
      schema: {
        params: idParams,
        body: updateWebhookEndpointSchema,
        response: { 200: webhookEndpointSchema },
      },
    },
    async (request) =>
      updateWebhookEndpoint(db, userActorOf(request), settings, request.params.id, request.body),
  );

  app.delete(
    '/api/webhooks/:id',
    { config: { access }, schema: { params: idParams } },
    async (request, reply) => {
      await deleteWebhookEndpoint(db, userActorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/webhooks/:id/deliveries',
    {
      config: { access },
      schema: {
        params: idParams,
        querystring: listDeliveriesQuerySchema,
        response: { 200: webhookDeliveryPageSchema },
      },
    },
    async (request) => listDeliveries(db, request.params.id, request.query),
  );

  app.post(
    '/api/webhooks/:id/deliveries/:deliveryId/resend',
    { config: { access }, schema: { params: deliveryParams, response: { 201: webhookDeliverySchema } } },
    async (request, reply) =>
      reply
        .code(201)
        .send(await resendDelivery(db, userActorOf(request), request.params.id, request.params.deliveryId)),
  );
};
