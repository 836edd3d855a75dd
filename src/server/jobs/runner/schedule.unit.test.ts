import { describe, expect, it } from 'vitest';
import { compileSchedule, currentSlot } from './schedule.js';

const at = (iso: string) => new Date(iso);

describe('schedule slots', () => {
  it('an every-N schedule falls in slots aligned on the epoch, the same in every process', () => {
    const twoSeconds = { everyMs: 2000 };
    expect(currentSlot(twoSeconds, at('2026-11-25T13:00:00.000Z'))).toEqual(at('2026-11-25T13:00:00.000Z'));
    expect(currentSlot(twoSeconds, at('2026-11-25T13:00:01.999Z'))).toEqual(at('2026-11-25T13:00:00.000Z'));
    expect(currentSlot(twoSeconds, at('2026-11-25T13:00:02.000Z'))).toEqual(at('2026-11-25T13:00:02.000Z'));
    expect(currentSlot({ everyMs: 15 * 60_000 }, at('2026-11-25T13:44:10Z'))).toEqual(
      at('2026-11-25T13:30:00Z'),
    );
  });

  it('an hourly cron is in the hour that started last, including one starting this very millisecond', () => {
    const hourly = compileSchedule({ cron: '0 * * * *' });
    expect(hourly(at('2026-11-25T13:00:00.000Z'))).toEqual(at('2026-11-25T13:00:00Z'));
    expect(hourly(at('2026-11-25T13:00:00.001Z'))).toEqual(at('2026-11-25T13:00:00Z'));
    expect(hourly(at('2026-11-25T13:59:59.999Z'))).toEqual(at('2026-11-25T13:00:00Z'));
    expect(hourly(at('2026-11-25T12:59:59.999Z'))).toEqual(at('2026-11-25T12:00:00Z'));
  });

  it('a cron schedule asked again and again, forwards and backwards, answers as asked afresh', () => {
    const schedules = ['0 * * * *', '30 3 * * *', '*/15 * * * *', '0 0 1 * *'];
    const start = at('2026-11-25T02:59:58.500Z').getTime();
    // Steps of 0.5 s to 17 minutes, some backwards (a test's clock set back), across slot edges.
    const steps = [500, 1000, 61_000, 899_000, 1_000, -1_000, 1_020_000, -3_600_000, 7_200_000, 86_400_000];
    for (const cron of schedules) {
      const asked = compileSchedule({ cron });
      let moment = start;
      for (let round = 0; round < 40; round++) {
        moment += steps[round % steps.length]!;
        expect(asked(new Date(moment)), `${cron} at ${new Date(moment).toISOString()}`).toEqual(
          currentSlot({ cron }, new Date(moment)),
        );
      }
    }
    // Last day of the month, the second Monday, the 13th or a Friday: croner's forward search (the kept slot's end)
    // must agree with its backward one, asked every 17.3 hours over two and a half months with a step back now and then.
    for (const cron of ['0 12 L * *', '0 9 * * 1#2', '0 0 13 * 5']) {
      const asked = compileSchedule({ cron });
      let moment = at('2026-01-20T00:00:00Z').getTime();
      for (let round = 0; round < 120; round++) {
        moment += round % 7 === 6 ? -11 * 3_600_000 : 17.3 * 3_600_000;
        expect(asked(new Date(moment)), `${cron} at ${new Date(moment).toISOString()}`).toEqual(
          currentSlot({ cron }, new Date(moment)),
        );
      }
    }
    const hourly = compileSchedule({ cron: '0 * * * *' });
    expect(hourly(at('2026-11-25T13:59:59.999Z'))).toEqual(at('2026-11-25T13:00:00Z'));
    expect(hourly(at('2026-11-25T14:00:00.000Z'))).toEqual(at('2026-11-25T14:00:00Z'));
    expect(hourly(at('2026-11-25T13:59:59.999Z'))).toEqual(at('2026-11-25T13:00:00Z'));
  });

  it('a cron expression is read in UTC', () => {
    const daily = compileSchedule({ cron: '30 3 * * *' });
    expect(daily(at('2026-11-25T03:29:00Z'))).toEqual(at('2026-11-24T03:30:00Z'));
    expect(daily(at('2026-11-25T03:30:00Z'))).toEqual(at('2026-11-25T03:30:00Z'));
    expect(daily(at('2026-11-25T23:00:00Z'))).toEqual(at('2026-11-25T03:30:00Z'));
  });

  it('refuses a bad cron expression and a schedule faster than a second when defined', () => {
    expect(() => compileSchedule({ cron: 'every tuesday' })).toThrow();
    expect(() => compileSchedule({ everyMs: 10 })).toThrow(/at most every second/);
  });
});
