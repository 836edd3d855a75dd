import { useQuery } from '@tanstack/react-query';
import { DEFAULT_STALE_CLAIM_DAYS } from '@shared/settings';

import { publicSettingsQueryOptions } from '../api/get-public-settings';

/**
 * After how many days in the same status a claim is stale (the system setting the board's counts use); the
 * default until the settings have loaded.
 */
export function useStaleClaimDays(): number {
  const query = useQuery({ ...publicSettingsQueryOptions(), select: (settings) => settings.staleClaimDays });
  return query.data ?? DEFAULT_STALE_CLAIM_DAYS;
}
