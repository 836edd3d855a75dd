import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TagReportLink } from '@shared/driver-reports';
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
 * `GET /api/vehicles/{id}/window-tag/report-link`: the tag's second code, the claim's vehicle's report link (issue
 * 32), answered only to a signed-in user who edits claims; null for a visitor (the public tag never carries it).
 */
export function useTagReportUrl(id: string): string | null {
  const { data } = useQuery({
    queryKey: [...windowTagQueryKey(id), 'report-link'],
    queryFn: async ({ signal }) =>
      (await (
        await apiRequest('GET', `/api/vehicles/${encodeURIComponent(id)}/window-tag/report-link`, undefined, {
          signal,
          cache: 'no-store',
        })
      ).json()) as TagReportLink,
  });
  return data?.url ?? null;
}
