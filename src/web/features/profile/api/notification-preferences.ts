import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationPreferences,
  NotificationPreferencesAnswer,
} from '@shared/notification-preferences';

import { apiRequest } from '../../../lib/api-client';

const KEY = ['/api/user/notification-preferences'] as const;

/** Where each kind of notification reaches the signed-in user, and the daily digest. */
export const notificationPreferencesQueryOptions = () =>
  queryOptions<NotificationPreferencesAnswer>({ queryKey: KEY });

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions());
}

export async function saveNotificationPreferences(body: NotificationPreferences) {
  const res = await apiRequest('PUT', KEY[0], body);
  return (await res.json()) as NotificationPreferencesAnswer;
}

export function useSaveNotificationPreferencesMutation() {
  const client = useQueryClient();
  return useMutation<NotificationPreferencesAnswer, Error, NotificationPreferences>({
    mutationFn: saveNotificationPreferences,
    onSuccess: (saved) => client.setQueryData(KEY, saved),
  });
}
