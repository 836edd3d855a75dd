import type { Notification } from '@shared/notifications';

/** One line of the bell or the page: a claim's notifications together, or one of its own. */
export interface NotificationGroup {
  /** The newest of the group, which the line shows. */
  latest: Notification;
  /** All of them, newest first (the line expands to list them). */
  items: Notification[];
  count: number;
  unread: number;
  /** The claim they are about; null for a notification of its own (none about a claim, or a mention). */
  claimId: string | null;
}

/**
 * The claim a notification is gathered under, or null when it keeps a line of its own: a mention is someone
 * asking this person something, so it is never folded away among a claim's moves and estimates.
 */
function groupingClaim(notification: Notification): string | null {
  return notification.type === 'mention' ? null : notification.relatedVehicleId;
}

/**
 * Groups notifications (newest first) by the claim they are about, each group where its newest one was, so
 * seven moves of one claim are one line with a count. Notifications with no claim, and mentions, stay one per
 * line.
 */
export function groupByClaim(notifications: readonly Notification[]): NotificationGroup[] {
  const groups: NotificationGroup[] = [];
  const byClaim = new Map<string, NotificationGroup>();
  for (const notification of notifications) {
    const claimId = groupingClaim(notification);
    const existing = claimId ? byClaim.get(claimId) : undefined;
    if (existing) {
      existing.items.push(notification);
      existing.count += 1;
      if (!notification.isRead) existing.unread += 1;
      continue;
    }
    const unread = notification.isRead ? 0 : 1;
    const group = { latest: notification, items: [notification], count: 1, unread, claimId };
    groups.push(group);
    if (claimId) byClaim.set(claimId, group);
  }
  return groups;
}
