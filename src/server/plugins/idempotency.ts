import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@shared/errors.js';
import type { Database } from '../db/client.js';
import { claimKey, completeKey, releaseKey, type KeyClaim } from './idempotency-store.js';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const JSON_TYPE = 'application/json; charset=utf-8';

export const BAD_KEY_MESSAGE = 'The Idempotency-Key header must be 1 to 255 visible ASCII characters';
export const IN_PROGRESS_MESSAGE = 'A request with this Idempotency-Key is still in progress';
export const OTHER_REQUEST_MESSAGE =
  'This Idempotency-Key was already used for a different request; send a new key for a new request';

interface RunningClaim extends KeyClaim {
  /** The outcome is stored (or given up): the answer's hook leaves the key alone. */
  settled: boolean;
}

const claims = new WeakMap<FastifyRequest, RunningClaim>();

/** The request a key stands for: method, route, path parameters and body (a multipart body is not read here). */
function fingerprintOf(request: FastifyRequest): string {
  const parts = [request.method, request.routeOptions.url ?? '', request.params ?? {}, request.body ?? null];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/**
 * `Idempotency-Key` on POST (decision 039): a logged-in user's request sent with a key runs once; a retry with the
 * same key gets the first answer again (same status and body, plus `Idempotent-Replayed: true`) for a day, across
 * app processes (the outcome is a row). The same key for another request answers 422; while the first still runs,
 * 409. Without the header, or without a session (login, forgot-password), nothing changes. Register before
 * compression: the answer is kept as the text the route serialized.
 */
export function registerIdempotencyKeys(app: FastifyInstance, db: Database) {
  // After the session (onRequest), the access check (preValidation) and validation: a refused or invalid
  // request takes no key.
  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (request.method !== 'POST' || key === undefined || !request.auth) return;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      throw new AppError('validation', BAD_KEY_MESSAGE, {
        fieldErrors: { [IDEMPOTENCY_KEY_HEADER]: [BAD_KEY_MESSAGE] },
      });
    }
    const result = await claimKey(db, {
      userId: request.auth.user.id,
      key,
      fingerprint: fingerprintOf(request),
    });
    if (result.kind === 'claimed') {
      claims.set(request, { ...result.claim, settled: false });
      return;
    }
    if (result.kind === 'other_request') throw new AppError('unprocessable', OTHER_REQUEST_MESSAGE);
    if (result.kind === 'in_progress') {
      throw new AppError('conflict', IN_PROGRESS_MESSAGE, { headers: { 'retry-after': '1' } });
    }
    const { status, contentType, body } = result.outcome;
    return reply.code(status).header(REPLAYED_HEADER, 'true').type(contentType).send(body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = claims.get(request);
    if (!claim || claim.settled) return payload;
    claim.settled = true;
    const status = reply.statusCode;
    try {
      // A 5xx stored nothing that a retry should see (a route that writes its key in its own transaction has
      // completed it already if the change was committed: answerOnce).
      if (status >= 500 || typeof payload !== 'string') await releaseKey(db, claim);
      else {
        const contentType = String(reply.getHeader('content-type') ?? JSON_TYPE);
        await completeKey(db, claim, { status, contentType, body: payload });
      }
    } catch (error) {
      // The answer still goes out; the key stays "in progress" until it is taken as abandoned.
      request.log.warn({ err: error }, 'idempotency key outcome not stored');
    }
    return payload;
  });
}

/**
 * Runs a creating route's work and answers `status` with its serialized result. With an `Idempotency-Key`, the
 * outcome is stored in the same transaction as the work: committed together or not at all, so a request whose
 * commit succeeded but whose answer was lost (the connection to the database or to the client broke) is
 * answered from the key on retry, and is never applied twice.
 */
export async function answerOnce<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Database,
  status: number,
  work: (db: Database) => Promise<T>,
) {
  const claim = claims.get(request);
  if (!claim) return reply.code(status).send(await work(db));
  const body = await db.transaction(async (tx) => {
    const value = await work(tx as unknown as Database);
    reply.code(status);
    const text = reply.serialize(value) as string;
    const kept = await completeKey(tx as unknown as Database, claim, {
      status,
      contentType: JSON_TYPE,
      body: text,
    });
    // Taken over by a retry after this run was presumed abandoned: that run's outcome stands, this one rolls back.
    if (!kept) throw new AppError('conflict', IN_PROGRESS_MESSAGE, { headers: { 'retry-after': '1' } });
    return text;
  });
  claim.settled = true;
  return reply.code(status).type(JSON_TYPE).send(body);
}
