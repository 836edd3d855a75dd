import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  forgotPasswordRequestSchema,
  forgotPasswordResponseSchema,
  messageResponseSchema,
  resetPasswordRequestSchema,
  verifyResetTokenResponseSchema,
} from '@shared/passwords.js';
import type { Database } from '../../db/client.js';
import { requestPasswordReset, resetPassword, verifyResetToken } from './password-reset.service.js';
import { actorOf } from '../../plugins/actor.js';

/** Forgot password → mailed single-use link → new password (spec §2, §7, §8). */
export const passwordResetRoutes: FastifyPluginAsyncZod<{ db: Database; appUrl: string }> = async (
  app,
  { db, appUrl },
) => {
  app.post(
    '/api/auth/forgot-password',
    {
      config: { access: 'public' },
      schema: { body: forgotPasswordRequestSchema, response: { 200: forgotPasswordResponseSchema } },
    },
    async (request) => requestPasswordReset(db, actorOf(request), appUrl, request.body.email),
  );

  app.get(
    '/api/auth/verify-reset-token/:token',
    {
      config: { access: 'public' },
      schema: {
        params: z.object({ token: z.string().max(200) }),
        response: { 200: verifyResetTokenResponseSchema },
      },
    },
    async (request) => verifyResetToken(db, request.params.token),
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: { access: 'public' },
      schema: { body: resetPasswordRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await resetPassword(db, actorOf(request), request.body.token, request.body.newPassword);
      return { message: 'Your password has been reset. You can now log in.' };
    },
  );
};
