import type { UserRole } from './auth.js';

/**
 * Who may open the Fleet Dashboard of which company (spec §6, PRODUCT.md §4), for the server (which answers 403
 * otherwise) and the sidebar (which shows the entry exactly then): admins any company, managers their own, a
 * viewer only the fleet-dashboard company an admin picked, and only when linked to it.
 */
export interface FleetDashboardReader {
  /** Unknown (undefined) while the user loads. */
  role: UserRole | undefined;
  /** The companies the user is linked to; unknown while loading. */
  companyIds: readonly string[] | undefined;
  /** The company an admin picked for viewers (null: none); unknown while loading. */
  fleetDashboardCompanyId: string | null | undefined;
}

/** The companies whose dashboard the reader may open: every one (an admin's), or these ids. Unknown means none. */
export function fleetDashboardCompanyIds(reader: FleetDashboardReader): 'all' | string[] {
  const { role, companyIds, fleetDashboardCompanyId } = reader;
  if (role === 'admin') return 'all';
  if (!companyIds) return [];
  if (role === 'manager') return [...companyIds];
  if (role !== 'viewer' || !fleetDashboardCompanyId) return [];
  return companyIds.includes(fleetDashboardCompanyId) ? [fleetDashboardCompanyId] : [];
}

/** Whether the reader may open the Fleet Dashboard at all: the sidebar's entry, the page's 200 rather than 403. */
export function canOpenFleetDashboard(reader: FleetDashboardReader): boolean {
  const ids = fleetDashboardCompanyIds(reader);
  return ids === 'all' || ids.length > 0;
}
