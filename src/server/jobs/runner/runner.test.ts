import { afterAll, describe, expect, it } from 'vitest';
import { jobRuns } from '../../db/schema/index.js';
import { createLogger } from '../../logger.js';
import { createTestDatabase } from '../../test/test-app.js';
import { defineJob, type JobDefinition } from './job.js';
import { listRuns, loadJobState } from './job-runs.js';
import { createJobRunner } from './runner.js';
import type { JobSchedule } from './schedule.js';
import { deferred } from '../../test/deferred.js';

const logger = createLogger({ logLevel: 'silent' });

/** A clock the test moves by hand. */
function testClock(start: string) {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance: (ms: number) => {
      current += ms;
    },
  };
}

describe('job runner', async () => {
  const database = await createTestDatabase();
  const db = database.db;
  afterAll(() => database.close());
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const runnerFor = (jobs: JobDefinition<any, any>[], clock: { now: () => Date }) =>
    createJobRunner({ db, logger, jobs, now: clock.now, pollEveryMs: 0 });

  it('two runners on one database run each scheduled slot once', async () => {
    const clock = testClock('2030-01-01T10:00:30Z');
    const slots: string[] = [];
    const job = defineJob({
      name: 'test.every-minute',
      schedule: { everyMs: 60_000 },
      handler: async ({ run }) => void slots.push(run.slot!.toISOString()),
    });
    const runners = [runnerFor([job], clock), runnerFor([job], clock), runnerFor([job], clock)];
    for (let minute = 0; minute < 10; minute += 1) {
      await Promise.all(runners.map((runner) => runner.tick()));
      clock.advance(20_000);
      await Promise.all(runners.map((runner) => runner.tick()));
      clock.advance(40_000);
    }
    expect(slots).toEqual(Array.from({ length: 10 }, (_, minute) => `2030-01-01T10:0${minute}:00.000Z`));
    const runs = await listRuns(db, { job: 'test.every-minute' });
    expect(runs).toHaveLength(10);
    expect(new Set(runs.map((run) => `${run.trigger} ${run.status} ${run.attempt}`))).toEqual(
      new Set(['schedule succeeded 1']),
    );
  });

  it('retries a failing job with a doubling back-off, then logs it as failed', async () => {
    const clock = testClock('2030-01-02T00:00:00Z');
    let calls = 0;
    const runner = runnerFor(
      [
        defineJob({
          name: 'test.always-fails',
          retry: { attempts: 3, backoffMs: 1000 },
          handler: async () => {
            calls += 1;
            throw new Error(`remote said no (${calls})`);
          },
        }),
      ],
      clock,
    );
    await runner.trigger('test.always-fails');
    await runner.tick();
    await runner.tick();
    expect(calls).toBe(1);
    clock.advance(1000);
    await runner.tick();
    expect(calls).toBe(2);
    clock.advance(1999);
    await runner.tick();
    expect(calls).toBe(2);
    clock.advance(1);
    await runner.tick();
    clock.advance(60_000);
    await runner.tick();
    expect(calls).toBe(3);
    const runs = await listRuns(db, { job: 'test.always-fails' });
    expect(runs.map((run) => [run.attempt, run.status, run.error])).toEqual([
      [3, 'failed', 'remote said no (3)'],
      [2, 'failed', 'remote said no (2)'],
      [1, 'failed', 'remote said no (1)'],
    ]);
    expect(runs.map((run) => run.runAt.toISOString())).toEqual([
      '2030-01-02T00:00:03.000Z',
      '2030-01-02T00:00:01.000Z',
      '2030-01-02T00:00:00.000Z',
    ]);
  });

  it('runs a triggered job now with its payload and keeps its result in the log', async () => {
    const clock = testClock('2030-01-03T00:00:00Z');
    const runner = runnerFor(
      [
        defineJob<{ invoice: string }>({
          name: 'test.remind',
          handler: async ({ payload, actor }) => ({ reminded: payload?.invoice, by: actor.job }),
        }),
      ],
      clock,
    );
    const { id, queued } = await runner.trigger('test.remind', { invoice: 'INV-1' });
    expect(queued).toBe(true);
    await runner.tick();
    const [run] = await listRuns(db, { job: 'test.remind' });
    expect(run).toMatchObject({ id, trigger: 'manual', status: 'succeeded', slot: null, attempt: 1 });
    expect(run!.result).toEqual({ reminded: 'INV-1', by: 'test.remind' });
    await expect(runner.trigger('test.unknown')).rejects.toThrow(/no job is named test.unknown/);
  });

  it('never runs one key twice at once, also across runners, and coalesces triggers of a waiting key', async () => {
    const clock = testClock('2030-01-04T00:00:00Z');
    const started: string[] = [];
    const release = deferred();
    const shopSync = defineJob<{ shop: string }>({
      name: 'test.shop-sync',
      key: (payload) => payload?.shop ?? '',
      handler: async ({ payload }) => {
        started.push(payload!.shop);
        if (started.length === 1) await release.promise;
      },
    });
    const [first, second] = [runnerFor([shopSync], clock), runnerFor([shopSync], clock)];
    await first.trigger('test.shop-sync', { shop: 'A' });
    const firstTick = first.tick();
    await expect.poll(() => started).toEqual(['A']);

    const again = await second.trigger('test.shop-sync', { shop: 'A' });
    const andAgain = await first.trigger('test.shop-sync', { shop: 'A' });
    expect(andAgain).toEqual({ id: again.id, queued: false });
    await second.trigger('test.shop-sync', { shop: 'B' });
    await second.tick();
    expect(started).toEqual(['A', 'B']);

    release.resolve();
    await firstTick;
    await second.tick();
    expect(started).toEqual(['A', 'B', 'A']);
  });

  it('gives a job the state it saved in its previous run', async () => {
    const clock = testClock('2030-01-05T00:00:00Z');
    const seen: unknown[] = [];
    const runner = runnerFor(
      [
        defineJob<unknown, { updatedSince: string }>({
          name: 'test.cursor',
          handler: async ({ state, saveState }) => {
            seen.push(state);
            await saveState({ updatedSince: clock.now().toISOString() });
          },
        }),
      ],
      clock,
    );
    await runner.trigger('test.cursor');
    await runner.tick();
    clock.advance(5000);
    await runner.trigger('test.cursor');
    await runner.tick();
    expect(seen).toEqual([undefined, { updatedSince: '2030-01-05T00:00:00.000Z' }]);
    expect(await loadJobState(db, 'test.cursor', '')).toEqual({ updatedSince: '2030-01-05T00:00:05.000Z' });
  });

  it('stop() takes no more work, aborts the signal and waits for the run in progress', async () => {
    const clock = testClock('2030-01-06T00:00:00Z');
    const release = deferred();
    const running = deferred();
    let aborted = false;
    const runner = runnerFor(
      [
        defineJob({
          name: 'test.slow',
          handler: async ({ signal }) => {
            running.resolve();
            await release.promise;
            aborted = signal.aborted;
          },
        }),
      ],
      clock,
    );
    await runner.trigger('test.slow');
    void runner.tick();
    await running.promise;
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await runner.trigger('test.slow');
    await runner.tick();
    expect(stopped).toBe(false);
    release.resolve();
    await stopping;
    expect(aborted).toBe(true);
    const runs = await listRuns(db, { job: 'test.slow' });
    expect(runs.map((run) => run.status).sort()).toEqual(['queued', 'succeeded']);
  });

  it('renews the lease of a run longer than it: another process neither expires nor takes it', async () => {
    const clock = testClock('2030-01-08T00:00:00Z');
    const running = deferred();
    const release = deferred();
    let calls = 0;
    let aborted = false;
    const long = defineJob({
      name: 'test.long',
      leaseMs: 60_000,
      retry: { attempts: 2, backoffMs: 1000 },
      handler: async ({ signal }) => {
        calls += 1;
        running.resolve();
        await release.promise;
        aborted = signal.aborted;
      },
    });
    const [owner, other] = [runnerFor([long], clock), runnerFor([long], clock)];
    const leases = async () =>
      (await listRuns(db, { job: 'test.long' })).map((run) => [
        run.attempt,
        run.status,
        run.leaseUntil?.toISOString() ?? null,
      ]);
    await owner.trigger('test.long');
    const ownerTick = owner.tick();
    await running.promise;
    expect(await leases()).toEqual([[1, 'running', '2030-01-08T00:01:00.000Z']]);
    // Five polls of both processes, 30 s apart: 2½ minutes, more than twice the lease.
    for (let poll = 0; poll < 5; poll += 1) {
      clock.advance(30_000);
      await owner.tick();
      await other.tick();
    }
    expect(await leases()).toEqual([[1, 'running', '2030-01-08T00:03:30.000Z']]);
    release.resolve();
    await ownerTick;
    expect([calls, aborted]).toEqual([1, false]);
    expect(await leases()).toEqual([[1, 'succeeded', null]]);
  });

  it('aborts a run whose lease another process expired (its owner stopped polling)', async () => {
    const clock = testClock('2030-01-09T00:00:00Z');
    const running = deferred();
    const release = deferred();
    let aborted: boolean | null = null;
    const hung = defineJob({
      name: 'test.hung',
      leaseMs: 60_000,
      retry: { attempts: 1, backoffMs: 1000 },
      handler: async ({ signal }) => {
        running.resolve();
        await release.promise;
        aborted = signal.aborted;
      },
    });
    const [owner, other] = [runnerFor([hung], clock), runnerFor([hung], clock)];
    await owner.trigger('test.hung');
    const ownerTick = owner.tick();
    await running.promise;
    clock.advance(60_000);
    await other.tick();
    expect((await listRuns(db, { job: 'test.hung' })).map((run) => [run.status, run.error])).toEqual([
      ['failed', 'the lease expired before the run ended'],
    ]);
    // The owner's next poll finds the run no longer its own and aborts the handler's signal.
    await owner.tick();
    release.resolve();
    await ownerTick;
    expect(aborted).toBe(true);
  });

  it('reads a schedule from a setting, again at most once a minute, and runs nothing while it is null', async () => {
    const clock = testClock('2030-01-10T00:00:00Z');
    let setting: JobSchedule | null = null;
    let reads = 0;
    const slots: string[] = [];
    const runner = runnerFor(
      [
        defineJob({
          name: 'test.setting',
          schedule: {
            read: async () => {
              reads += 1;
              return setting;
            },
          },
          handler: async ({ run }) => void slots.push(run.slot!.toISOString()),
        }),
      ],
      clock,
    );
    await runner.tick();
    setting = { everyMs: 5 * 60_000 };
    clock.advance(30_000);
    await runner.tick();
    expect([reads, slots]).toEqual([1, []]);
    clock.advance(30_000);
    await runner.tick();
    clock.advance(4 * 60_000);
    await runner.tick();
    setting = { everyMs: 2 * 60_000 };
    clock.advance(60_000);
    await runner.tick();
    expect(reads).toBe(4);
    // 00:01 runs the 5-minute slot begun at 00:00, 00:05 the next; 00:06 is a slot of the new 2 minutes.
    expect(slots).toEqual([
      '2030-01-10T00:00:00.000Z',
      '2030-01-10T00:05:00.000Z',
      '2030-01-10T00:06:00.000Z',
    ]);
  });

  it('fails a run whose lease expired (its process died) and retries it', async () => {
    const clock = testClock('2030-01-07T00:10:00Z');
    let calls = 0;
    const runner = runnerFor(
      [
        defineJob({
          name: 'test.orphan',
          retry: { attempts: 2, backoffMs: 1000 },
          handler: async () => void calls++,
        }),
      ],
      clock,
    );
    await db.insert(jobRuns).values({
      job: 'test.orphan',
      status: 'running',
      runAt: new Date('2030-01-07T00:00:00Z'),
      startedAt: new Date('2030-01-07T00:00:00Z'),
      leaseUntil: new Date('2030-01-07T00:05:00Z'),
    });
    await runner.tick();
    clock.advance(1000);
    await runner.tick();
    expect(calls).toBe(1);
    const runs = await listRuns(db, { job: 'test.orphan' });
    expect(runs.map((run) => [run.attempt, run.status, run.error])).toEqual([
      [2, 'succeeded', null],
      [1, 'failed', 'the lease expired before the run ended'],
    ]);
  });
});
