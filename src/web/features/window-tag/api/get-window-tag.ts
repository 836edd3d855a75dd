import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportLink } from '@shared/driver-reports';
import type { WindowTag } from '@shared/window-tag';

import { apiRequest } from '../../../lib/api-client';
import { claimQueryKey } from '../../claims';

export const windowTagQueryKey = (id: string) => [...claimQueryKey(id), 'window-tag'] as const;

/** `GET /api/vehicles/{id}/window-tag`: public, no login needed. */
export async function getWindowTag(id: string, signal?: AbortSignal): Promise<WindowTag> {
  const res = await apiRequest('GET', `/api/vehicles/${encodeURIComponent(id)}/window-tag`, undefined, {
    signal,
    cache: 'no-store',
  });
  return (await res.json()) as WindowTag;
}

export const windowTagQueryOptions = (id: string) =>
  queryOptions({ queryKey: windowTagQueryKey(id), queryFn: ({ signal }) => getWindowTag(id, signal) });

export function useWindowTag(id: string) {
  return useQuery(windowTagQueryOptions(id));
}

/**
 * `GET /api/vehicles/{id}/report-link`: the claim's vehicle's report link, the tag's second code (issue 32). Only for
 * who edits claims (`enabled`): the public tag never carries it. Answers the address while the link is on.
 */
export function useTagReportUrl(id: string, enabled: boolean): string | null {
  const { data } = useQuery({
    queryKey: [...claimQueryKey(id), 'report-link'],
    enabled,
    queryFn: async ({ signal }) =>
      (await (
        await apiRequest('GET', `/api/vehicles/${encodeURIComponent(id)}/report-link`, undefined, {
          signal,
          cache: 'no-store',
        })
      ).json()) as ReportLink,
  });
  return enabled && data?.active ? data.url : null;
}
