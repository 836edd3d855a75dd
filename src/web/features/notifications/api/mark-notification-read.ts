import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@shared/notifications';

import { toast } from '../../../hooks/use-toast';
import { apiRequest } from '../../../lib/api-client';
import {
  endedSession,
  markReadInCache,
  NOTIFICATIONS_QUERY_KEY,
  restoreCache,
  type NotificationsSnapshot,
} from './notifications-cache';

export async function markNotificationRead(id: string): Promise<Notification> {
  const res = await apiRequest('PUT', `/api/notifications/${encodeURIComponent(id)}/read`);
  return (await res.json()) as Notification;
}

/** Marks one notification read: at once on screen, put back with a toast if the server refuses. */
export function useMarkNotificationReadMutation() {
  const client = useQueryClient();
  return useMutation<Notification, Error, string, NotificationsSnapshot>({
    mutationFn: markNotificationRead,
    onMutate: (id) => markReadInCache(client, (notification) => notification.id === id),
    onError: (error, _id, snapshot) => {
      restoreCache(client, snapshot);
      if (endedSession(error)) return;
      toast({
        variant: 'destructive',
        title: 'Could not mark the notification as read',
        description: error.message,
      });
    },
    onSettled: () => client.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  });
}
