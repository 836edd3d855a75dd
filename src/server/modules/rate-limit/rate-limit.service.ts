import { and, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import { AppError } from '@shared/errors.js';
import type { Database } from '../../db/client.js';
import { rateLimits } from '../../db/schema/index.js';

export interface RateWindow {
  /** Hits counted in the current window, including this one. */
  count: number;
  windowEndsAt: Date;
}

/** When a window starting now ends; kept to the millisecond, so a window read back into a Date names it exactly. */
const windowEndsFromNow = (windowMs: number) =>
  sql`date_trunc('milliseconds', now() + ${`${windowMs} milliseconds`}::interval)`;

const windowEnded = sql`${rateLimits.windowEndsAt} <= now()`;

/**
 * Counts one hit on `key` (a window that has ended starts again at 1) and answers the window, or nothing when
 * `roomIf` refuses the hit on a running window.
 */
async function countOneHit(
  db: Database,
  key: string,
  windowMs: number,
  roomIf?: SQL,
): Promise<RateWindow | undefined> {
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowEndsAt: windowEndsFromNow(windowMs) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${windowEnded} then 1 else ${rateLimits.count} + 1 end`,
        windowEndsAt: sql`case when ${windowEnded} then excluded.window_ends_at else ${rateLimits.windowEndsAt} end`,
      },
      setWhere: roomIf && sql`${windowEnded} or ${roomIf}`,
    })
    .returning({ count: rateLimits.count, windowEndsAt: rateLimits.windowEndsAt });
  return row;
}

/**
 * Counts one hit against `key` in a fixed window of `windowMs`, atomically in the database so that every
 * app process shares the count. A window that has ended starts again at 1.
 */
export async function hitRateLimit(db: Database, key: string, windowMs: number): Promise<RateWindow> {
  return (await countOneHit(db, key, windowMs))!;
}

/** A hit taken by `takeRateLimit`: its key and the window it was counted in. */
export interface TakenHit {
  key: string;
  window: RateWindow;
}

/**
 * Takes one of the `limit` hits of `key`'s window, or refuses (null) when all are taken: one statement, the row
 * locked while it is counted, so however many requests ask at once, in however many processes, at most `limit`
 * are granted per window. A refused hit is not counted.
 */
export async function takeRateLimit(
  db: Database,
  key: string,
  limit: number,
  windowMs: number,
): Promise<TakenHit | null> {
  const window = await countOneHit(db, key, windowMs, sql`${rateLimits.count} < ${limit}`);
  return window ? { key, window } : null;
}

/**
 * Gives a taken hit back (the request it was taken for turned out not to need it), in the window it was taken
 * in only: a window started since then is not touched. A window left with no hit is removed.
 */
export async function giveBackRateLimit(db: Database, hit: TakenHit) {
  const sameWindow = and(eq(rateLimits.key, hit.key), eq(rateLimits.windowEndsAt, hit.window.windowEndsAt));
  const removed = await db
    .delete(rateLimits)
    .where(and(sameWindow, lte(rateLimits.count, 1)))
    .returning({ key: rateLimits.key });
  if (removed.length) return;
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(and(sameWindow, gt(rateLimits.count, 0)));
}

/** The current window of `key` without counting a hit, or null when none is running. */
export async function peekRateLimit(db: Database, key: string): Promise<RateWindow | null> {
  const [row] = await db
    .select({ count: rateLimits.count, windowEndsAt: rateLimits.windowEndsAt })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key} and ${rateLimits.windowEndsAt} > now()`);
  return row ?? null;
}

export async function clearRateLimit(db: Database, key: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Seconds until a window ends, for the Retry-After header (at least 1). */
export function retryAfterSeconds(window: RateWindow): number {
  return Math.max(1, Math.ceil((window.windowEndsAt.getTime() - Date.now()) / 1000));
}

/**
 * Counts one hit against `key` in a window of `windowMs` and refuses it past `limit` (429 with `message` and
 * Retry-After): the limits of the links used without an account (a shop's updates, a vehicle's reports).
 */
export async function enforceRateLimit(
  db: Database,
  { key, windowMs, limit, message }: { key: string; windowMs: number; limit: number; message: string },
): Promise<void> {
  const window = await hitRateLimit(db, key, windowMs);
  if (window.count > limit) {
    throw new AppError('rate_limited', message, {
      headers: { 'retry-after': String(retryAfterSeconds(window)) },
    });
  }
}
