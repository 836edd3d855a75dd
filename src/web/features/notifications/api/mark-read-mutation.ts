import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@shared/notifications';

import { toast } from '../../../hooks/use-toast';
import {
  endedSession,
  markReadInCache,
  NOTIFICATIONS_QUERY_KEY,
  restoreCache,
  type NotificationsSnapshot,
} from './notifications-cache';

/**
 * A call that marks notifications read, optimistic: those `which` selects show read at once in the bell and on
 * the page, are put back with a toast (`failureTitle`) if the server refuses, and the list is fetched again
 * either way.
 */
export function useMarkReadMutation<Data, Variables>(
  mutationFn: (variables: Variables) => Promise<Data>,
  which: (variables: Variables) => (notification: Notification) => boolean,
  failureTitle: string,
) {
  const client = useQueryClient();
  return useMutation<Data, Error, Variables, NotificationsSnapshot>({
    mutationFn,
    onMutate: (variables) => markReadInCache(client, which(variables)),
    onError: (error, _variables, snapshot) => {
      restoreCache(client, snapshot);
      if (endedSession(error)) return;
      toast({ variant: 'destructive', title: failureTitle, description: error.message });
    },
    onSettled: () => client.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  });
}
