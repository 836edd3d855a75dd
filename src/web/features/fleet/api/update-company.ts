import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Company, CompanyValues } from '@shared/fleet';

import { apiRequest } from '../../../lib/api-client';
import { COMPANIES_QUERY_KEY } from './get-companies';
import { LOCATIONS_QUERY_KEY } from './get-locations';

export type UpdateCompanyInput = { id: string; changes: Partial<CompanyValues> };

export async function updateCompany({ id, changes }: UpdateCompanyInput): Promise<Company> {
  const res = await apiRequest('PATCH', `/api/companies/${encodeURIComponent(id)}`, changes);
  return (await res.json()) as Company;
}

/** The signed-in user's companies (spec §7), which feed every company picker. */
const USER_COMPANIES_QUERY_KEY = ['/api/user/companies'] as const;

/**
 * A company's name and code also appear in the company pickers (the user's companies) and beside each of
 * its locations, so those are fetched again too.
 */
export function invalidateCompanies(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: COMPANIES_QUERY_KEY }),
    client.invalidateQueries({ queryKey: USER_COMPANIES_QUERY_KEY }),
    client.invalidateQueries({ queryKey: LOCATIONS_QUERY_KEY }),
  ]);
}

/** Edits, deactivations and reactivations; each caller words its own toasts. */
export function useUpdateCompanyMutation() {
  const client = useQueryClient();
  return useMutation<Company, Error, UpdateCompanyInput>({
    mutationFn: updateCompany,
    onSuccess: () => invalidateCompanies(client),
  });
}
