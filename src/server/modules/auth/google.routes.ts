import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOptionsSchema } from '@shared/auth.js';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { recordAudit } from '../audit/index.js';
import { createGoogleSignIn, type GoogleSettings, type PendingGoogleLogin } from './google.service.js';
import { actorOf } from '../../plugins/actor.js';

const PENDING_COOKIE = 'fc_google';
const CALLBACK_PATH = '/api/auth/google/callback';

export const GOOGLE_MESSAGES = {
  notConfigured: 'Google sign-in is not set up on this server. Log in with your username and password.',
  noAccount: 'No active FleetClaims account uses this Google address. Ask an administrator to create one.',
  unverified: 'Google did not confirm this email address, so it cannot be used to sign in.',
  failed: 'Google sign-in failed. Please try again.',
} as const;

const backToLogin = (message: string) => `/auth?error=${encodeURIComponent(message)}`;

/**
 * `GET /api/auth/google` (spec §7) starts the sign-in; the callback signs in the existing active user whose
 * verified email matches — accounts are only ever created by administrators.
 */
export const googleRoutes: FastifyPluginAsyncZod<{
  db: Database;
  appUrl: string;
  google: GoogleSettings | undefined;
}> = async (app, { db, appUrl, google }) => {
  const signIn = google ? createGoogleSignIn(google, `${appUrl}${CALLBACK_PATH}`) : null;
  const secure = appUrl.startsWith('https:');

  // The login page offers "Continue with Google" only when it can work.
  app.get(
    '/api/auth/options',
    { config: { access: 'public' }, schema: { response: { 200: authOptionsSchema } } },
    async () => ({ googleSignIn: signIn !== null }),
  );

  app.get('/api/auth/google', { config: { access: 'public' } }, async (request, reply) => {
    if (!signIn) return reply.redirect(backToLogin(GOOGLE_MESSAGES.notConfigured));
    try {
      const { url, pending } = await signIn.start();
      reply.setCookie(PENDING_COOKIE, JSON.stringify(pending), {
        path: '/api/auth/google',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: 10 * 60,
      });
      return reply.redirect(url);
    } catch (error) {
      request.log.error({ err: error }, 'Google sign-in could not start');
      return reply.redirect(backToLogin(GOOGLE_MESSAGES.failed));
    }
  });

  app.get(CALLBACK_PATH, { config: { access: 'public' } }, async (request, reply) => {
    const raw = request.cookies[PENDING_COOKIE];
    reply.clearCookie(PENDING_COOKIE, { path: '/api/auth/google' });
    if (!signIn || !raw) return reply.redirect(backToLogin(GOOGLE_MESSAGES.failed));
    let email: string | null;
    try {
      const query = request.url.slice(request.url.indexOf('?') + 1);
      email = await signIn.finish(query, JSON.parse(raw) as PendingGoogleLogin);
    } catch (error) {
      request.log.warn({ err: error }, 'Google sign-in failed');
      return reply.redirect(backToLogin(GOOGLE_MESSAGES.failed));
    }
    if (!email) return reply.redirect(backToLogin(GOOGLE_MESSAGES.unverified));
    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), eq(users.active, true)));
    if (!user) {
      await recordAudit(db, actorOf(request), {
        action: 'login.failed',
        entityType: 'user',
        actorId: null,
        after: { email, method: 'google', reason: 'no account' },
      });
      return reply.redirect(backToLogin(GOOGLE_MESSAGES.noAccount));
    }
    await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
    await reply.startSession(user.id);
    await recordAudit(db, actorOf(request), {
      action: 'login.succeeded',
      entityType: 'user',
      entityId: user.id,
      actorId: user.id,
      after: { method: 'google' },
    });
    return reply.redirect('/');
  });
};
