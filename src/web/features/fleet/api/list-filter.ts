import type { FACILITY_KINDS } from '@shared/fleet';

export type FacilityKind = (typeof FACILITY_KINDS)[number];

/**
 * What a fleet list (companies, locations, repair facilities) asks the server for. Each screen uses the
 * filters its endpoint takes: the company filter belongs to locations, the kind to facilities.
 */
export type FleetListFilter = {
  search?: string | undefined;
  active?: 'true' | 'false' | undefined;
  companyId?: string | undefined;
  kind?: FacilityKind | undefined;
  page: number;
  pageSize?: number | undefined;
};

export const FLEET_PAGE_SIZE = 25;

/** The query string of a list request; empty filters are left out. */
export function fleetListSearchParams(filter: FleetListFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.search) params.set('search', filter.search);
  if (filter.companyId) params.set('companyId', filter.companyId);
  if (filter.kind) params.set('kind', filter.kind);
  if (filter.active) params.set('active', filter.active);
  params.set('page', String(filter.page));
  params.set('pageSize', String(filter.pageSize ?? FLEET_PAGE_SIZE));
  return params;
}
