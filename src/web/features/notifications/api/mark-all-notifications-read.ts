import { apiRequest } from '../../../lib/api-client';
import { useMarkReadMutation } from './mark-read-mutation';

export async function markAllNotificationsRead(): Promise<{ updated: number }> {
  const res = await apiRequest('POST', '/api/notifications/read-all');
  return (await res.json()) as { updated: number };
}

/** Marks every notification of the user read, including those not loaded yet; optimistic like one. */
export function useMarkAllNotificationsReadMutation() {
  return useMarkReadMutation<{ updated: number }, void>(
    markAllNotificationsRead,
    () => () => true,
    'Could not mark all notifications as read',
  );
}
