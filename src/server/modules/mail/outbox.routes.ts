import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listOutboxQuerySchema, outboxMailSchema, outboxPageSchema } from '@shared/mail-outbox.js';
import type { Database } from '../../db/client.js';
import { userActorOf } from '../../plugins/actor.js';
import { listOutbox, resendOutboxMail } from './outbox.service.js';

const idParams = z.object({ id: z.uuid('Not a valid mail id') });

/** The outbox (administrators, PRODUCT.md §7): mail that was held or failed, to read and send again. */
export const outboxRoutes: FastifyPluginAsyncZod<{
  db: Database;
  /** Whether SMTP_URL is set: without it Resend leaves the mail held. */
  mailConfigured: boolean;
}> = async (app, { db, mailConfigured }) => {
  const access = 'system.settings.manage' as const;

  app.get(
    '/api/mail-outbox',
    {
      config: { access },
      schema: { querystring: listOutboxQuerySchema, response: { 200: outboxPageSchema } },
    },
    async (request) => listOutbox(db, request.query),
  );

  app.post(
    '/api/mail-outbox/:id/resend',
    { config: { access }, schema: { params: idParams, response: { 200: outboxMailSchema } } },
    async (request) => resendOutboxMail(db, userActorOf(request), request.params.id, mailConfigured),
  );
};
