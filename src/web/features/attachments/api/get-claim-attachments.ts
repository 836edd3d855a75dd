import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AttachmentList } from '@shared/attachments';

import { apiRequest } from '../../../lib/api-client';
import { claimQueryKey } from '../../claims';

export const claimAttachmentsQueryKey = (id: string) => [...claimQueryKey(id), 'attachments'] as const;

export async function getClaimAttachments(id: string, signal?: AbortSignal): Promise<AttachmentList> {
  const res = await apiRequest('GET', `/api/vehicles/${encodeURIComponent(id)}/attachments`, undefined, {
    signal,
  });
  return (await res.json()) as AttachmentList;
}

export const claimAttachmentsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: claimAttachmentsQueryKey(id),
    queryFn: ({ signal }) => getClaimAttachments(id, signal),
  });

/** The claim's files, newest first, and the largest file the server takes. */
export function useClaimAttachments(id: string) {
  return useQuery(claimAttachmentsQueryOptions(id));
}
