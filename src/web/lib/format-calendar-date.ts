/**
 * Calendar dates (`YYYY-MM-DD`: date of loss, ETA, drop-off) are days, not instants: they are read as the
 * same day everywhere, never shifted by the browser's time zone.
 */
function parts(date: string): [number, number, number] | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/** "Nov 20" within the current year, "Nov 20, 2025" otherwise. */
export function formatCalendarDate(date: string, now: Date = new Date()): string {
  const day = parts(date);
  if (!day) return date;
  const [year, month, dayOfMonth] = day;
  const value = new Date(Date.UTC(year, month - 1, dayOfMonth));
  return new Intl.DateTimeFormat('en', {
    month: 'short',
    day: 'numeric',
    ...(year === now.getFullYear() ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(value);
}

/** "Thursday, November 20, 2026", for a tooltip or a screen reader. */
export function formatCalendarDateLong(date: string): string {
  const day = parts(date);
  if (!day) return date;
  return new Intl.DateTimeFormat('en', { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(Date.UTC(day[0], day[1] - 1, day[2])),
  );
}

/** Today in the browser's time zone, as `YYYY-MM-DD` (for date inputs' `max` and overdue checks). */
export function todayIsoDate(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}
