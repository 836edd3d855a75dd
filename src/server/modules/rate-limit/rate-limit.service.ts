import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rateLimits } from '../../db/schema/index.js';

export interface RateWindow {
  /** Hits counted in the current window, including this one. */
  count: number;
  windowEndsAt: Date;
}

/**
 * Counts one hit against `key` in a fixed window of `windowMs`, atomically in the database so that every
 * app process shares the count. A window that has ended starts again at 1.
 */
export async function hitRateLimit(db: Database, key: string, windowMs: number): Promise<RateWindow> {
  const windowEnds = sql`now() + ${`${windowMs} milliseconds`}::interval`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowEndsAt: windowEnds })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowEndsAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        windowEndsAt: sql`case when ${rateLimits.windowEndsAt} <= now() then excluded.window_ends_at else ${rateLimits.windowEndsAt} end`,
      },
    })
    .returning({ count: rateLimits.count, windowEndsAt: rateLimits.windowEndsAt });
  return row!;
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
