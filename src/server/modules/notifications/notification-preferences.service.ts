import { and, eq, inArray } from 'drizzle-orm';
import {
  notificationPreferencesSchema,
  withDefaults,
  type NotificationChannels,
  type NotificationPreferences,
} from '@shared/notification-preferences.js';
import type { NotificationType } from '@shared/notifications.js';
import type { Database } from '../../db/client.js';
import { companies, notificationPreferences, userCompanies, users } from '../../db/schema/index.js';

/** What was stored, read over the defaults; a row written by an older release is read leniently. */
function readStored(row: typeof notificationPreferences.$inferSelect | undefined): NotificationPreferences {
  if (!row) return withDefaults(null);
  const channels = notificationPreferencesSchema.shape.channels.partial().safeParse(row.channels);
  return withDefaults({
    channels: channels.success ? channels.data : undefined,
    dailyDigest: row.dailyDigest,
  });
}

export async function getNotificationPreferences(db: Database, userId: string) {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return readStored(row);
}

/**
 * The zone the profile shows the digest's time in: the zone of the user's companies when they share one; else (no
 * company, several zones) the server's default zone.
 */
export async function digestTimeZoneOf(db: Database, userId: string, fallback: string): Promise<string> {
  const zones = await db
    .selectDistinct({ zone: companies.timeZone })
    .from(userCompanies)
    .innerJoin(companies, eq(companies.id, userCompanies.companyId))
    .where(eq(userCompanies.userId, userId));
  return zones.length === 1 ? zones[0]!.zone : fallback;
}

export async function saveNotificationPreferences(
  db: Database,
  userId: string,
  preferences: NotificationPreferences,
) {
  const values = {
    channels: preferences.channels,
    dailyDigest: preferences.dailyDigest,
    updatedAt: new Date(),
  };
  await db
    .insert(notificationPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: values });
  return getNotificationPreferences(db, userId);
}

export interface Recipient extends NotificationChannels {
  id: string;
  /** Where an email goes: null for a user without an address or no longer active. */
  address: string | null;
}

/** How each user wants a notification of `type`: one query for all recipients. */
export async function recipientsOf(db: Database, userIds: string[], type: NotificationType) {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      active: users.active,
      preferences: notificationPreferences,
    })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(and(inArray(users.id, userIds)));
  return rows.map((row): Recipient => ({
    id: row.id,
    address: row.active ? row.email : null,
    ...readStored(row.preferences ?? undefined).channels[type],
  }));
}
