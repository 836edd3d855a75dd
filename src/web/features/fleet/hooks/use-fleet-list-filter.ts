import { useUrlFilters } from '../../../components/data-list';
import {
  companiesFilterSchema,
  facilitiesFilterSchema,
  locationsFilterSchema,
  type FleetListFilter,
} from '../api/list-filter';

export type FleetListFilterChange = Partial<Omit<FleetListFilter, 'pageSize'>>;

/** The filters a screen offers beyond search, status and page. */
export type ExtraFilter = 'companyId' | 'kind';

/** The address schema of each fleet list, by the filter it adds. */
const SCHEMAS = {
  none: companiesFilterSchema,
  companyId: locationsFilterSchema,
  kind: facilitiesFilterSchema,
};

/**
 * A fleet list's search, filters and page live in the address (`/locations?companyId=…&active=true`), so a
 * filtered list can be bookmarked, shared and reloaded, and other screens can link to it; parsed with the
 * list's shared query schema.
 */
export function useFleetListFilter(extras: readonly [ExtraFilter] | readonly [] = []) {
  const { filter, setFilter, ...rest } = useUrlFilters(SCHEMAS[extras[0] ?? 'none']);
  return {
    ...rest,
    filter: filter as FleetListFilter,
    setFilter: setFilter as (change: FleetListFilterChange) => void,
  };
}
