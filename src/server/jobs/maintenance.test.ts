import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.js';
import { jobRuns, rateLimits, reportAnswers, reportDataChanges, sessions } from '../db/schema/index.js';
import { createLogger } from '../logger.js';
import { buildUser, loginAs } from '../test/factories.js';
import { createTestApp, createTestDatabase } from '../test/test-app.js';
import { removeStaleUploads } from '../modules/attachments/index.js';
import { cleanUpExpired, cleanUpJob, JOB_RUN_RETENTION_MS } from './maintenance.js';
import { createJobRunner, listRuns } from './runner/index.js';

const logger = createLogger({ logLevel: 'silent' });

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

describe('the hourly clean-up job', async () => {
  const database = await createTestDatabase();
  const db = database.db;
  afterAll(() => database.close());

  it('runs once per hour across processes and forgets job runs past their retention', async () => {
    let clock = new Date('2030-03-01T10:15:00Z');
    await db.insert(jobRuns).values([
      {
        job: 'mail.deliver',
        status: 'succeeded',
        finishedAt: new Date(clock.getTime() - JOB_RUN_RETENTION_MS - 60_000),
      },
      { job: 'mail.deliver', status: 'succeeded', finishedAt: new Date(clock.getTime() - 60_000) },
    ]);
    // Kept report answers of two days and a minute ago (no longer asked for: each key holds its day) and of
    // yesterday.
    const answerAt = (key: string, ms: number) => ({
      key,
      versions: '',
      asOf: new Date(clock.getTime() - ms).toISOString(),
      answer: {},
    });
    const day = 24 * 60 * 60 * 1000;
    await db.insert(reportAnswers).values([answerAt('old', 2 * day + 60_000), answerAt('yesterday', day)]);
    // What reports read, changed by three transactions: merged into one row per scope, the versions unchanged.
    await db.insert(reportDataChanges).values([
      { scope: '*', changedIn: 11 },
      { scope: '*', changedIn: 12 },
      { scope: 'a-company', changedIn: 13, changes: 4 },
    ]);
    const versions = () =>
      queryRows<{ scope: string; total: number; rows: number }>(
        db,
        sql`select scope, sum(changes)::int as total, count(*)::int as rows from report_data_changes
            group by scope order by scope`,
      );
    const versionsBefore = await versions();
    const changeRows = versionsBefore.reduce((sum, row) => sum + row.rows, 0);
    const runners = [1, 2].map(() =>
      createJobRunner({ db, logger, jobs: [cleanUpJob()], now: () => clock, pollEveryMs: 0 }),
    );
    await Promise.all(runners.map((runner) => runner.tick()));
    clock = new Date('2030-03-01T10:59:59Z');
    await Promise.all(runners.map((runner) => runner.tick()));
    clock = new Date('2030-03-01T11:00:00Z');
    await Promise.all(runners.map((runner) => runner.tick()));
    const cleanUps = await listRuns(db, { job: 'maintenance.clean-up' });
    expect(cleanUps.map((run) => [run.slot?.toISOString(), run.status])).toEqual([
      ['2030-03-01T11:00:00.000Z', 'succeeded'],
      ['2030-03-01T10:00:00.000Z', 'succeeded'],
    ]);
    expect(cleanUps[1]!.result).toEqual({
      staleUploads: 0,
      oldRuns: 1,
      oldReportAnswers: 1,
      reportDataChanges: changeRows,
    });
    expect(await versions()).toEqual(versionsBefore.map((row) => ({ ...row, rows: 1 })));
    expect((await db.select().from(reportAnswers)).map((row) => row.key)).toEqual(['yesterday']);
    expect(await listRuns(db, { job: 'mail.deliver' })).toHaveLength(1);
  });
});
