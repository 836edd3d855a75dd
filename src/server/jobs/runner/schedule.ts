import { Cron } from 'croner';
import type { Database } from '../../db/client.js';

/**
 * When a job runs by itself: every N milliseconds (slots aligned on the epoch, so every process computes the
 * same ones), or a five-field cron expression read in UTC (`0 3 * * *` is 03:00 UTC each day).
 */
export type JobSchedule = { everyMs: number } | { cron: string };

/**
 * A schedule an admin sets (Tekmetric's "sync every N minutes"): read from the database when the runner first
 * looks and again at most every `recheckMs` (one minute) of the runner's clock, so a changed setting applies
 * within a minute in every process. Null while the job should not run by itself (nothing configured).
 */
export interface ScheduleSetting {
  read: (db: Database) => Promise<JobSchedule | null>;
  recheckMs?: number;
}

export const SCHEDULE_RECHECK_MS = 60_000;

/** Parses a cron expression once; a bad one throws where the job is defined, not at its first run. */
export function compileSchedule(schedule: JobSchedule): (now: Date) => Date {
  if ('everyMs' in schedule) {
    const every = schedule.everyMs;
    if (!Number.isSafeInteger(every) || every < 1000) throw new Error(`a schedule runs at most every second`);
    return (now) => new Date(Math.floor(now.getTime() / every) * every);
  }
  const cron = new Cron(schedule.cron, { timezone: 'UTC', paused: true });
  // The slot found last and when the next one starts: the runner asks every second, and croner's search backwards
  // was its process's largest cost between requests (issue 30), while the answer changes once per slot.
  let known: { from: number; until: number } | null = null;
  return (now) => {
    const at = now.getTime();
    if (known && at >= known.from && at < known.until) return new Date(known.from);
    // croner answers the runs strictly before a whole second; a slot that starts exactly now is included.
    const reference = new Date(Math.floor(at / 1000) * 1000 + 1000);
    const [previous] = cron.previousRuns(1, reference);
    if (!previous) throw new Error(`the schedule "${schedule.cron}" has no run before ${now.toISOString()}`);
    const next = cron.nextRun(previous);
    known = { from: previous.getTime(), until: next ? next.getTime() : -Infinity };
    return previous;
  };
}

/** The slot a schedule is in at `now`: the latest time at or before `now` when the job was due. */
export function currentSlot(schedule: JobSchedule, now: Date): Date {
  return compileSchedule(schedule)(now);
}

/** The slot a job's schedule, fixed or read from a setting, is in at a moment; null when it is not scheduled. */
export function slotsOf(
  schedule: JobSchedule | ScheduleSetting,
  db: Database,
): (now: Date) => Promise<Date | null> {
  if (!('read' in schedule)) {
    const slotAt = compileSchedule(schedule);
    return async (now) => slotAt(now);
  }
  const recheckMs = schedule.recheckMs ?? SCHEDULE_RECHECK_MS;
  let readAt = -Infinity;
  let read = '';
  let slotAt: ((now: Date) => Date) | null = null;
  return async (now) => {
    const at = now.getTime();
    // A clock set back (tests) reads again too.
    if (at - readAt >= recheckMs || at < readAt) {
      const current = await schedule.read(db);
      readAt = at;
      if (JSON.stringify(current) !== read) {
        read = JSON.stringify(current);
        slotAt = current ? compileSchedule(current) : null;
      }
    }
    return slotAt ? slotAt(now) : null;
  };
}
