import { useMemo } from 'react';

import { useUserCompanies, useAuthorization } from '../../features/auth';
import { useFleetDashboardCompanyId } from '../../features/settings';
import {
  canOpenFleetDashboard,
  MAIN_NAV,
  visibleNavItems,
  visibleSystemSettings,
  type NavAccess,
} from './navigation';

export type Navigation = ReturnType<typeof useNavigation>;

/**
 * The sidebar entries the signed-in user may see, recomputed as the user, permissions and settings load.
 * The layout calls it once, whether or not the sidebar is on screen, so the data is already there when
 * the phone drawer opens.
 */
export function useNavigation() {
  const { role, can } = useAuthorization();
  // Only a viewer's Fleet Dashboard entry depends on companies and the setting: nobody else fetches them.
  const isViewer = role === 'viewer';
  const { data: companies } = useUserCompanies({ enabled: isViewer });
  const { data: fleetDashboardCompanyId } = useFleetDashboardCompanyId({ enabled: isViewer });

  return useMemo(() => {
    const access: NavAccess = {
      role,
      can,
      fleetDashboard: canOpenFleetDashboard({
        role,
        companyIds: companies?.map((company) => company.id),
        fleetDashboardCompanyId,
      }),
    };
    return {
      main: visibleNavItems(MAIN_NAV, access),
      systemSettings: visibleSystemSettings(access),
      canAddClaim: can('vehicles.create'),
    };
  }, [role, can, companies, fleetDashboardCompanyId]);
}
