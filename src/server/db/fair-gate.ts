import { AsyncLocalStorage } from 'node:async_hooks';

/** One request's database work, as the gate sees it: which kind of request, when it came, what it has used. */
export interface Work {
  kind: string;
  arrived: number;
  spentMs: number;
}

interface Waiting {
  work: Work;
  queuedAt: number;
  start: () => void;
}

export interface FairGateOptions {
  /** A task waiting longer than this goes first whatever its request is expected to cost (no starvation). */
  maxWaitMs?: number;
  now?: () => number;
}

/**
 * Runs database work one task at a time (the embedded database runs one query at a time, on the event loop), and
 * picks the next task from those waiting instead of taking them in the order they asked (decision 032): first the
 * one whose request is expected to finish soonest — a kind of request's expected database time, learnt from the
 * last requests of that kind, less what this request has already used — and among equals the request that came
 * first. So a readiness probe or a notifications poll is not queued behind thirty broad searches, and a search
 * that has begun finishes before the next one starts. A task that has waited `maxWaitMs` goes first regardless.
 */
export class FairGate {
  private readonly context = new AsyncLocalStorage<Work>();
  /** Expected database ms per kind of request: a moving average of the last requests of that kind. */
  private readonly expectedMs = new Map<string, number>();
  private readonly waiting: Waiting[] = [];
  private busy = false;
  /** Whether a turn of the event loop will start the next task. */
  private scheduled = false;
  private arrivals = 0;
  private readonly maxWaitMs: number;
  private readonly now: () => number;

  constructor(options: FairGateOptions = {}) {
    this.maxWaitMs = options.maxWaitMs ?? 1_000;
    this.now = options.now ?? (() => performance.now());
  }

  /** A request of `kind` (its method and route) has come. */
  begin(kind: string): Work {
    return { kind, arrived: this.arrivals++, spentMs: 0 };
  }

  /** Runs `fn` (the request's handling) as `work`: the database tasks it starts are scheduled as that request's. */
  runAs<T>(work: Work, fn: () => T): T {
    return this.context.run(work, fn);
  }

  /** The request has ended: its database time teaches what a request of its kind is expected to take. */
  ended(work: Work): void {
    const before = this.expectedMs.get(work.kind);
    this.expectedMs.set(work.kind, before === undefined ? work.spentMs : before * 0.8 + work.spentMs * 0.2);
  }

  /** Runs one database task (a query, a transaction) when its turn comes. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    // Outside a request (startup, background jobs) each task counts as a request of its own kind.
    const work = this.context.getStore() ?? this.begin('');
    await new Promise<void>((start) => {
      this.waiting.push({ work, queuedAt: this.now(), start });
      this.nextTurn();
    });
    const started = this.now();
    try {
      return await task();
    } finally {
      work.spentMs += this.now() - started;
      this.busy = false;
      this.nextTurn();
    }
  }

  /** How many tasks wait for their turn. */
  get queued(): number {
    return this.waiting.length;
  }

  /**
   * Starts the chosen task on the event loop's next turn, never in the microtasks of the one running. PGlite runs a
   * query on the event loop, so a request's queries would otherwise run in the same turn as the callback that read
   * it, and a turn would serve one request of every connection before the loop came back to accept a new one
   * (libuv accepts one connection per turn): 32 connections opened at once on a busy server were first answered in
   * a triangle, the last after seconds (decision 032). Between two tasks the loop now accepts a waiting connection
   * and reads the requests that came, whose tasks are then chosen from too.
   */
  private nextTurn() {
    if (this.busy || this.scheduled || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.busy || this.waiting.length === 0) return;
      this.busy = true;
      this.startBest();
    });
  }

  private startBest() {
    const now = this.now();
    let best = 0;
    for (let i = 1; i < this.waiting.length; i++) {
      if (this.before(this.waiting[i]!, this.waiting[best]!, now)) best = i;
    }
    const [chosen] = this.waiting.splice(best, 1);
    chosen!.start();
  }

  private remainingMs(work: Work): number {
    return Math.max(0, (this.expectedMs.get(work.kind) ?? 0) - work.spentMs);
  }

  private before(a: Waiting, b: Waiting, now: number): boolean {
    const aOverdue = now - a.queuedAt >= this.maxWaitMs;
    const bOverdue = now - b.queuedAt >= this.maxWaitMs;
    if (aOverdue !== bOverdue) return aOverdue;
    if (!aOverdue) {
      const difference = this.remainingMs(a.work) - this.remainingMs(b.work);
      if (difference !== 0) return difference < 0;
    }
    return a.work.arrived < b.work.arrived;
  }
}
