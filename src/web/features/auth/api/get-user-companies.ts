import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanySummary } from '@shared/users';

/** The companies the current user is linked to (spec §7), whose records they may see. */
export const userCompaniesQueryOptions = () =>
  queryOptions<CompanySummary[]>({ queryKey: ['/api/user/companies'] });

export function useUserCompanies({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...userCompaniesQueryOptions(), enabled });
}
