import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { AppError } from '@shared/errors.js';
import type { EmailTemplateKey } from '@shared/email-templates.js';
import type { ListNotificationsQuery, Notification, NotificationType } from '@shared/notifications.js';
import { actorUserId, type Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { notifications, users } from '../../db/schema/index.js';
import { queueNotificationMail } from './notification-mail.js';
import { recipientsOf } from './notification-preferences.service.js';

export interface NotifyInput {
  type: NotificationType;
  title: string;
  message: string;
  relatedVehicleId?: string | null;
  /**
   * The email of this kind's own template and its values (the link to the claim is added); without it, an
   * email uses the generic `notification` template with the title and message.
   */
  mail?: { template: EmailTemplateKey; values: Record<string, string> };
}

const bumpVersion = (db: Database, userIds: string[]) =>
  db
    .update(users)
    .set({ notificationsVersion: sql`${users.notificationsVersion} + 1` })
    .where(inArray(users.id, userIds));

/**
 * Notifies users of what `actor` did (duplicates collapse; no one is told of their own action), as each
 * recipient chose on their profile: a row for the bell when they want it in the app, and an email through
 * the outbox, in the caller's transaction, when they want it by email. Every feature notifies through this
 * one function.
 */
export async function notify(db: Database, actor: Actor, userIds: string[], input: NotifyInput) {
  const self = actorUserId(actor);
  const ids = [...new Set(userIds)].filter((userId) => userId !== self);
  if (ids.length === 0) return;
  const recipients = await recipientsOf(db, ids, input.type);
  const inApp = recipients.filter((recipient) => recipient.inApp).map((recipient) => recipient.id);
  if (inApp.length) {
    await db.insert(notifications).values(
      inApp.map((userId) => ({
        userId,
        type: input.type,
        title: input.title,
        message: input.message,
        relatedVehicleId: input.relatedVehicleId ?? null,
      })),
    );
    await bumpVersion(db, inApp);
  }
  for (const recipient of recipients) {
    if (recipient.email && recipient.address)
      await queueNotificationMail(db, actor, recipient.address, input);
  }
}

export function presentNotification(row: typeof notifications.$inferSelect): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
    relatedVehicleId: row.relatedVehicleId,
  };
}

/** The user's notifications, newest first, one bounded page (an index range scan). */
export async function listNotifications(db: Database, userId: string, query: ListNotificationsQuery) {
  const conditions: SQL[] = [eq(notifications.userId, userId)];
  if (query.filter === 'unread') conditions.push(eq(notifications.isRead, false));
  if (query.after) {
    // Compared in SQL: timestamps carry microseconds that a JavaScript Date would round away.
    conditions.push(
      sql`(${notifications.createdAt}, ${notifications.id}) < (select n.created_at, n.id from notifications n where n.id = ${query.after} and n.user_id = ${userId})`,
    );
  }
  const rows = await db
    .select()
    .from(notifications)
    .where(and(...conditions))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.limit);
  return rows.map(presentNotification);
}

/** Marks one of the user's own notifications read; another user's id is not found. */
export async function markRead(db: Database, userId: string, id: string) {
  const [row] = await db
    .update(notifications)
    .set({ isRead: true, readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw new AppError('not_found', 'Notification not found');
  await bumpVersion(db, [userId]);
  return presentNotification(row);
}

export async function markAllRead(db: Database, userId: string) {
  const updated = await db
    .update(notifications)
    .set({ isRead: true, readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  if (updated.length) await bumpVersion(db, [userId]);
  return updated.length;
}

/**
 * Marks read every notification of the user's that is about one claim: opening a claim is reading what was
 * said about it. Answers how many changed (0 when none was unread, and nothing else changes then).
 */
export async function markClaimRead(db: Database, userId: string, claimId: string) {
  const updated = await db
    .update(notifications)
    .set({ isRead: true, readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.relatedVehicleId, claimId),
        eq(notifications.isRead, false),
      ),
    )
    .returning({ id: notifications.id });
  if (updated.length) await bumpVersion(db, [userId]);
  return updated.length;
}
