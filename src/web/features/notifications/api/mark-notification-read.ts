import type { Notification } from '@shared/notifications';

import { apiRequest } from '../../../lib/api-client';
import { useMarkReadMutation } from './mark-read-mutation';

export async function markNotificationRead(id: string): Promise<Notification> {
  const res = await apiRequest('PUT', `/api/notifications/${encodeURIComponent(id)}/read`);
  return (await res.json()) as Notification;
}

/** Marks one notification read: at once on screen, put back with a toast if the server refuses. */
export function useMarkNotificationReadMutation() {
  return useMarkReadMutation<Notification, string>(
    markNotificationRead,
    (id) => (notification) => notification.id === id,
    'Could not mark the notification as read',
  );
}
