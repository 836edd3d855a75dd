import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponseSchema } from '@shared/passwords.js';
import {
  listUsersQuerySchema,
  managedUserSchema,
  passwordResetSentSchema,
  registerRequestSchema,
  registerResponseSchema,
  updateUserRequestSchema,
  userListSchema,
} from '@shared/users.js';
import type { Database } from '../../db/client.js';
import { recordAudit } from '../audit/index.js';
import { queuedMailAnswer } from '../mail/index.js';
import { sendPasswordResetMail, sendWelcomeMail, deleteSession } from '../auth/index.js';
import { presentManagedUser } from './users.presenter.js';
import { createUser, getUser, listUsers, updateUser } from './users.service.js';
import { actorOf, userActorOf } from '../../plugins/actor.js';
import { impersonationRefusal } from './users.policy.js';

const idParams = z.object({ id: z.uuid('Not a valid user id') });

/** User management (admins): register, list, read, update, impersonate. */
export const usersRoutes: FastifyPluginAsyncZod<{
  db: Database;
  appUrl: string;
  /** Whether SMTP_URL is set: without it a welcome or reset mail only waits in the outbox. */
  mailConfigured: boolean;
}> = async (app, { db, appUrl, mailConfigured }) => {
  app.post(
    '/api/register',
    {
      config: { access: 'users.manage' },
      schema: { body: registerRequestSchema, response: { 201: registerResponseSchema } },
    },
    async (request, reply) => {
      const user = await createUser(db, actorOf(request), request.body);
      let setPasswordUrl: string | undefined;
      // Without a temporary password the user sets one through a mailed link.
      if (!request.body.password) {
        const admin = request.auth!.user;
        const link = await sendWelcomeMail(
          db,
          appUrl,
          user,
          [admin.firstName, admin.lastName].filter(Boolean).join(' ') || admin.username,
        );
        // With no mail server the mail is only held: the administrator (the only caller of this route) gets
        // the link to pass on. It is in this answer only, never in a log line.
        if (!mailConfigured) setPasswordUrl = link;
      }
      reply.code(201);
      return { ...presentManagedUser(user, request.body.companyIds ?? []), setPasswordUrl };
    },
  );

  app.get(
    '/api/users',
    {
      config: { access: 'users.view' },
      schema: { querystring: listUsersQuerySchema, response: { 200: userListSchema } },
    },
    async (request) => {
      const { rows, companyIds, total } = await listUsers(db, request.query);
      return {
        items: rows.map((row) => presentManagedUser(row, companyIds.get(row.id) ?? [])),
        total,
        page: request.query.page,
        pageSize: request.query.pageSize,
      };
    },
  );

  app.get(
    '/api/users/:id',
    { config: { access: 'users.view' }, schema: { params: idParams, response: { 200: managedUserSchema } } },
    async (request) => {
      const { user, companyIds } = await getUser(db, request.params.id);
      return presentManagedUser(user, companyIds);
    },
  );

  app.patch(
    '/api/users/:id',
    {
      config: { access: 'users.manage' },
      schema: { params: idParams, body: updateUserRequestSchema, response: { 200: managedUserSchema } },
    },
    async (request) => {
      const { user, companyIds } = await updateUser(db, actorOf(request), request.params.id, request.body);
      return presentManagedUser(user, companyIds);
    },
  );

  app.post(
    '/api/users/:id/send-password-reset',
    {
      config: { access: 'users.manage' },
      schema: { params: idParams, response: { 200: passwordResetSentSchema } },
    },
    async (request) => {
      const { user } = await getUser(db, request.params.id);
      const resetUrl = await sendPasswordResetMail(db, appUrl, user);
      await recordAudit(db, actorOf(request), {
        action: 'password.reset_sent',
        entityType: 'user',
        entityId: user.id,
      });
      // As with a welcome mail: without a mail server the administrator gets the link to pass on, in this answer only.
      const answer = queuedMailAnswer(mailConfigured, 'password reset email', user.email!);
      return mailConfigured
        ? answer
        : { ...answer, message: `${answer.message} Copy the link and send it yourself.`, resetUrl };
    },
  );

  app.post(
    '/api/users/:id/impersonate',
    {
      config: { access: 'users.impersonate' },
      schema: { params: idParams, response: { 200: messageResponseSchema } },
    },
    async (request, reply) => {
      const actor = userActorOf(request);
      const admin = actor.user;
      const { user: target } = await getUser(db, request.params.id);
      const refusal = impersonationRefusal(actor, target);
      if (refusal) throw refusal;
      await deleteSession(db, request.auth!.tokenHash);
      await reply.startSession(target.id, admin.id);
      await recordAudit(db, actor, {
        action: 'impersonation.started',
        entityType: 'user',
        entityId: target.id,
        actorId: admin.id,
      });
      return { message: `You are now acting as ${target.username}` };
    },
  );
};
