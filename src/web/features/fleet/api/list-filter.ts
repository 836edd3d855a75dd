import { z } from 'zod';
import { FACILITY_KINDS, listRecordsQuerySchema } from '@shared/fleet';

import { listSearchParams } from '../../../components/data-list';

export type FacilityKind = (typeof FACILITY_KINDS)[number];

/** What the address may say about a fleet list: the server's query, less the page size. */
const recordsFilterSchema = listRecordsQuerySchema.omit({ pageSize: true });
export const companiesFilterSchema = recordsFilterSchema.omit({ companyId: true });
export const locationsFilterSchema = recordsFilterSchema;
/** The facilities route takes the kind of work too. */
export const facilitiesFilterSchema = companiesFilterSchema.extend({
  kind: z.enum(FACILITY_KINDS).optional(),
});

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
  const { search, companyId, kind, active, page, pageSize = FLEET_PAGE_SIZE } = filter;
  return listSearchParams({ search, companyId, kind, active, page, pageSize });
}
