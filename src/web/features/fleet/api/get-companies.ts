import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Company } from '@shared/fleet';

import { apiRequest } from '../../../lib/api-client';
import { fleetListSearchParams, type FleetListFilter } from './list-filter';

export type CompanyList = { items: Company[]; total: number; page: number; pageSize: number };
export type CompaniesFilter = Omit<FleetListFilter, 'companyId' | 'kind'>;

/** Every cached page and detail of companies lives under this key, so one invalidation refreshes them all. */
export const COMPANIES_QUERY_KEY = ['/api/companies'] as const;

export async function getCompanies(filter: CompaniesFilter): Promise<CompanyList> {
  const res = await apiRequest('GET', `/api/companies?${fleetListSearchParams(filter).toString()}`);
  return (await res.json()) as CompanyList;
}

export const companiesQueryOptions = (filter: CompaniesFilter) =>
  queryOptions({
    queryKey: [...COMPANIES_QUERY_KEY, filter],
    queryFn: () => getCompanies(filter),
    // The current page stays on screen while the next one loads, instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });

export function useCompanies(filter: CompaniesFilter) {
  return useQuery(companiesQueryOptions(filter));
}
