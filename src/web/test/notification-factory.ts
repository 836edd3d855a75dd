import type { Notification } from '@shared/notifications';

let sequence = 0;

/**
 * A notification like the server sends, unread and newer than any built after it (`buildNotification({
 * type: 'mention' })`). Each call gets its own id.
 */
export function buildNotification(overrides: Partial<Notification> = {}): Notification {
  sequence += 1;
  return {
    id: `0d6c1c2e-7b1a-4c3e-8f2d-${String(sequence).padStart(12, '0')}`,
    type: 'system',
    title: `Notice ${sequence}`,
    message: `Something happened (${sequence}).`,
    isRead: false,
    createdAt: new Date(Date.now() - sequence * 60_000).toISOString(),
    relatedVehicleId: null,
    ...overrides,
  };
}

/** `count` notifications, newest first. */
export function buildNotifications(count: number, overrides: Partial<Notification> = {}): Notification[] {
  return Array.from({ length: count }, () => buildNotification(overrides)).sort((a, b) =>
    b.createdAt.localeCompare(a.createdAt),
  );
}
