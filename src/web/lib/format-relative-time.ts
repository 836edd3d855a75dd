const SECOND = 1000;
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 60 * 60 * SECOND],
  ['month', 30 * 24 * 60 * 60 * SECOND],
  ['week', 7 * 24 * 60 * 60 * SECOND],
  ['day', 24 * 60 * 60 * SECOND],
  ['hour', 60 * 60 * SECOND],
  ['minute', 60 * SECOND],
];

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago": how long ago `date` was, in words. */
export function formatRelativeTime(date: Date | string, now: number = Date.now()): string {
  const elapsed = now - new Date(date).getTime();
  if (Math.abs(elapsed) < 45 * SECOND) return 'just now';
  for (const [unit, size] of UNITS) {
    if (Math.abs(elapsed) >= size) return relative.format(-Math.trunc(elapsed / size), unit);
  }
  return relative.format(-Math.round(elapsed / (60 * SECOND)), 'minute');
}

/** The full date and time, for a tooltip next to a relative time. */
export function formatDateTime(date: Date | string): string {
  return new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(date));
}
