import { useMutation, useQueryClient } from '@tanstack/react-query';

import { toast } from '../../../hooks/use-toast';
import { apiRequest } from '../../../lib/api-client';
import {
  endedSession,
  markReadInCache,
  NOTIFICATIONS_QUERY_KEY,
  restoreCache,
  type NotificationsSnapshot,
} from './notifications-cache';

export async function markAllNotificationsRead(): Promise<{ updated: number }> {
  const res = await apiRequest('POST', '/api/notifications/read-all');
  return (await res.json()) as { updated: number };
}

/** Marks every notification of the user read, including those not loaded yet; optimistic like one. */
export function useMarkAllNotificationsReadMutation() {
  const client = useQueryClient();
  return useMutation<{ updated: number }, Error, void, NotificationsSnapshot>({
    mutationFn: markAllNotificationsRead,
    onMutate: () => markReadInCache(client, () => true),
    onError: (error, _variables, snapshot) => {
      restoreCache(client, snapshot);
      if (endedSession(error)) return;
      toast({
        variant: 'destructive',
        title: 'Could not mark all notifications as read',
        description: error.message,
      });
    },
    onSettled: () => client.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  });
}
