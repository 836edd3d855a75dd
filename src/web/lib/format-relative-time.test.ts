import { describe, expect, it } from 'vitest';

import { formatRelativeTime } from './format-relative-time';

const now = Date.parse('2025-06-10T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatRelativeTime', () => {
  it.each([
    [10_000, 'just now'],
    [50_000, '1 minute ago'],
    [5 * MINUTE, '5 minutes ago'],
    [2 * HOUR + 20 * MINUTE, '2 hours ago'],
    [DAY + 5 * HOUR, 'yesterday'],
    [3 * DAY, '3 days ago'],
    [15 * DAY, '2 weeks ago'],
    [400 * DAY, 'last year'],
  ])('says how long ago %i ms was: "%s"', (elapsed, words) => {
    expect(formatRelativeTime(ago(elapsed), now)).toBe(words);
  });
});
