import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rateLimits, sessions } from '../db/schema/index.js';
import { buildUser, loginAs } from '../test/factories.js';
import { createTestApp } from '../test/test-app.js';
import { removeStaleUploads } from '../modules/attachments/attachment-upload.js';
import { cleanUpExpired } from './maintenance.js';

describe('clean-up of expired records', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;

  it('removes expired sessions and finished rate-limit windows, and keeps live ones', async () => {
    const live = await buildUser(db);
    const expired = await buildUser(db);
    await loginAs(app, live);
    await loginAs(app, expired);
    await db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.userId, expired.id));
    await db.insert(rateLimits).values([
      { key: 'old', count: 3, windowEndsAt: sql`now() - interval '1 minute'` },
      { key: 'current', count: 1, windowEndsAt: sql`now() + interval '1 minute'` },
    ]);
    await cleanUpExpired(db);
    expect((await db.select().from(sessions)).map((s) => s.userId)).toEqual([live.id]);
    expect((await db.select().from(rateLimits)).map((r) => r.key)).toEqual(['current']);
  });
});

describe('clean-up of abandoned uploads', () => {
  it('removes temporary upload files older than an hour and keeps recent ones', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetclaims-uploads-'));
    const old = path.join(dir, 'old');
    const recent = path.join(dir, 'recent');
    fs.writeFileSync(old, 'x');
    fs.writeFileSync(recent, 'y');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(old, twoHoursAgo, twoHoursAgo);
    expect(await removeStaleUploads(dir)).toBe(1);
    expect(fs.readdirSync(dir)).toEqual(['recent']);
    expect(await removeStaleUploads(path.join(dir, 'missing'))).toBe(0);
  });
});
