import type { Notification } from '@shared/notifications';

import { apiRequest } from '../../../lib/api-client';
import { useMarkReadMutation } from './mark-read-mutation';

export async function markNotificationRead(id: string): Promise<Notification> {
  const res = await apiRequest('PUT', `/api/notifications/${encodeURIComponent(id)}/read`);
  return (await res.json()) as Notification;
}

/**
 * Marks the given notifications read, one call each (a line's check button: one notification, or the several
 * of a claim's group, never a mention beside them): at once on screen, put back with a toast if the server
 * refuses.
 */
export function useMarkNotificationReadMutation() {
  return useMarkReadMutation<Notification[], readonly string[]>(
    (ids) => Promise.all(ids.map(markNotificationRead)),
    (ids) => (notification) => ids.includes(notification.id),
    'Could not mark the notification as read',
  );
}
