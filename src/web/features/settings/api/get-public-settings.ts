import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_SETTINGS, type PublicSettings } from '@shared/settings';

import { ApiError, apiRequest } from '../../../lib/api-client';

/** System settings every signed-in user may read. A server without the endpoint (404) has the defaults. */
export async function getPublicSettings(): Promise<PublicSettings> {
  try {
    const res = await apiRequest('GET', '/api/settings/public');
    return (await res.json()) as PublicSettings;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return DEFAULT_SETTINGS;
    throw error;
  }
}

export const publicSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/settings/public'], queryFn: getPublicSettings });

export function usePublicSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...publicSettingsQueryOptions(), enabled });
}
