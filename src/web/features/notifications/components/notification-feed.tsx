import { BellOffIcon, CheckCheckIcon, PartyPopperIcon } from 'lucide-react';

import { ListEmpty, ListLoadError } from '../../../components/data-list';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useNotificationFeed, type NotificationFilter } from '../api/get-notification-feed';
import { mayHaveUnread, useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsReadMutation } from '../api/mark-all-notifications-read';
import { useMarkClaimNotificationsReadMutation } from '../api/mark-claim-notifications-read';
import { useMarkNotificationReadMutation } from '../api/mark-notification-read';
import { useNotificationFilter } from '../hooks/use-notification-filter';
import { NotificationList } from './notification-list';
import { NotificationListSkeleton } from './notification-list-skeleton';

const EMPTY: Record<NotificationFilter, { title: string; text: string }> = {
  all: {
    title: 'No notifications yet',
    text: 'Mentions, assignments, status changes and authorization requests on your claims will show up here.',
  },
  unread: { title: "You're all caught up", text: 'You have no unread notifications.' },
};

/** One filter's notifications, page by page, in a card. */
function FeedPanel({ filter }: { filter: NotificationFilter }) {
  const feed = useNotificationFeed(filter);
  const markRead = useMarkNotificationReadMutation();
  const markClaimRead = useMarkClaimNotificationsReadMutation();
  const items = feed.data?.pages.flat();

  if (feed.isPending) {
    return (
      <div className="bg-card overflow-hidden rounded-xl border shadow-xs">
        <NotificationListSkeleton rows={5} label="Loading notifications" />
      </div>
    );
  }
  if (!items) {
    return (
      <ListLoadError
        className=""
        title="Notifications could not be loaded"
        message={feed.error?.message ?? ''}
        retrying={feed.isFetching}
        onRetry={() => void feed.refetch()}
      />
    );
  }
  if (items.length === 0) {
    const empty = EMPTY[filter];
    return (
      <div className="bg-card rounded-xl border shadow-xs">
        <ListEmpty icon={filter === 'unread' ? <PartyPopperIcon /> : <BellOffIcon />} title={empty.title}>
          {empty.text}
        </ListEmpty>
      </div>
    );
  }

  return (
    <div className="grid gap-4">
      <div className="bg-card overflow-hidden rounded-xl border shadow-xs">
        <NotificationList
          label={filter === 'unread' ? 'Unread notifications' : 'All notifications'}
          notifications={items}
          onMarkRead={(ids) => markRead.mutate(ids)}
          onMarkClaimRead={(claimId) => markClaimRead.mutate(claimId)}
        />
      </div>
      {feed.isFetchNextPageError && (
        <p role="alert" className="text-destructive text-center text-sm">
          More notifications could not be loaded: {feed.error?.message}
        </p>
      )}
      {feed.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="outline"
            onClick={() => void feed.fetchNextPage()}
            disabled={feed.isFetchingNextPage}
          >
            {feed.isFetchingNextPage && <Spinner aria-hidden="true" />}
            {feed.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      ) : (
        (feed.data?.pages.length ?? 0) > 1 && (
          <p className="text-muted-foreground text-center text-sm">That's all of your notifications.</p>
        )
      )}
    </div>
  );
}

/**
 * The /notifications screen's content (spec §2): All and Unread tabs, 'Mark all as read', and every
 * notification with its relative time, loaded a page at a time.
 */
export function NotificationFeed() {
  const { filter, setFilter } = useNotificationFilter();
  const latest = useNotifications();
  const markAllRead = useMarkAllNotificationsReadMutation();
  const hasUnread = mayHaveUnread(latest.data);

  return (
    <Tabs value={filter} onValueChange={(value) => setFilter(value === 'unread' ? 'unread' : 'all')}>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
        <TabsList aria-label="Filter notifications">
          <TabsTrigger value="all" className="px-4">
            All
          </TabsTrigger>
          <TabsTrigger value="unread" className="px-4">
            Unread
          </TabsTrigger>
        </TabsList>
        <Button
          variant="outline"
          size="sm"
          onClick={() => markAllRead.mutate()}
          disabled={!hasUnread || markAllRead.isPending}
        >
          <CheckCheckIcon aria-hidden="true" />
          Mark all as read
        </Button>
      </div>
      <TabsContent value="all">
        <FeedPanel filter="all" />
      </TabsContent>
      <TabsContent value="unread">
        <FeedPanel filter="unread" />
      </TabsContent>
    </Tabs>
  );
}
