import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicSettings, UpdateSettingsRequest } from '@shared/settings';

import { apiRequest } from '../../../lib/api-client';
import { publicSettingsQueryOptions } from './get-public-settings';

export async function updateSettings(body: UpdateSettingsRequest): Promise<PublicSettings> {
  const res = await apiRequest('PUT', '/api/settings', body);
  return (await res.json()) as PublicSettings;
}

/** Changes system settings (admins); the answer is the settings everyone now reads. */
export function useUpdateSettingsMutation() {
  const client = useQueryClient();
  return useMutation<PublicSettings, Error, UpdateSettingsRequest>({
    mutationFn: updateSettings,
    onSuccess: (settings) => client.setQueryData(publicSettingsQueryOptions().queryKey, settings),
  });
}
