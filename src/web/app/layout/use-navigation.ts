import { useMemo } from 'react';
import { canOpenFleetDashboard } from '@shared/fleet-dashboard.policy';

import { useUserCompanies, useAuthorization } from '../../features/auth';
import { useDriverReportCount } from '../../features/driver-reports';
import { useFleetDashboardCompanyId } from '../../features/settings';
import {
  MAIN_NAV,
  visibleNavItems,
  visibleSystemSettings,
  type NavAccess,
  type NavCounts,
} from './navigation';

export type Navigation = ReturnType<typeof useNavigation>;

/**
 * The sidebar entries the signed-in user may see, recomputed as the user, permissions and settings load.
 * The layout calls it once, whether or not the sidebar is on screen, so the data is already there when
 * the phone drawer opens.
 */
export function useNavigation() {
  const { role, can } = useAuthorization();
  // The Fleet Dashboard entry depends on a manager's and a viewer's companies and on a viewer's setting: an
  // admin fetches neither, a manager not the setting.
  const { data: companies } = useUserCompanies({ enabled: role === 'manager' || role === 'viewer' });
  const { data: fleetDashboardCompanyId } = useFleetDashboardCompanyId({ enabled: role === 'viewer' });
  // The new driver reports wait for who may open claims from them; the server refuses the others.
  const { data: driverReports } = useDriverReportCount({ enabled: can('vehicles.create') });
  const newDriverReports = driverReports?.new;

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
    const counts: NavCounts = { driverReports: newDriverReports };
    return {
      main: visibleNavItems(MAIN_NAV, access),
      systemSettings: visibleSystemSettings(access),
      canAddClaim: can('vehicles.create'),
      counts,
    };
  }, [role, can, companies, fleetDashboardCompanyId, newDriverReports]);
}
