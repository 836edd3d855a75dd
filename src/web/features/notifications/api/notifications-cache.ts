import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Notification } from '@shared/notifications';

import { ApiError } from '../../../lib/api-client';

/** The polled list (the spec's key: the default URL rule gives `GET /api/notifications`). */
export const NOTIFICATIONS_QUERY_KEY = ['/api/notifications'] as const;
/** The pages of the /notifications screen, one cache entry per filter. */
export const NOTIFICATION_FEED_QUERY_KEY = ['/api/notifications', 'feed'] as const;

export type NotificationFeedData = InfiniteData<Notification[], string | undefined>;

/** What the notification queries held before an optimistic change, to put back if the call fails. */
export type NotificationsSnapshot = [QueryKey, unknown][];

function isFeed(data: unknown): data is NotificationFeedData {
  return typeof data === 'object' && data !== null && 'pages' in data && Array.isArray(data.pages);
}

/** Applies `change` to every notification in a cached list or feed; unchanged items keep their identity. */
function mapCached(data: unknown, change: (notification: Notification) => Notification): unknown {
  if (Array.isArray(data)) return (data as Notification[]).map(change);
  if (isFeed(data)) return { ...data, pages: data.pages.map((page) => page.map(change)) };
  return data;
}

/**
 * Shows the notifications `which` selects as read in the bell and on the page at once, before the server
 * answers. In-flight fetches are cancelled first so an older answer cannot overwrite the change.
 */
export async function markReadInCache(
  client: QueryClient,
  which: (notification: Notification) => boolean,
): Promise<NotificationsSnapshot> {
  await client.cancelQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
  const snapshot = client.getQueriesData({ queryKey: NOTIFICATIONS_QUERY_KEY });
  client.setQueriesData({ queryKey: NOTIFICATIONS_QUERY_KEY }, (data: unknown) =>
    mapCached(data, (notification) =>
      !notification.isRead && which(notification) ? { ...notification, isRead: true } : notification,
    ),
  );
  return snapshot;
}

export function restoreCache(client: QueryClient, snapshot: NotificationsSnapshot | undefined) {
  for (const [queryKey, data] of snapshot ?? []) client.setQueryData(queryKey, data);
}

/** A 401 already ended the session with its own toast; a second one would hide it (one toast at a time). */
export function endedSession(error: Error): boolean {
  return error instanceof ApiError && error.status === 401;
}
