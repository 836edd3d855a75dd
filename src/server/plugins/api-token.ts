import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_TOKEN_MESSAGES, API_TOKEN_RATE_LIMIT, API_TOKEN_RATE_WINDOW_MS } from '@shared/api-tokens.js';
import { AppError } from '@shared/errors.js';
import type { Database } from '../db/client.js';
import { resolveApiToken, touchApiToken, type ApiTokenGrant } from '../modules/api-tokens/index.js';
import { peekRateLimit, retryAfterSeconds, takeRateLimit } from '../modules/rate-limit/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API token the request came with (its creator is `auth`), or null for a browser session. */
    apiToken: ApiTokenGrant | null;
  }
}

/** The token of `Authorization: Bearer <token>`, or undefined when the request has no bearer credentials. */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer +(\S+) *$/i.exec(header);
  if (!match) throw bearerRefused(API_TOKEN_MESSAGES.invalid);
  return match[1];
}

const bearerRefused = (message: string) =>
  new AppError('unauthorized', message, { headers: { 'www-authenticate': 'Bearer error="invalid_token"' } });

const rateKey = (tokenId: string) => `api-token:${tokenId}`;

/**
 * Counts the request against the token's window (shared by every app process) and says where the window stands in
 * the `RateLimit-*` headers; past the limit, 429 with `Retry-After`.
 */
async function countRequest(db: Database, reply: FastifyReply, tokenId: string) {
  const taken = await takeRateLimit(db, rateKey(tokenId), API_TOKEN_RATE_LIMIT, API_TOKEN_RATE_WINDOW_MS);
  const window = taken?.window ?? (await peekRateLimit(db, rateKey(tokenId)));
  const reset = window ? retryAfterSeconds(window) : Math.ceil(API_TOKEN_RATE_WINDOW_MS / 1000);
  const headers = {
    'ratelimit-policy': `${API_TOKEN_RATE_LIMIT};w=${API_TOKEN_RATE_WINDOW_MS / 1000}`,
    'ratelimit-limit': String(API_TOKEN_RATE_LIMIT),
    'ratelimit-remaining': String(
      Math.max(0, API_TOKEN_RATE_LIMIT - (window?.count ?? API_TOKEN_RATE_LIMIT)),
    ),
    'ratelimit-reset': String(reset),
  };
  if (!taken) {
    throw new AppError('rate_limited', API_TOKEN_MESSAGES.rateLimited, {
      headers: { ...headers, 'retry-after': String(reset) },
    });
  }
  reply.headers(headers);
}

/**
 * A bearer request: the token's creator becomes `request.auth` (as a session would make them) and the token's grant
 * `request.apiToken`, which access checks (plugins/access.ts) and the actor (plugins/actor.ts) narrow by. A token
 * that is unknown, revoked or expired is refused with 401 whatever the route, so a caller learns at once.
 */
export async function authenticateBearer(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
) {
  let resolved;
  try {
    resolved = await resolveApiToken(db, token);
  } catch (error) {
    if (error instanceof AppError && error.code === 'unauthorized') throw bearerRefused(error.message);
    throw error;
  }
  await Promise.all([countRequest(db, reply, resolved.grant.id), touchApiToken(db, resolved, request.ip)]);
  request.apiToken = resolved.grant;
  request.auth = {
    tokenHash: resolved.tokenHash,
    user: resolved.user,
    companyIds: resolved.userCompanyIds,
    impersonator: null,
    lastActiveAt: new Date(),
    expiresAt: resolved.expiresAt,
  };
}
