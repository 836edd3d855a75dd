import { describe, expect, it } from 'vitest';
import { timeZoneChoices, timeZoneSchema } from './time-zones.js';

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
