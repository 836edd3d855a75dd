import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Notification } from '@shared/notifications';

import { apiRequest } from '../../../lib/api-client';
import { NOTIFICATION_FEED_QUERY_KEY } from './notifications-cache';

export type NotificationFilter = 'all' | 'unread';

export const NOTIFICATION_FEED_PAGE_SIZE = 20;

export async function getNotificationPage(
  filter: NotificationFilter,
  after: string | undefined,
  signal?: AbortSignal,
): Promise<Notification[]> {
  const params = new URLSearchParams({ filter, limit: String(NOTIFICATION_FEED_PAGE_SIZE) });
  if (after) params.set('after', after);
  // 'no-store': the browser's HTTP cache is shared by everyone using this browser.
  const res = await apiRequest('GET', `/api/notifications?${params.toString()}`, undefined, {
    signal,
    cache: 'no-store',
  });
  return (await res.json()) as Notification[];
}

/**
 * The /notifications screen's list, page by page ("Load more"): each page starts after the last
 * notification of the previous one, so new arrivals never shift or repeat what is already shown.
 */
export const notificationFeedQueryOptions = (filter: NotificationFilter) =>
  infiniteQueryOptions({
    queryKey: [...NOTIFICATION_FEED_QUERY_KEY, filter],
    queryFn: ({ pageParam, signal }) => getNotificationPage(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) =>
      lastPage.length === NOTIFICATION_FEED_PAGE_SIZE ? lastPage.at(-1)?.id : undefined,
  });

export function useNotificationFeed(filter: NotificationFilter) {
  return useInfiniteQuery(notificationFeedQueryOptions(filter));
}
