import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  mailOutbox,
  notificationDigests,
  notificationPreferences,
  notifications,
} from '../../db/schema/index.js';
import { createJobRunner } from '../../jobs/runner/index.js';
import { createLogger } from '../../logger.js';
import { buildUser } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { systemActor } from '../../actor.js';
import { dailyDigestJob, sendDailyDigests } from './notification-digest.job.js';
import { notify } from './notifications.service.js';

const logger = createLogger({ logLevel: 'silent' });
const CLAIM_ID = '5b0f6f7e-2f0c-4d1e-8a3b-6c9d2e1f4a70';

describe('daily notification digest', async () => {
  const { database } = await createTestApp();
  const db = database.db;
  const system = systemActor('test');

  /** A notification to `userId` made at `at` (each its own time: the digest lists them in that order). */
  async function notifyAt(userId: string, title: string, at: string, read = false) {
    await notify(db, system, [userId], {
      type: 'system',
      title,
      message: `${title} details`,
      relatedVehicleId: CLAIM_ID,
    });
    await db
      .update(notifications)
      .set({ createdAt: new Date(at), isRead: read })
      .where(eq(notifications.title, title));
  }
  const digestsTo = (addresses: string[]) =>
    db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.to, addresses))
      .orderBy(asc(mailOutbox.to), asc(mailOutbox.createdAt));
  const optIn = (userId: string) => db.insert(notificationPreferences).values({ userId, dailyDigest: true });

  it('sends each opted-in user one mail of the day’s unread notifications, once, with two runners', async () => {
    const reader = await buildUser(db, { firstName: 'Dana' });
    const nothingNew = await buildUser(db);
    const notOptedIn = await buildUser(db);
    await optIn(reader.id);
    await optIn(nothingNew.id);
    await notifyAt(reader.id, 'Yesterday before the window', '2030-01-01T21:59:00Z');
    await notifyAt(reader.id, 'First of the day', '2030-01-01T23:10:00Z');
    await notifyAt(reader.id, 'Already read', '2030-01-02T09:00:00Z', true);
    await notifyAt(reader.id, 'Second of the day', '2030-01-02T15:45:00Z');
    await notifyAt(nothingNew.id, 'Read earlier', '2030-01-02T10:00:00Z', true);
    await notifyAt(notOptedIn.id, 'Not wanted', '2030-01-02T10:00:00Z');

    // Two processes poll just after the 22:00 UTC slot with the same clock.
    const clock = () => new Date('2030-01-02T22:00:30Z');
    const runners = [0, 1].map(() =>
      createJobRunner({ db, logger, jobs: [dailyDigestJob()], now: clock, pollEveryMs: 0 }),
    );
    await Promise.all(runners.map((runner) => runner.tick()));
    await Promise.all(runners.map((runner) => runner.tick()));
    // A manual run the same day (another process, a retry) sends nothing more.
    expect(await sendDailyDigests(db, new Date('2030-01-02T22:00:00Z'))).toEqual({
      day: '2030-01-02',
      queued: 0,
    });

    const mail = await digestsTo([reader.email!, nothingNew.email!, notOptedIn.email!]);
    const digests = mail.filter((m) => m.templateKey === 'notification_digest');
    expect(digests.map((m) => [m.to, m.subject])).toEqual([
      [reader.email, 'FleetClaims: 2 unread notifications from Jan 1, 2030'],
    ]);
    expect(digests[0]!.text).toContain(
      `• First of the day — First of the day details\n  http://localhost:5000/vehicles/${CLAIM_ID}\n• Second of the day — Second of the day details`,
    );
    expect(digests[0]!.text).toMatch(/^Hello Dana,/);
    expect(digests[0]!.text).not.toContain('Already read');
    expect(digests[0]!.text).not.toContain('Yesterday before the window');
    expect(digests[0]!.html).toContain('href="http://localhost:5000/notifications"');
    const rows = await db.select().from(notificationDigests).where(eq(notificationDigests.userId, reader.id));
    expect(rows).toEqual([
      expect.objectContaining({ day: '2030-01-02', notifications: 2, mailId: digests[0]!.id }),
    ]);
    for (const runner of runners) await runner.stop();
  });

  it('sends again the next day, for that day only', async () => {
    const user = await buildUser(db);
    await optIn(user.id);
    await notifyAt(user.id, 'Monday news', '2030-02-04T12:00:00Z');
    expect((await sendDailyDigests(db, new Date('2030-02-04T22:00:00Z'))).queued).toBe(1);
    await db.update(notifications).set({ isRead: true }).where(eq(notifications.title, 'Monday news'));
    await notifyAt(user.id, 'Tuesday news', '2030-02-05T08:00:00Z');
    expect((await sendDailyDigests(db, new Date('2030-02-05T22:00:00Z'))).queued).toBe(1);
    const subjects = (await digestsTo([user.email!])).map((m) => m.text.includes('Tuesday news'));
    expect(subjects).toEqual([false, true]);
  });
});
