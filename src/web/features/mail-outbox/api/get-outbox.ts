import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OutboxMail, OutboxStatus } from '@shared/mail-outbox';

import { listSearchParams } from '../../../components/data-list';
import { apiRequest } from '../../../lib/api-client';

export const OUTBOX_PAGE_SIZE = 25;

/** Every outbox query lives under this key. */
export const OUTBOX_QUERY_KEY = ['/api/mail-outbox'] as const;

export type OutboxFilter = { search?: string | undefined; status?: OutboxStatus | undefined; page: number };
export type OutboxList = { items: OutboxMail[]; total: number; page: number; pageSize: number };

/** `GET /api/mail-outbox`: held and failed mail, newest first. */
export async function getOutbox(filter: OutboxFilter): Promise<OutboxList> {
  const params = listSearchParams({ ...filter, pageSize: OUTBOX_PAGE_SIZE });
  const res = await apiRequest('GET', `/api/mail-outbox?${params.toString()}`);
  return (await res.json()) as OutboxList;
}

export const outboxQueryOptions = (filter: OutboxFilter) =>
  queryOptions({
    queryKey: [...OUTBOX_QUERY_KEY, 'list', filter],
    queryFn: () => getOutbox(filter),
    placeholderData: keepPreviousData,
  });

export function useOutbox(filter: OutboxFilter) {
  return useQuery(outboxQueryOptions(filter));
}
