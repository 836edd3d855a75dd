import type { FastifyBaseLogger } from 'fastify';
import type { SystemActor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import type { JobSchedule, ScheduleSetting } from './schedule.js';

/** What a handler is given for one run. */
export interface JobContext<Payload, State> {
  db: Database;
  /** Who acts, for services, the audit log and notifications: the system, named after the job. */
  actor: SystemActor;
  logger: FastifyBaseLogger;
  /** The trigger's payload; undefined for a scheduled run. */
  payload: Payload | undefined;
  /** The position this job (and key) saved last, or undefined before the first `saveState`. */
  state: State | undefined;
  /** Saves the position at once (a sync saves its cursor after each page, so a failure resumes there). */
  saveState(state: State): Promise<void>;
  /** The runner's clock (tests fix it): use it for "overdue as of now", not `new Date()`. */
  now(): Date;
  /** Aborted when the runner stops: finish at a safe point and return (or throw to be retried). */
  signal: AbortSignal;
  run: { id: string; attempt: number; slot: Date | null; trigger: 'schedule' | 'manual'; key: string };
}

export interface JobDefinition<Payload = unknown, State = unknown> {
  /** Unique, dotted by domain: `mail.deliver`, `maintenance.clean-up`, `tekmetric.sync`. */
  name: string;
  /**
   * Runs once per slot across all processes; without it the job runs only when triggered. A `ScheduleSetting`
   * reads the schedule from the database (an admin's setting).
   */
  schedule?: JobSchedule | ScheduleSetting;
  /** Runs with the same key never overlap and triggers with the same key coalesce (e.g. the shop id). */
  key?: (payload: Payload | undefined) => string;
  /** Attempts in all (1 = no retry) and the first back-off, doubled for each further attempt. */
  retry?: { attempts: number; backoffMs: number; maxBackoffMs?: number };
  /** How long a run may hold its lease before another process may take it over as dead. Default 5 minutes. */
  leaseMs?: number;
  /** Whatever it returns (JSON) is kept in the run log. */
  handler(context: JobContext<Payload, State>): Promise<unknown>;
}

/** Declares a job; the types of payload and state flow from the handler to `trigger` callers. */
export function defineJob<Payload = unknown, State = unknown>(
  definition: JobDefinition<Payload, State>,
): JobDefinition<Payload, State> {
  return definition;
}

export const DEFAULT_LEASE_MS = 5 * 60_000;
export const DEFAULT_RETRY = { attempts: 3, backoffMs: 30_000, maxBackoffMs: 60 * 60_000 };

/** The wait before attempt `attempt + 1`: the back-off doubled for each attempt already made. */
export function backoffMs(retry: JobDefinition['retry'] = DEFAULT_RETRY, attempt: number): number {
  return Math.min(retry.maxBackoffMs ?? DEFAULT_RETRY.maxBackoffMs, retry.backoffMs * 2 ** (attempt - 1));
}
