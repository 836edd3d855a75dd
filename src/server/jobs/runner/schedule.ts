import { Cron } from 'croner';

/**
 * When a job runs by itself: every N milliseconds (slots aligned on the epoch, so every process computes the
 * same ones), or a five-field cron expression read in UTC (`0 3 * * *` is 03:00 UTC each day).
 */
export type JobSchedule = { everyMs: number } | { cron: string };

/** Parses a cron expression once; a bad one throws where the job is defined, not at its first run. */
export function compileSchedule(schedule: JobSchedule): (now: Date) => Date {
  if ('everyMs' in schedule) {
    const every = schedule.everyMs;
    if (!Number.isSafeInteger(every) || every < 1000) throw new Error(`a schedule runs at most every second`);
    return (now) => new Date(Math.floor(now.getTime() / every) * every);
  }
  const cron = new Cron(schedule.cron, { timezone: 'UTC', paused: true });
  return (now) => {
    // croner answers the runs strictly before a whole second; a slot that starts exactly now is included.
    const reference = new Date(Math.floor(now.getTime() / 1000) * 1000 + 1000);
    const [previous] = cron.previousRuns(1, reference);
    if (!previous) throw new Error(`the schedule "${schedule.cron}" has no run before ${now.toISOString()}`);
    return previous;
  };
}

/** The slot a schedule is in at `now`: the latest time at or before `now` when the job was due. */
export function currentSlot(schedule: JobSchedule, now: Date): Date {
  return compileSchedule(schedule)(now);
}
