import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../db/schema/index.js';
import { createTestDatabase } from '../../test/test-app.js';
import { giveBackRateLimit, peekRateLimit, takeRateLimit } from './rate-limit.service.js';

const MINUTE_MS = 60_000;

describe('taking hits from a rate-limit window', async () => {
  const database = await createTestDatabase();
  afterAll(() => database.close());
  const db = database.db;

  it('grants at most the limit of hits asked for at once, and does not count the refused ones', async () => {
    const taken = await Promise.all(
      Array.from({ length: 12 }, () => takeRateLimit(db, 'take:burst', 4, MINUTE_MS)),
    );
    expect(taken.filter(Boolean)).toHaveLength(4);
    expect((await peekRateLimit(db, 'take:burst'))?.count).toBe(4);
  });

  it('gives a hit back in its own window only, and removes a window left empty', async () => {
    const first = (await takeRateLimit(db, 'take:back', 2, MINUTE_MS))!;
    const second = (await takeRateLimit(db, 'take:back', 2, MINUTE_MS))!;
    await giveBackRateLimit(db, second);
    expect((await peekRateLimit(db, 'take:back'))?.count).toBe(1);
    await giveBackRateLimit(db, first);
    expect(await db.select().from(rateLimits).where(eq(rateLimits.key, 'take:back'))).toEqual([]);

    // A hit of a window that has ended is not given back to the window that follows. The window is ended by
    // moving its end into the past (to the millisecond, as windows are written), and the hit carries that end, as
    // a hit of a window that ran its course does: keeping the end it was taken with would name the next window
    // when both were started in the same millisecond (it did once, on CI).
    await takeRateLimit(db, 'take:back', 2, MINUTE_MS);
    const [ended] = await db
      .update(rateLimits)
      .set({ windowEndsAt: sql`date_trunc('milliseconds', now() - interval '1 second')` })
      .where(eq(rateLimits.key, 'take:back'))
      .returning({ count: rateLimits.count, windowEndsAt: rateLimits.windowEndsAt });
    const stale = { key: 'take:back', window: ended! };
    expect(await takeRateLimit(db, 'take:back', 2, MINUTE_MS)).not.toBeNull();
    await giveBackRateLimit(db, stale);
    expect((await peekRateLimit(db, 'take:back'))?.count).toBe(1);
  });

  it('starts a window that has ended again, even when it was full', async () => {
    for (let i = 0; i < 2; i++) await takeRateLimit(db, 'take:again', 2, MINUTE_MS);
    expect(await takeRateLimit(db, 'take:again', 2, MINUTE_MS)).toBeNull();
    await db
      .update(rateLimits)
      .set({ windowEndsAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, 'take:again'));
    expect((await takeRateLimit(db, 'take:again', 2, MINUTE_MS))?.window.count).toBe(1);
  });
});
