import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@shared/errors.js';
import type { Database } from '../db/client.js';
import { hookRoutesAnswering } from './route-hooks.js';
import {
  claimKey,
  completeKey,
  insertOutcome,
  keptKey,
  lockKeyForTransaction,
  releaseKey,
  type KeyRow,
} from './idempotency-store.js';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const JSON_TYPE = 'application/json; charset=utf-8';

export const BAD_KEY_MESSAGE = 'The Idempotency-Key header must be 1 to 255 visible ASCII characters';
export const IN_PROGRESS_MESSAGE = 'A request with this Idempotency-Key is still in progress';
export const OTHER_REQUEST_MESSAGE =
  'This Idempotency-Key was already used for a different request; send a new key for a new request';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route answers through `answerOnce`, which keeps a keyed request's outcome in the route's own transaction;
     * other POST routes keep it around their handler (decision 040).
     */
    idempotentInTransaction?: boolean;
  }
}

interface RunningKey {
  userId: string;
  key: string;
  fingerprint: string;
  /** The generic path's row of this run ("in progress"), to complete or release when the answer goes. */
  attempt?: string;
}

const running = new WeakMap<FastifyRequest, RunningKey>();

/** The request a key stands for: method, route, path parameters and body (a multipart body is not read here). */
function fingerprintOf(request: FastifyRequest): string {
  const parts = [request.method, request.routeOptions.url ?? '', request.params ?? {}, request.body ?? null];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

const inProgress = () => new AppError('conflict', IN_PROGRESS_MESSAGE, { headers: { 'retry-after': '1' } });

/** Answers from a key's row: its outcome again, 422 for another request's key, 409 while its run goes on. */
function answerKept(reply: FastifyReply, row: KeyRow | undefined, fingerprint: string) {
  if (row && row.fingerprint !== fingerprint) throw new AppError('unprocessable', OTHER_REQUEST_MESSAGE);
  if (!row || row.status === null) throw inProgress();
  return reply
    .code(row.status)
    .header(REPLAYED_HEADER, 'true')
    .type(row.contentType ?? JSON_TYPE)
    .send(row.body ?? '');
}

const POSTS = new Set(['POST']);

/**
 * `Idempotency-Key` on POST (decision 040): a logged-in user's request sent with a key runs once; a retry with the
 * same key gets the first answer again (same status and body, plus `Idempotent-Replayed: true`) for a day, across
 * app processes (the outcome is a row). The same key for another request answers 422; while the first still runs,
 * 409. Without the header, or without a session (login, forgot-password), nothing changes. Register before
 * compression: the answer is kept as the text the route serialized.
 */
export function registerIdempotencyKeys(app: FastifyInstance, db: Database) {
  // After the session (onRequest), the access check (preValidation) and validation: a refused or invalid
  // request takes no key.
  const takeKey = async (
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
    key: string | string[],
  ) => {
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      throw new AppError('validation', BAD_KEY_MESSAGE, {
        fieldErrors: { [IDEMPOTENCY_KEY_HEADER]: [BAD_KEY_MESSAGE] },
      });
    }
    const keyed: RunningKey = { userId, key, fingerprint: fingerprintOf(request) };
    if (request.routeOptions.config.idempotentInTransaction) {
      const row = await keptKey(db, keyed.userId, key);
      if (row) return answerKept(reply, row, keyed.fingerprint);
      running.set(request, keyed);
      return;
    }
    const result = await claimKey(db, keyed);
    if (result.kind === 'kept') return answerKept(reply, result.row, keyed.fingerprint);
    running.set(request, { ...keyed, attempt: result.claim.attempt });
  };
  // Callback hooks: a request without a key (nearly all) passes without a promise (issue 30).
  // On POST routes only (route-hooks.ts): a GET never takes a key.
  hookRoutesAnswering(app, POSTS, 'preHandler', (request, reply, done) => {
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (request.method !== 'POST' || key === undefined || !request.auth) return done();
    takeKey(request, reply, request.auth.user.id, key).then(() => done(), done);
  });

  const keepOutcome = async (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    claim: RunningKey & { attempt: string },
  ) => {
    const status = reply.statusCode;
    try {
      // A 5xx keeps nothing a retry should see: the key is given back and the request may be sent again.
      if (status >= 500 || typeof payload !== 'string') await releaseKey(db, claim);
      else {
        const contentType = String(reply.getHeader('content-type') ?? JSON_TYPE);
        await completeKey(db, claim, { status, contentType, body: payload });
      }
    } catch (error) {
      // The answer still goes out; the key stays "in progress" until it is taken as abandoned.
      request.log.warn({ err: error }, 'idempotency key outcome not stored');
    }
  };
  hookRoutesAnswering(app, POSTS, 'onSend', (request, reply, payload, done) => {
    const keyed = running.get(request);
    if (!keyed?.attempt) return done(null, payload);
    const claim = { ...keyed, attempt: keyed.attempt };
    keyed.attempt = undefined;
    keepOutcome(request, reply, payload, claim).then(
      () => done(null, payload),
      (error: Error) => done(error),
    );
  });
}

/**
 * Runs a creating route's work (a route declaring `idempotentInTransaction`) and answers `status` with its
 * serialized result. With an `Idempotency-Key`, the outcome is inserted in the same transaction as the work:
 * committed together or not at all. A request whose commit succeeded but whose answer was lost (the connection to
 * the database or to the client broke) is answered from the key on retry, never applied twice; one that was not
 * committed left nothing behind and runs again. A concurrent run of the same key holds its lock: 409.
 */
export async function answerOnce<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Database,
  status: number,
  work: (db: Database) => Promise<T>,
) {
  const keyed = running.get(request);
  if (!keyed) return reply.code(status).send(await work(db));
  if (keyed.attempt) throw new Error(`${request.routeOptions.url} must declare idempotentInTransaction`);
  const outcome = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    if (!(await lockKeyForTransaction(tx, keyed.userId, keyed.key))) throw inProgress();
    // Committed by a run that ended after this request looked.
    const kept = await keptKey(tx, keyed.userId, keyed.key);
    if (kept) return { kept };
    const value = await work(tx);
    reply.code(status);
    const body = reply.serialize(value) as string;
    if (!(await insertOutcome(tx, { ...keyed, status, contentType: JSON_TYPE, body }))) throw inProgress();
    return { body };
  });
  if (outcome.kept) return answerKept(reply, outcome.kept, keyed.fingerprint);
  return reply.code(status).type(JSON_TYPE).send(outcome.body);
}
