import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginRequestSchema, userSchema } from '@shared/auth.js';
import { AppError } from '@shared/errors.js';
import { changePasswordRequestSchema, messageResponseSchema } from '@shared/passwords.js';
import { PERMISSIONS, permissionsFor } from '@shared/permissions.js';
import { companySummarySchema } from '@shared/users.js';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { recordAudit } from '../audit/index.js';
import { listAccessibleCompanies } from './accessible-companies.js';
import { passwordChangeRefusal } from './auth.policy.js';
import { presentCurrentUser } from './current-user.presenter.js';
import { authenticate, checkPasswordChange } from './login.service.js';
import { hashPassword } from './password.js';
import { deleteSession, deleteUserSessions } from './session.service.js';
import { actorOf, userActorOf } from '../../plugins/actor.js';

/** The calls of spec §7 about who is logged in: user, login, logout, permissions, password change. */
export const authRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/user',
    { config: { access: 'authenticated' }, schema: { response: { 200: userSchema } } },
    async (request) => presentCurrentUser(request.auth!),
  );

  app.post(
    '/api/login',
    { config: { access: 'public' }, schema: { body: loginRequestSchema, response: { 200: userSchema } } },
    async (request, reply) => {
      const user = await authenticate(db, actorOf(request), request.body);
      if (request.auth) await deleteSession(db, request.auth.tokenHash);
      await reply.startSession(user.id);
      return presentCurrentUser({ user, impersonator: null });
    },
  );

  app.post(
    '/api/logout',
    { config: { access: 'public' }, schema: { response: { 200: messageResponseSchema } } },
    async (request, reply) => {
      if (request.auth) {
        await deleteSession(db, request.auth.tokenHash);
        await recordAudit(db, actorOf(request), {
          action: 'logout',
          entityType: 'user',
          entityId: request.auth.user.id,
        });
      }
      reply.clearSessionCookie();
      return { message: 'Logged out' };
    },
  );

  app.get(
    '/api/user/permissions',
    { config: { access: 'authenticated' }, schema: { response: { 200: z.array(z.enum(PERMISSIONS)) } } },
    async (request) => [...permissionsFor(request.auth!.user.role)],
  );

  app.get(
    '/api/user/companies',
    { config: { access: 'authenticated' }, schema: { response: { 200: z.array(companySummarySchema) } } },
    async (request) => listAccessibleCompanies(db, request.auth!.user),
  );

  app.post(
    '/api/change-password',
    {
      config: { access: 'authenticated' },
      schema: { body: changePasswordRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request, reply) => {
      const actor = userActorOf(request);
      const { user } = actor;
      const refusal = passwordChangeRefusal(actor);
      if (refusal) throw refusal;
      // The forced first change hides the current-password field (spec §4); every other change checks it.
      await checkPasswordChange(db, actor, {
        currentPassword: user.mustChangePassword ? null : (request.body.currentPassword ?? ''),
        newPassword: request.body.newPassword,
      });
      await db
        .update(users)
        .set({
          passwordHash: await hashPassword(request.body.newPassword),
          mustChangePassword: false,
          updatedAt: new Date(),
        })
        .where(eq(users.id, user.id));
      // Every other session of this user ends; this one continues under a fresh token.
      await deleteUserSessions(db, user.id);
      await reply.startSession(user.id);
      await recordAudit(db, actorOf(request), {
        action: 'password.changed',
        entityType: 'user',
        entityId: user.id,
      });
      return { message: 'Password changed' };
    },
  );

  app.post(
    '/api/return-to-admin',
    { config: { access: 'authenticated' }, schema: { response: { 200: messageResponseSchema } } },
    async (request, reply) => {
      const { impersonator, user, tokenHash } = request.auth!;
      if (!impersonator) throw new AppError('bad_request', 'You are not impersonating anyone');
      await deleteSession(db, tokenHash);
      await reply.startSession(impersonator.id);
      await recordAudit(db, actorOf(request), {
        action: 'impersonation.ended',
        entityType: 'user',
        entityId: user.id,
        actorId: impersonator.id,
      });
      return { message: `Returned to ${impersonator.username}` };
    },
  );
};
