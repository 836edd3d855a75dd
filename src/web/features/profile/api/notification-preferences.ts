import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '@shared/notification-preferences';

import { apiRequest } from '../../../lib/api-client';

const KEY = ['/api/user/notification-preferences'] as const;

/** Where each kind of notification reaches the signed-in user, and the daily digest. */
export const notificationPreferencesQueryOptions = () =>
  queryOptions<NotificationPreferences>({ queryKey: KEY });

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions());
}

export async function saveNotificationPreferences(body: NotificationPreferences) {
  const res = await apiRequest('PUT', KEY[0], body);
  return (await res.json()) as NotificationPreferences;
}

export function useSaveNotificationPreferencesMutation() {
  const client = useQueryClient();
  return useMutation<NotificationPreferences, Error, NotificationPreferences>({
    mutationFn: saveNotificationPreferences,
    onSuccess: (saved) => client.setQueryData(KEY, saved),
  });
}
