import { z } from 'zod';
import { NOTIFICATION_TYPES, type NotificationType } from './notifications.js';

/** What each kind of notification is called, on the bell and in the preferences. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  mention: 'Mention',
  assignment: 'Assignment',
  status_change: 'Status change',
  authorization_request: 'Authorization request',
  authorization_decision: 'Authorization decision',
  estimate_review: 'Estimate review',
  shop_update: 'Shop update',
  driver_report: 'Driver report',
  system: 'System',
};

/** Where one kind of notification reaches the user: the bell (and Notifications page) and/or an email. */
export const notificationChannelsSchema = z.object({ inApp: z.boolean(), email: z.boolean() });
export type NotificationChannels = z.infer<typeof notificationChannelsSchema>;

/**
 * Until a user chooses: everything in the app, and an email too for what waits on them personally (a
 * mention, an authorization request).
 */
export const DEFAULT_NOTIFICATION_CHANNELS: Record<NotificationType, NotificationChannels> = {
  mention: { inApp: true, email: true },
  assignment: { inApp: true, email: false },
  status_change: { inApp: true, email: false },
  authorization_request: { inApp: true, email: true },
  authorization_decision: { inApp: true, email: false },
  estimate_review: { inApp: true, email: false },
  shop_update: { inApp: true, email: false },
  driver_report: { inApp: true, email: true },
  system: { inApp: true, email: false },
};

/** `GET` and `PUT /api/user/notification-preferences`: every type's channels and the daily digest. */
export const notificationPreferencesSchema = z.object({
  channels: z.object(
    Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, notificationChannelsSchema])) as Record<
      NotificationType,
      typeof notificationChannelsSchema
    >,
  ),
  dailyDigest: z
    .boolean()
    .describe("One email a day listing the day's notifications that are still unread; off until chosen"),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** The hour, in UTC, the daily digest goes out every day (the job's schedule). */
export const DAILY_DIGEST_UTC_HOUR = 22;

/** What `GET` and `PUT` answer: the choices, and the zone the digest's time is shown in. */
export const notificationPreferencesAnswerSchema = notificationPreferencesSchema.extend({
  digestTimeZone: z
    .string()
    .describe("The zone of the user's companies (when they share one), else the server's default zone"),
});
export type NotificationPreferencesAnswer = z.infer<typeof notificationPreferencesAnswerSchema>;

/** When the digest goes out, as a reader in `timeZone` sees it today: "3:00 PM MST (America/Phoenix)". */
export function digestTimeIn(timeZone: string, today: Date = new Date()): string {
  const moment = new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), DAILY_DIGEST_UTC_HOUR),
  );
  const time = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(moment);
  return timeZone === 'UTC' ? time : `${time} (${timeZone})`;
}

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  channels: DEFAULT_NOTIFICATION_CHANNELS,
  dailyDigest: false,
};

/** Stored choices over the defaults: a type saved before a new type existed keeps the new type's default. */
export function withDefaults(
  stored:
    | {
        channels?: Partial<Record<NotificationType, NotificationChannels | undefined>> | undefined;
        dailyDigest?: boolean;
      }
    | null
    | undefined,
): NotificationPreferences {
  return {
    channels: Object.fromEntries(
      NOTIFICATION_TYPES.map((type) => [
        type,
        { ...DEFAULT_NOTIFICATION_CHANNELS[type], ...(stored?.channels?.[type] ?? {}) },
      ]),
    ) as NotificationPreferences['channels'],
    dailyDigest: stored?.dailyDigest ?? false,
  };
}
