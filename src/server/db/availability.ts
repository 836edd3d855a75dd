import { AppError } from '@shared/errors.js';

/** How long a client is told to wait before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database is not reachable right now. Please try again in a few seconds.';
/**
 * A change the database stopped answering during (decision 040): its commit may have happened. With an
 * `Idempotency-Key` (the web app sends one with every form) or a PUT/PATCH/DELETE, sending it again is safe.
 */
export const WRITE_OUTCOME_UNKNOWN_MESSAGE =
  'The database stopped answering, so your change may or may not have been saved. Trying again in a few seconds is safe: it will not be saved twice.';
/** The same for a POST sent without a key: a retry may create the record a second time. */
export const UNKEYED_WRITE_OUTCOME_UNKNOWN_MESSAGE =
  'The database stopped answering, so your change may or may not have been saved. Check before sending it again (a request sent with an Idempotency-Key header is safe to retry).';
export const STATEMENT_TIMEOUT_MESSAGE = 'The database took too long to answer. Please try again.';
export const BUSY_MESSAGE = 'The server is busy right now. Please try again in a few seconds.';
export const CONTENTION_MESSAGE =
  'Someone else was changing the same records at that moment, so your change was not saved. Please try again.';
/** Every connection busy: the queue before it clears in a moment. */
export const BUSY_RETRY_AFTER_SECONDS = 2;
/** How often a busy pool checks that the database still answers outside it. */
const PROBE_EVERY_MS = 5_000;
/** How often a busy pool is logged while it stays busy. */
const BUSY_LOG_EVERY_MS = 60_000;
/** A change that lost a race for the same rows may simply be sent again, at once. */
const CONTENTION_RETRY_AFTER_SECONDS = 1;

/** node-postgres and PostgreSQL errors that mean "the database is not there (now)", not "this query is wrong". */
const UNREACHABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
const UNREACHABLE_SQLSTATE = new Set([
  '57P01', // admin_shutdown: the server is stopping
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
]);
const UNREACHABLE_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Connection ended unexpectedly',
  'Cannot use a pool after calling end on the pool',
];

/**
 * pg-pool's answer to a checkout that waited its whole connect timeout in the queue because every connection of
 * the pool was checked out: the pool is busy (or its connections hang on a database that went away).
 */
const POOL_QUEUE_TIMEOUT_MESSAGE = 'timeout exceeded when trying to connect';

/**
 * Transactions that met another on the same rows and were rolled back by PostgreSQL: nothing of theirs was
 * applied, and the same request succeeds when sent again.
 */
const CONTENTION_SQLSTATE = new Set([
  '40P01', // deadlock_detected
  '40001', // serialization_failure
  '55P03', // lock_not_available
]);

export type DatabaseFailure = 'unreachable' | 'busy' | 'statement_timeout' | 'contention';

/** Why a database error is not the request's fault, following Drizzle's `cause` chain; null for other errors. */
export function databaseFailureOf(error: unknown): DatabaseFailure | null {
  for (let current: unknown = error, depth = 0; current && depth < 8; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (code === '57014') return 'statement_timeout';
      if (CONTENTION_SQLSTATE.has(code)) return 'contention';
      if (UNREACHABLE_ERRNO.has(code) || UNREACHABLE_SQLSTATE.has(code) || code.startsWith('08')) {
        return 'unreachable';
      }
    }
    if (typeof message === 'string') {
      if (UNREACHABLE_MESSAGES.some((text) => message.includes(text))) return 'unreachable';
      if (message.includes(POOL_QUEUE_TIMEOUT_MESSAGE)) return 'busy';
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

const FAILURE_ANSWERS: Record<DatabaseFailure, { message: string; retryAfterSeconds: number }> = {
  unreachable: { message: DATABASE_UNAVAILABLE_MESSAGE, retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
  busy: { message: BUSY_MESSAGE, retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS },
  statement_timeout: { message: STATEMENT_TIMEOUT_MESSAGE, retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
  contention: { message: CONTENTION_MESSAGE, retryAfterSeconds: CONTENTION_RETRY_AFTER_SECONDS },
};

/** Failures during which a change may have been committed without the app hearing of it. */
const OUTCOME_UNKNOWN = new Set<DatabaseFailure>(['unreachable', 'statement_timeout']);

/**
 * The 503 a request gets for a database failure: a clear message and when to retry. `write`: the request is a
 * change, `retrySafe` whether sending it again cannot apply it twice; its message then says it may have been saved.
 */
export function databaseUnavailableError(failure: DatabaseFailure, write?: { retrySafe: boolean }): AppError {
  const { message, retryAfterSeconds } = FAILURE_ANSWERS[failure];
  const wording =
    write && OUTCOME_UNKNOWN.has(failure)
      ? write.retrySafe
        ? WRITE_OUTCOME_UNKNOWN_MESSAGE
        : UNKEYED_WRITE_OUTCOME_UNKNOWN_MESSAGE
      : message;
  return new AppError('unavailable', wording, { headers: { 'retry-after': String(retryAfterSeconds) } });
}

interface Log {
  warn(object: object, message: string): void;
  info(message: string): void;
}

/**
 * Whether the database is reachable, as the pool sees it: an outage is logged once when it starts (however
 * many requests and idle connections fail meanwhile) and once when a connection succeeds again.
 */
export class DatabaseAvailability {
  private down = false;
  private log: Log | undefined;
  private busyLoggedAt: number | undefined;
  private probing = false;
  private probedAt: number | undefined;
  private readonly now: () => number;
  private readonly probe: (() => Promise<void>) | undefined;

  /**
   * `probe` asks the database for an answer outside the pool: when every connection stays busy, it tells a pool
   * that is merely busy from one whose connections all hang on a database that went away without closing them.
   */
  constructor(options: { now?: () => number; probe?: () => Promise<void> } = {}) {
    this.now = options.now ?? (() => performance.now());
    this.probe = options.probe;
  }

  setLogger(log: Log) {
    this.log = log;
  }

  get reachable(): boolean {
    return !this.down;
  }

  /**
   * What a database error means, noted: an unreachable database starts an outage. A request that waited out the
   * connect timeout in the pool's queue is part of the outage while there is one (its connections hang on the
   * database), and otherwise means every connection was busy, which is logged at most once a minute and is not
   * an outage. Null for errors that are the query's own.
   */
  noticed(error: unknown): DatabaseFailure | null {
    const failure = databaseFailureOf(error);
    if (failure === 'unreachable') this.failed(error);
    if (failure !== 'busy') return failure;
    if (this.down) return 'unreachable';
    const now = this.now();
    this.probeOnce(now);
    if (this.busyLoggedAt === undefined || now - this.busyLoggedAt >= BUSY_LOG_EVERY_MS) {
      this.busyLoggedAt = now;
      this.log?.warn(
        { err: error },
        'every database connection stayed busy for the whole connect timeout: requests answer 503 until one is free (logged at most once a minute)',
      );
    }
    return 'busy';
  }

  /** At most one probe at a time and one per connect timeout; a failed one starts the outage. */
  private probeOnce(now: number) {
    if (!this.probe || this.probing) return;
    if (this.probedAt !== undefined && now - this.probedAt < PROBE_EVERY_MS) return;
    this.probing = true;
    this.probedAt = now;
    this.probe()
      .catch((error: unknown) => this.failed(error))
      .finally(() => (this.probing = false));
  }

  failed(error: unknown) {
    if (this.down) return;
    this.down = true;
    this.log?.warn({ err: error }, 'the database is not reachable; requests answer 503 until it is back');
  }

  succeeded() {
    if (!this.down) return;
    this.down = false;
    this.log?.info('the database is reachable again');
  }
}
