import { useQuery } from '@tanstack/react-query';

import { publicSettingsQueryOptions } from '../api/get-public-settings';

/**
 * The fleet-dashboard company (PRODUCT.md §4): viewers linked to it may open the Fleet Dashboard. The data
 * is undefined while loading, null when no company is set.
 */
export function useFleetDashboardCompanyId({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    ...publicSettingsQueryOptions(),
    select: (settings) => settings.fleetDashboardCompanyId,
    enabled,
  });
}
