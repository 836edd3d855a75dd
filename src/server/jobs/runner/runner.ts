import { randomBytes } from 'node:crypto';
import type { DatabaseAvailability } from '../../db/availability.js';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { systemActor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { backoffMs, DEFAULT_LEASE_MS, DEFAULT_RETRY, type JobDefinition } from './job.js';
import {
  claimDueRuns,
  enqueueRun,
  expireLeases,
  finishRun,
  loadJobState,
  renewLease,
  saveJobState,
  type JobRun,
} from './job-runs.js';
import { slotsOf } from './schedule.js';

// The registry holds jobs of every payload and state type; each handler sees its own.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyJob = JobDefinition<any, any>;

export interface JobRunnerOptions {
  db: Database;
  logger: FastifyBaseLogger;
  /** Told when a poll finds the database unreachable, so that an outage is logged once, not every poll. */
  availability?: DatabaseAvailability;
  /** Every job this process may run; the registry is `jobs/registry.ts`. */
  jobs: AnyJob[];
  /** The clock; tests pass a fixed one and call `tick()` instead of waiting on timers. */
  now?: () => Date;
  /** How often `start()` polls for due runs. One indexed query when nothing is due. */
  pollEveryMs?: number;
  /** Runs in progress at once in this process. */
  concurrency?: number;
}

export interface JobRunner {
  /** Polls every `pollEveryMs` until `stop()`. */
  start(): void;
  /** Queues due slots, takes due runs, runs them and answers when they have ended (tests and scripts). */
  tick(): Promise<void>;
  /** Queues a run now; whichever process polls next runs it. Joins a run of the same key already queued. */
  trigger(name: string, payload?: unknown): Promise<{ id: string | null; queued: boolean }>;
  /** Takes no more work, aborts the runs' signals and waits for the runs in progress to end. */
  stop(): Promise<void>;
}

const LEASE_CHECK_EVERY_MS = 30_000;

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, logger } = options;
  const now = options.now ?? (() => new Date());
  const concurrency = options.concurrency ?? 4;
  const worker = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const jobs = new Map<string, AnyJob>();
  for (const job of options.jobs) {
    if (jobs.has(job.name)) throw new Error(`two jobs are named ${job.name}`);
    jobs.set(job.name, job);
  }
  const slotOf = new Map(
    options.jobs.flatMap((job) => (job.schedule ? [[job.name, slotsOf(job.schedule, db)] as const] : [])),
  );
  const leaseMs = Object.fromEntries(options.jobs.map((job) => [job.name, job.leaseMs ?? DEFAULT_LEASE_MS]));
  const lastSlotQueued = new Map<string, number>();
  const inFlight = new Map<
    string,
    { done: Promise<void>; controller: AbortController; job: string; renewAt: number }
  >();
  let lastLeaseCheck = -Infinity;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<unknown> | null = null;
  let pollAgain = false;

  const keyOf = (job: AnyJob, payload: unknown) => job.key?.(payload) ?? '';

  async function queueDueSlots(at: Date) {
    for (const [name, slotAt] of slotOf) {
      const slot = await slotAt(at);
      if (!slot) continue;
      // Each process queues a slot once; the unique (job, slot, attempt) makes it once across processes.
      if (lastSlotQueued.get(name) === slot.getTime()) continue;
      await enqueueRun(db, {
        job: name,
        key: keyOf(jobs.get(name)!, undefined),
        slot,
        trigger: 'schedule',
        runAt: slot,
      });
      lastSlotQueued.set(name, slot.getTime());
    }
  }

  /** Queues the next attempt after its back-off, in the caller's transaction, unless the attempts are spent. */
  async function retryOrGiveUp(tx: Database, run: JobRun, error: string, at: Date) {
    const job = jobs.get(run.job)!;
    const retry = job.retry ?? DEFAULT_RETRY;
    const willRetry = run.attempt < retry.attempts;
    logger.warn(
      { job: run.job, key: run.key, attempt: run.attempt, err: error },
      willRetry ? 'job run failed; will retry' : 'job run failed for good',
    );
    if (!willRetry) return;
    await enqueueRun(tx, {
      job: run.job,
      key: run.key,
      payload: run.payload,
      slot: run.slot,
      trigger: run.trigger,
      attempt: run.attempt + 1,
      runAt: new Date(at.getTime() + backoffMs(retry, run.attempt)),
    });
  }

  async function execute(run: JobRun, controller: AbortController) {
    const job = jobs.get(run.job)!;
    const runLogger = logger.child({ job: run.job, runId: run.id });
    try {
      const state = await loadJobState(db, run.job, run.key);
      const result = await job.handler({
        db,
        actor: systemActor(run.job),
        logger: runLogger,
        payload: run.payload ?? undefined,
        state: state ?? undefined,
        saveState: (next) => saveJobState(db, run.job, run.key, next),
        signal: controller.signal,
        now,
        run: { id: run.id, attempt: run.attempt, slot: run.slot, trigger: run.trigger, key: run.key },
      });
      await finishRun(db, run.id, { status: 'succeeded', now: now(), result: result ?? null });
    } catch (thrown) {
      const error = thrown instanceof Error ? thrown.message : String(thrown);
      const at = now();
      await db.transaction(async (tx) => {
        await finishRun(tx, run.id, { status: 'failed', now: at, error });
        await retryOrGiveUp(tx, run, error, at);
      });
    }
  }

  /**
   * A run longer than its lease keeps it: each poll renews the lease of a run in progress once a third of it has
   * passed (by the runner's clock), so only a dead or hung process loses it. A run whose lease another process
   * expired meanwhile is no longer this one's: its signal is aborted.
   */
  async function renewLeases(at: Date) {
    for (const [id, flight] of inFlight) {
      if (at.getTime() < flight.renewAt) continue;
      const lease = leaseMs[flight.job]!;
      flight.renewAt = at.getTime() + lease / 3;
      try {
        if (!(await renewLease(db, id, new Date(at.getTime() + lease)))) flight.controller.abort();
      } catch (error) {
        logger.warn({ err: error, job: flight.job, runId: id }, 'could not renew a job lease');
      }
    }
  }

  /** One poll: leases to renew or expired, due slots, then as many due runs as there is room for. */
  async function claimAndStart(): Promise<Promise<void>[]> {
    if (stopping) return [];
    const at = now();
    await renewLeases(at);
    if (at.getTime() - lastLeaseCheck >= LEASE_CHECK_EVERY_MS) {
      lastLeaseCheck = at.getTime();
      for (const run of await expireLeases(db, at)) {
        if (jobs.has(run.job)) await retryOrGiveUp(db, run, run.error ?? 'lease expired', at);
      }
    }
    await queueDueSlots(at);
    const runs = await claimDueRuns(db, { leaseMs, now: at, limit: concurrency - inFlight.size, worker });
    return runs.map((run) => {
      const controller = new AbortController();
      const done = execute(run, controller)
        .catch((error: unknown) => logger.error({ err: error, job: run.job }, 'could not record a job run'))
        .finally(() => {
          inFlight.delete(run.id);
          // A slot has come free: look for more work now rather than at the next poll.
          wake();
        });
      inFlight.set(run.id, { done, controller, job: run.job, renewAt: at.getTime() + leaseMs[run.job]! / 3 });
      return done;
    });
  }

  function schedulePoll(delayMs: number) {
    if (stopping || options.pollEveryMs === 0) return;
    clearTimeout(timer);
    timer = setTimeout(poll, delayMs);
    timer.unref();
  }

  function poll() {
    if (polling) {
      pollAgain = true;
      return;
    }
    polling = claimAndStart()
      .catch((error: unknown) => {
        // An outage or a busy pool is logged by the availability, once; the next poll tries again.
        const failure = options.availability?.noticed(error);
        if (failure !== 'unreachable' && failure !== 'busy')
          logger.error({ err: error }, 'job runner poll failed');
      })
      .finally(() => {
        polling = null;
        schedulePoll(pollAgain ? 0 : (options.pollEveryMs ?? 1000));
        pollAgain = false;
      });
  }

  let started = false;
  function wake() {
    if (started && !stopping) schedulePoll(0);
  }

  return {
    start() {
      started = true;
      schedulePoll(0);
    },
    async tick() {
      await Promise.all(await claimAndStart());
    },
    async trigger(name, payload) {
      const job = jobs.get(name);
      if (!job) throw new Error(`no job is named ${name}`);
      const queued = await enqueueRun(db, {
        job: name,
        key: keyOf(job, payload),
        payload,
        trigger: 'manual',
        runAt: now(),
      });
      wake();
      return queued;
    },
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await polling;
      for (const { controller } of inFlight.values()) controller.abort();
      await Promise.all([...inFlight.values()].map(({ done }) => done));
    },
  };
}
