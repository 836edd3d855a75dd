import pLimit, { type LimitFunction } from 'p-limit';
import { AppError } from '@shared/errors.js';

export const REPORTS_BUSY_MESSAGE =
  'Many reports are being prepared right now. Please try again in a minute.';
/** How long a report may wait for its turn before it is refused rather than run late. */
export const REPORT_QUEUE_MAX_WAIT_MS = 30_000;

/**
 * At most `max` report transactions at once on one pool; the rest wait in arrival order, holding no connection.
 * One that waited longer than `maxWaitMs` is answered 503 instead of being run: by then its reader has likely
 * given up (and a load balancer timed it out), and running it anyway would hold a slot from the reports behind it.
 */
export class ReportSlots {
  private readonly limit: LimitFunction;

  constructor(
    private readonly max: number,
    private readonly maxWaitMs = REPORT_QUEUE_MAX_WAIT_MS,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.limit = pLimit(max);
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    const queuedAt = this.now();
    return this.limit(() => {
      if (this.now() - queuedAt > this.maxWaitMs) {
        throw new AppError('unavailable', REPORTS_BUSY_MESSAGE, { headers: { 'retry-after': '60' } });
      }
      return task();
    });
  }

  /** Whether a task given now would run at once. */
  free(): boolean {
    return this.limit.activeCount + this.limit.pendingCount < this.max;
  }

  /** Runs `task` if a slot is free now; otherwise does not run it and answers undefined. */
  tryRun<T>(task: () => Promise<T>): Promise<T | undefined> {
    return this.free() ? this.run(task) : Promise.resolve(undefined);
  }
}
