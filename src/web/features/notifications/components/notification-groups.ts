import type { Notification } from '@shared/notifications';

/** One line of the bell or the page: a claim's notifications together, or one not about a claim. */
export interface NotificationGroup {
  /** The newest of the group, which the line shows. */
  latest: Notification;
  count: number;
  unread: number;
  /** The claim they are about; null for a notification of its own. */
  claimId: string | null;
}

/**
 * Groups notifications (newest first) by the claim they are about, each group where its newest one was, so
 * seven moves of one claim are one line with a count. Notifications with no claim stay one per line.
 */
export function groupByClaim(notifications: readonly Notification[]): NotificationGroup[] {
  const groups: NotificationGroup[] = [];
  const byClaim = new Map<string, NotificationGroup>();
  for (const notification of notifications) {
    const claimId = notification.relatedVehicleId;
    const existing = claimId ? byClaim.get(claimId) : undefined;
    if (existing) {
      existing.count += 1;
      if (!notification.isRead) existing.unread += 1;
      continue;
    }
    const group = { latest: notification, count: 1, unread: notification.isRead ? 0 : 1, claimId };
    groups.push(group);
    if (claimId) byClaim.set(claimId, group);
  }
  return groups;
}
