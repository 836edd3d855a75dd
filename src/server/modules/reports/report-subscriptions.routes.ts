import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createReportSubscriptionSchema,
  reportDeliverySchema,
  reportSubscriptionSchema,
} from '@shared/report-subscriptions.js';
import type { Database } from '../../db/client.js';
import { userActorOf } from '../../plugins/actor.js';
import {
  cancelReportSubscription,
  createReportSubscription,
  listReportDeliveries,
  listReportSubscriptions,
  reportDeliveryPdf,
} from './report-subscriptions.service.js';

const idParams = z.object({ id: z.uuid('Not a valid id') });

/**
 * "Email me this report" (`reports.view`): the logged-in user's own subscriptions and their delivery log. They
 * are personal — another user's (an admin's too) answers 404. The hourly job sends them (report-delivery.ts).
 */
export const reportSubscriptionsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  /** Whether SMTP_URL is set: without it a delivery's mail is held, and the log says so. */
  mailConfigured: boolean;
}> = async (app, { db, mailConfigured }) => {
  app.get(
    '/api/report-subscriptions',
    {
      config: { access: 'reports.view' },
      schema: { response: { 200: z.array(reportSubscriptionSchema) } },
    },
    async (request) => listReportSubscriptions(db, userActorOf(request), mailConfigured),
  );

  app.post(
    '/api/report-subscriptions',
    {
      config: { access: 'reports.view' },
      schema: { body: createReportSubscriptionSchema, response: { 201: reportSubscriptionSchema } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createReportSubscription(db, userActorOf(request), request.body, mailConfigured)),
  );

  app.delete(
    '/api/report-subscriptions/:id',
    { config: { access: 'reports.view' }, schema: { params: idParams } },
    async (request, reply) => {
      await cancelReportSubscription(db, userActorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/report-subscriptions/:id/deliveries',
    {
      config: { access: 'reports.view' },
      schema: { params: idParams, response: { 200: z.array(reportDeliverySchema) } },
    },
    async (request) => listReportDeliveries(db, userActorOf(request), request.params.id, mailConfigured),
  );

  app.get(
    '/api/report-deliveries/:id/pdf',
    {
      config: { access: 'reports.view' },
      schema: {
        params: idParams,
        produces: ['application/pdf'],
        description: 'The PDF a delivery made, also when it was not sent because the report was empty.',
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await reportDeliveryPdf(db, userActorOf(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
