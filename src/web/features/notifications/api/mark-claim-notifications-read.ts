import { useEffect } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '../../../lib/api-client';
import {
  markReadInCache,
  NOTIFICATIONS_QUERY_KEY,
  restoreCache,
  type NotificationsSnapshot,
} from './notifications-cache';

export async function markClaimNotificationsRead(claimId: string): Promise<{ updated: number }> {
  const res = await apiRequest('POST', `/api/vehicles/${encodeURIComponent(claimId)}/notifications/read`);
  return (await res.json()) as { updated: number };
}

/**
 * Marks read all of the user's notifications about one claim: at once in the bell and on the page, put back
 * if the server refuses (quietly: the user did not ask for it, opening the claim did).
 */
export function useMarkClaimNotificationsReadMutation() {
  const client = useQueryClient();
  return useMutation<{ updated: number }, Error, string, NotificationsSnapshot>({
    mutationFn: markClaimNotificationsRead,
    onMutate: (claimId) =>
      markReadInCache(client, (notification) => notification.relatedVehicleId === claimId),
    onError: (_error, _claimId, snapshot) => restoreCache(client, snapshot),
    onSettled: () => client.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  });
}

/** Opening a claim is reading what was said about it: its notifications are marked read once per visit. */
export function useReadClaimNotifications(claimId: string) {
  const { mutate } = useMarkClaimNotificationsReadMutation();
  useEffect(() => {
    mutate(claimId);
  }, [claimId, mutate]);
}
