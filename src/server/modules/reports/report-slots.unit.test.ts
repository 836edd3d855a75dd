import { describe, expect, it } from 'vitest';
import { deferred } from '../../test/deferred.js';
import { REPORTS_BUSY_MESSAGE, ReportSlots } from './report-slots.js';

describe('report slots', () => {
  it('run at most their number at once, the rest in arrival order', async () => {
    const slots = new ReportSlots(2);
    const started: number[] = [];
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const runs = gates.map((gate, index) =>
      slots.run(async () => {
        started.push(index);
        await gate.promise;
        return index;
      }),
    );
    await expect.poll(() => started).toEqual([0, 1]);
    gates[1]!.resolve();
    await expect.poll(() => started).toEqual([0, 1, 2]);
    gates[0]!.resolve();
    await expect.poll(() => started).toEqual([0, 1, 2, 3]);
    gates[2]!.resolve();
    gates[3]!.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
  });

  it('refuse a report that waited longer than the wait allowed, with a 503 to try again, and run the next', async () => {
    let now = 0;
    const slots = new ReportSlots(1, 20_000, () => now);
    const first = deferred();
    const firstStarted = deferred();
    const running = slots.run(() => {
      firstStarted.resolve();
      return first.promise.then(() => 'first');
    });
    const late = slots.run(async () => 'late').catch((error: unknown) => error);
    await firstStarted.promise;
    now = 20_001;
    const onTime = slots.run(async () => 'on time');
    first.resolve();
    expect(await running).toBe('first');
    expect(await late).toMatchObject({
      status: 503,
      message: REPORTS_BUSY_MESSAGE,
      headers: { 'retry-after': '60' },
    });
    expect(await onTime).toBe('on time');
  });
});
