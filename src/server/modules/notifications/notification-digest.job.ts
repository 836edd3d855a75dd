import { and, asc, eq, gte, isNotNull, lt } from 'drizzle-orm';
import { DAILY_DIGEST_UTC_HOUR } from '@shared/notification-preferences.js';
import type { Database } from '../../db/client.js';
import { notificationDigests, notificationPreferences, notifications, users } from '../../db/schema/index.js';
import { defineJob } from '../../jobs/runner/index.js';
import { queueMail } from '../mail/index.js';
import { notificationLink } from './notification-mail.js';

/** The digest goes out at 22:00 UTC (late afternoon across the Americas) and covers the 24 hours before. */
export const DIGEST_SCHEDULE = { cron: `0 ${DAILY_DIGEST_UTC_HOUR} * * *` };
const DAY_MS = 24 * 60 * 60 * 1000;
/** A digest lists at most this many notifications and says how many more there are. */
export const DIGEST_MAX_ITEMS = 20;

const dateLabel = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

const countLabel = (count: number) =>
  count === 1 ? '1 unread notification' : `${count} unread notifications`;

/**
 * Mails each user who chose the daily digest one list of their notifications of the 24 hours before `end`
 * that are still unread (none: no mail). The `notification_digests` row of (user, day) is written in the
 * same transaction as the mail, so a user gets one digest a day however many processes, slots or retries
 * try. Answers how many digests were queued.
 */
export async function sendDailyDigests(db: Database, end: Date) {
  const day = end.toISOString().slice(0, 10);
  const start = new Date(end.getTime() - DAY_MS);
  const subscribers = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, username: users.username })
    .from(notificationPreferences)
    .innerJoin(users, eq(users.id, notificationPreferences.userId))
    .where(and(eq(notificationPreferences.dailyDigest, true), eq(users.active, true), isNotNull(users.email)))
    .orderBy(asc(users.id));
  let queued = 0;
  for (const user of subscribers) {
    const unread = await db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, user.id),
          eq(notifications.isRead, false),
          gte(notifications.createdAt, start),
          lt(notifications.createdAt, end),
        ),
      )
      .orderBy(asc(notifications.createdAt), asc(notifications.id));
    if (unread.length === 0) continue;
    const listed = unread
      .slice(0, DIGEST_MAX_ITEMS)
      .map((item) => `• ${item.title} — ${item.message}\n  ${notificationLink(item.relatedVehicleId)}`);
    if (unread.length > DIGEST_MAX_ITEMS) listed.push(`…and ${unread.length - DIGEST_MAX_ITEMS} more`);
    const sent = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(notificationDigests)
        .values({ userId: user.id, day, notifications: unread.length })
        .onConflictDoNothing()
        .returning({ userId: notificationDigests.userId });
      if (!claimed) return false;
      const mailId = await queueMail(tx, {
        to: user.email!,
        template: 'notification_digest',
        values: {
          firstName: user.firstName ?? user.username,
          count: countLabel(unread.length),
          date: dateLabel.format(start),
          items: listed.join('\n'),
          notificationsUrl: notificationLink(null),
        },
      });
      await tx
        .update(notificationDigests)
        .set({ mailId })
        .where(and(eq(notificationDigests.userId, user.id), eq(notificationDigests.day, day)));
      return true;
    });
    if (sent) queued += 1;
  }
  return { day, queued };
}

/** The daily digest on the job runner (decision 019): one slot a day across all processes. */
export function dailyDigestJob() {
  return defineJob({
    name: 'notifications.daily-digest',
    schedule: DIGEST_SCHEDULE,
    retry: { attempts: 3, backoffMs: 5 * 60_000 },
    // A manual run (no slot) covers the 24 hours before now.
    handler: async ({ db, now, run }) => sendDailyDigests(db, run.slot ?? now()),
  });
}
