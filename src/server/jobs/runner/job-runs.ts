import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { jobRuns, jobStates } from '../../db/schema/index.js';

/** One attempt of one run, as the run log keeps it. */
export type JobRun = typeof jobRuns.$inferSelect;

const iso = (date: Date) => date.toISOString();

/**
 * Queues a run. A scheduled slot already queued or run (by any process) is not queued again; a trigger while
 * a run of the same job and key is queued joins that run. Answers the id of the run that will do the work.
 */
export async function enqueueRun(
  db: Database,
  input: {
    job: string;
    key?: string;
    payload?: unknown;
    slot?: Date | null;
    trigger: JobRun['trigger'];
    attempt?: number;
    runAt?: Date;
  },
): Promise<{ id: string | null; queued: boolean }> {
  const key = input.key ?? '';
  const [inserted] = await db
    .insert(jobRuns)
    .values({
      job: input.job,
      key,
      payload: input.payload ?? null,
      slot: input.slot ?? null,
      trigger: input.trigger,
      attempt: input.attempt ?? 1,
      ...(input.runAt ? { runAt: input.runAt } : {}),
    })
    .onConflictDoNothing()
    .returning({ id: jobRuns.id });
  if (inserted) return { id: inserted.id, queued: true };
  // A slot already queued or run, or a retry beside a waiting run: nothing more to do.
  if (input.trigger !== 'manual' || input.attempt) return { id: null, queued: false };
  // A trigger joins the run that waits, even one waiting out a back-off: "now" means now for it too.
  const [waiting] = await db
    .update(jobRuns)
    .set({ runAt: sql`least(${jobRuns.runAt}, ${iso(input.runAt ?? new Date())}::timestamptz)` })
    .where(and(eq(jobRuns.job, input.job), eq(jobRuns.key, key), eq(jobRuns.status, 'queued')))
    .returning({ id: jobRuns.id });
  return { id: waiting?.id ?? null, queued: false };
}

/**
 * What a module calls to have a job run now (a "Sync now" button, a mail sent again): queued in the caller's
 * transaction if it passes one, run by whichever process polls next; joins a run of the same job and key that
 * waits. `key` is the job's key for this payload (`JobDefinition.key`). Answers whether a run was queued.
 */
export async function enqueueJob(
  db: Database,
  job: string,
  options: { key?: string; payload?: unknown } = {},
): Promise<{ id: string | null; queued: boolean }> {
  return enqueueRun(db, { job, key: options.key, payload: options.payload, trigger: 'manual' });
}

/** Whether a run of the job waits or runs (only those of this trigger, if given): the screens' "in progress". */
export async function jobInProgress(
  db: Database,
  job: string,
  options: { trigger?: JobRun['trigger'] } = {},
): Promise<boolean> {
  const [row] = await db
    .select({ id: jobRuns.id })
    .from(jobRuns)
    .where(
      and(
        eq(jobRuns.job, job),
        inArray(jobRuns.status, ['queued', 'running']),
        options.trigger ? eq(jobRuns.trigger, options.trigger) : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

/**
 * Takes up to `limit` due runs of the given jobs under a lease (`leaseMs` per job). SKIP LOCKED lets several
 * processes poll at once without taking the same row; a run whose key is already running waits its turn.
 */
export async function claimDueRuns(
  db: Database,
  options: { leaseMs: Record<string, number>; now: Date; limit: number; worker: string },
): Promise<JobRun[]> {
  const jobs = Object.keys(options.leaseMs);
  if (jobs.length === 0 || options.limit < 1) return [];
  const due = db
    .select({ id: jobRuns.id })
    .from(jobRuns)
    .where(
      and(
        eq(jobRuns.status, 'queued'),
        lte(jobRuns.runAt, sql`${iso(options.now)}::timestamptz`),
        inArray(jobRuns.job, jobs),
        sql`not exists (select 1 from job_runs running where running.job = ${jobRuns.job}
          and running.key = ${jobRuns.key} and running.status = 'running')`,
      ),
    )
    .orderBy(jobRuns.runAt)
    .limit(options.limit)
    .for('update', { skipLocked: true });
  try {
    return await db
      .update(jobRuns)
      .set({
        status: 'running',
        startedAt: options.now,
        worker: options.worker,
        leaseUntil: sql`${iso(options.now)}::timestamptz
          + (${JSON.stringify(options.leaseMs)}::jsonb ->> ${jobRuns.job})::int * interval '1 millisecond'`,
      })
      .where(inArray(jobRuns.id, due))
      .returning();
  } catch (error) {
    // Another process started a run of the same key between our look and our claim: leave it to the next poll.
    if (isUniqueViolation(error)) return [];
    throw error;
  }
}

/** Records how a run ended. */
export async function finishRun(
  db: Database,
  id: string,
  outcome: { status: 'succeeded' | 'failed'; now: Date; result?: unknown; error?: string },
) {
  await db
    .update(jobRuns)
    .set({
      status: outcome.status,
      finishedAt: outcome.now,
      leaseUntil: null,
      result: outcome.result ?? null,
      error: outcome.error?.slice(0, 4000) ?? null,
    })
    .where(eq(jobRuns.id, id));
}

/**
 * Extends a run's lease while its handler works; false when the run is no longer this worker's (its lease
 * expired and another process failed it), so the handler should stop.
 */
export async function renewLease(db: Database, id: string, until: Date): Promise<boolean> {
  const renewed = await db
    .update(jobRuns)
    .set({ leaseUntil: until })
    .where(and(eq(jobRuns.id, id), eq(jobRuns.status, 'running')))
    .returning({ id: jobRuns.id });
  return renewed.length > 0;
}

/** Fails the running rows whose lease has passed (their process died or hung) and answers them. */
export async function expireLeases(db: Database, now: Date): Promise<JobRun[]> {
  return db
    .update(jobRuns)
    .set({
      status: 'failed',
      finishedAt: now,
      leaseUntil: null,
      error: 'the lease expired before the run ended',
    })
    .where(and(eq(jobRuns.status, 'running'), lte(jobRuns.leaseUntil, sql`${iso(now)}::timestamptz`)))
    .returning();
}

export async function loadJobState(db: Database, job: string, key: string): Promise<unknown> {
  const [row] = await db
    .select({ state: jobStates.state })
    .from(jobStates)
    .where(and(eq(jobStates.job, job), eq(jobStates.key, key)));
  return row?.state;
}

export async function saveJobState(db: Database, job: string, key: string, state: unknown) {
  await db
    .insert(jobStates)
    .values({ job, key, state: state as object })
    .onConflictDoUpdate({
      target: [jobStates.job, jobStates.key],
      set: { state: state as object, updatedAt: sql`now()` },
    });
}

/** The run log, newest first: every attempt with its slot, times, status, result and error. */
export async function listRuns(
  db: Database,
  options: { job?: string; limit?: number } = {},
): Promise<JobRun[]> {
  return db
    .select()
    .from(jobRuns)
    .where(options.job ? eq(jobRuns.job, options.job) : undefined)
    .orderBy(desc(jobRuns.createdAt), desc(jobRuns.attempt))
    .limit(Math.min(options.limit ?? 50, 500));
}

/** Forgets runs that finished before `before`, so the log of a 2-second job does not grow without end. */
export async function deleteFinishedRuns(db: Database, before: Date): Promise<number> {
  const deleted = await db
    .delete(jobRuns)
    .where(
      and(
        inArray(jobRuns.status, ['succeeded', 'failed']),
        lte(jobRuns.finishedAt, sql`${iso(before)}::timestamptz`),
      ),
    )
    .returning({ id: jobRuns.id });
  return deleted.length;
}
