import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Company } from '@shared/fleet';

import { apiRequest } from '../../../lib/api-client';
import { COMPANIES_QUERY_KEY } from './get-companies';

export async function getCompany(id: string): Promise<Company> {
  const res = await apiRequest('GET', `/api/companies/${encodeURIComponent(id)}`);
  return (await res.json()) as Company;
}

export const companyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...COMPANIES_QUERY_KEY, 'detail', id],
    queryFn: () => getCompany(id),
  });

/** One company, fresh from the server; `shown` (the list's row) fills the view until it answers. */
export function useCompany(id: string | undefined, shown?: Company) {
  return useQuery({ ...companyQueryOptions(id ?? ''), enabled: Boolean(id), placeholderData: shown });
}
