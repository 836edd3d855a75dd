import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@shared/errors.js';
import type { Database } from '../db/client.js';
import { createSession, findSession, touchSession, type ResolvedSession } from '../modules/auth/index.js';
import { authenticateBearer, bearerTokenOf } from './api-token.js';
import { isApiRequest } from './api-path.js';

export const SESSION_COOKIE = 'fc_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in session, or null. Set for every `/api` request before access is checked. */
    auth: ResolvedSession | null;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cookie sessions stored in PostgreSQL, and the Origin check that refuses state-changing requests sent from
 * another site (a SameSite=Lax cookie already stops most; this closes the rest). The check runs on every
 * state-changing request, whatever its address, so no spelling of a path (`/%61pi/login`) gets past it.
 */
export async function registerSessions(app: FastifyInstance, options: { db: Database; appUrl: string }) {
  const secure = options.appUrl.startsWith('https:');
  const appOrigin = new URL(options.appUrl).origin;
  await app.register(cookie);
  app.decorateRequest('auth', null);
  app.decorateRequest('apiToken', null);

  const resolveSession = async (request: FastifyRequest, token: string) => {
    request.auth = await findSession(options.db, token);
    if (request.auth && request.routeOptions.config.countsAsActivity !== false) {
      await touchSession(options.db, request.auth);
    }
  };
  // A callback hook: a request without a session cookie (a page, an asset, /api/health) passes without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    const api = isApiRequest(request);
    let bearer: string | undefined;
    try {
      bearer = api ? bearerTokenOf(request) : undefined;
      // A browser never sends a bearer token on its own (only a cookie), so a bearer request is no forged request
      // and the Origin rule is not its; a token request uses no cookie (issue 33).
      if (bearer === undefined && STATE_CHANGING.has(request.method)) refuseCrossOrigin(request, appOrigin);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (bearer !== undefined) {
      authenticateBearer(options.db, request, reply, bearer).then(() => done(), done);
      return;
    }
    const token = api ? request.cookies[SESSION_COOKIE] : undefined;
    if (!token) {
      done();
      return;
    }
    resolveSession(request, token).then(() => done(), done);
  });

  app.decorateReply(
    'startSession',
    async function (this: FastifyReply, userId: string, impersonatorId?: string | null) {
      const request = this.request;
      const { token, expiresAt } = await createSession(options.db, {
        userId,
        impersonatorId: impersonatorId ?? null,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      this.setCookie(SESSION_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        expires: expiresAt,
      });
      return token;
    },
  );

  app.decorateReply('clearSessionCookie', function (this: FastifyReply) {
    this.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  });
}

declare module 'fastify' {
  interface FastifyReply {
    /** Creates a new session (a new token: no fixation) and sets its cookie. */
    startSession(userId: string, impersonatorId?: string | null): Promise<string>;
    clearSessionCookie(): void;
  }
}

function refuseCrossOrigin(request: FastifyRequest, appOrigin: string) {
  const origin = request.headers.origin;
  if (origin) {
    const sameHost = origin === `${request.protocol}://${request.host}`;
    if (origin !== appOrigin && !sameHost) {
      throw new AppError('forbidden', 'Cross-origin request refused');
    }
    return;
  }
  if (request.headers['sec-fetch-site'] === 'cross-site') {
    throw new AppError('forbidden', 'Cross-origin request refused');
  }
}
