import { queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATION_BADGE_CAP, NOTIFICATION_POLL_INTERVAL_MS } from '@shared/constants';
import { NOTIFICATIONS_DEFAULT_LIMIT, type Notification } from '@shared/notifications';

import { getRevalidatingQueryFn } from '../../../lib/api-client';
import { NOTIFICATION_FEED_QUERY_KEY, NOTIFICATIONS_QUERY_KEY } from './notifications-cache';

const revalidate = getRevalidatingQueryFn<Notification[]>();

/**
 * The current user's newest notifications (the server's default page of 50), polled every 5 s even while
 * the tab is in the background (spec §7, §9). Each poll sends the last ETag, so an unchanged list costs a
 * 304 and no re-render. A changed list means the user's notifications changed: the /notifications pages
 * follow (refetched if on screen, marked stale otherwise) without polling on their own.
 */
export const notificationsQueryOptions = () =>
  queryOptions<Notification[]>({
    queryKey: NOTIFICATIONS_QUERY_KEY,
    queryFn: async (context) => {
      const before = context.client.getQueryData<Notification[]>(NOTIFICATIONS_QUERY_KEY);
      const list = await revalidate(context);
      if (before !== undefined && list !== before) {
        void context.client.invalidateQueries(
          { queryKey: NOTIFICATION_FEED_QUERY_KEY },
          { cancelRefetch: false },
        );
      }
      return list;
    },
    refetchInterval: NOTIFICATION_POLL_INTERVAL_MS,
    refetchIntervalInBackground: true,
  });

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}

export function countUnread(notifications: readonly Notification[] | undefined): number {
  return notifications?.filter((notification) => !notification.isRead).length ?? 0;
}

/**
 * Whether 'Mark all as read' has anything to do. The polled list is the newest 50: when it is full, older
 * notifications beyond it may still be unread.
 */
export function mayHaveUnread(notifications: readonly Notification[] | undefined): boolean {
  return countUnread(notifications) > 0 || (notifications?.length ?? 0) >= NOTIFICATIONS_DEFAULT_LIMIT;
}

/** The bell's badge: the count, or '9+' above 9 (spec §4, §9). */
export function unreadBadgeText(count: number): string {
  return count > NOTIFICATION_BADGE_CAP ? `${NOTIFICATION_BADGE_CAP}+` : String(count);
}
