import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SetupChecklist } from '@shared/setup-checklist';

import { apiRequest } from '../../../lib/api-client';

export async function getSetupChecklist(signal?: AbortSignal): Promise<SetupChecklist> {
  const res = await apiRequest('GET', '/api/setup-checklist', undefined, { signal });
  return (await res.json()) as SetupChecklist;
}

/**
 * Asked again each time the dashboard opens: the steps are taken on other screens (a company added on
 * Companies ticks its step when the admin comes back).
 */
export const setupChecklistQueryOptions = () =>
  queryOptions({
    queryKey: ['setup-checklist'],
    queryFn: ({ signal }) => getSetupChecklist(signal),
    refetchOnMount: 'always',
  });

/** Which first steps of a new installation are done; only asked for administrators. */
export function useSetupChecklist({ enabled }: { enabled: boolean }) {
  return useQuery({ ...setupChecklistQueryOptions(), enabled });
}
