import { describe, expect, it } from 'vitest';
import { dayIn, timeZoneChoices, timeZoneSchema } from './time-zones.js';

describe('time zones: one list for the picker and the server', () => {
  it('accepts every zone the picker offers, as it offers it, and each names its city', () => {
    const choices = timeZoneChoices();
    expect(choices.length).toBeGreaterThan(300);
    for (const { zone } of choices) expect(timeZoneSchema.parse(zone)).toBe(zone);
    expect(choices).toContainEqual({ zone: 'America/Chicago', city: 'Chicago' });
    expect(choices).toContainEqual({ zone: 'America/New_York', city: 'New York' });
    expect(choices).toContainEqual({ zone: 'Asia/Kolkata', city: 'Kolkata' });
    expect(choices.map(({ zone }) => zone)).not.toContain('Asia/Calcutta');
  });

  it('refuses what the picker does not offer', () => {
    for (const name of ['Chicago', 'Mars/Olympus', 'Etc/GMT+5', ''])
      expect(timeZoneSchema.safeParse(name).success).toBe(false);
  });
});

describe('the day in a zone', () => {
  const fresh = (timeZone: string, at: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      at,
    );

  it('asked over and over, across midnights, minutes and a clock set back, is the day a new formatter gives', () => {
    const zones = ['America/Chicago', 'Asia/Kolkata', 'Asia/Kathmandu', 'Pacific/Chatham', 'UTC'];
    // Around Chicago's midnight on the day its clocks go back, then Kolkata's (+05:30), Kathmandu's (+05:45) and
    // Chatham's (+13:45): one second before and at each midnight, then a minute back.
    const midnights = [
      '2026-11-01T05:00:00Z',
      '2026-11-01T18:30:00Z',
      '2026-11-01T18:15:00Z',
      '2026-11-01T10:15:00Z',
    ];
    for (const midnight of midnights)
      for (const step of [-60_001, -1_000, -1, 0, 1, 59_999, 60_000, -60_000, -1])
        for (const zone of zones) {
          const at = Date.parse(midnight) + step;
          expect(dayIn(zone, new Date(at)), `${zone} at ${new Date(at).toISOString()}`).toBe(fresh(zone, at));
        }
  });

  it('before whole-minute offsets (Monrovia at -0:44:30 until 1972) it is formatted each time', () => {
    const midnight = Date.parse('1970-06-01T00:44:30Z');
    expect(dayIn('Africa/Monrovia', new Date(midnight - 1))).toBe('1970-05-31');
    expect(dayIn('Africa/Monrovia', new Date(midnight))).toBe('1970-06-01');
  });
});
