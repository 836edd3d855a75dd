import { lazy, Suspense, useId, useState } from 'react';
import { BellIcon, BellOffIcon, CheckCheckIcon } from 'lucide-react';
import { Link } from 'wouter';

import { ListEmpty } from '../../../components/data-list';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover';
import { countUnread, unreadBadgeText, useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsReadMutation } from '../api/mark-all-notifications-read';
import { useMarkClaimNotificationsReadMutation } from '../api/mark-claim-notifications-read';
import { useMarkNotificationReadMutation } from '../api/mark-notification-read';
import { NotificationListSkeleton } from './notification-list-skeleton';

// The list (its claim groups, lines and their disclosure) loads when the popover first opens: the bell is on
// every signed-in screen, and only its count draws with the screen (issue 30).
const NotificationList = lazy(() =>
  import('./notification-list').then((m) => ({ default: m.NotificationList })),
);

/**
 * The bell in the page header (spec §2, §4): the unread count on a badge ('9+' above 9), and a popover
 * with the newest notifications, a scrolling list at most 24rem high, 'Mark all as read' and 'View All'.
 * It polls every 5 s for as long as someone is signed in.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const notifications = useNotifications();
  const markRead = useMarkNotificationReadMutation();
  const markClaimRead = useMarkClaimNotificationsReadMutation();
  const markAllRead = useMarkAllNotificationsReadMutation();
  const list = notifications.data;
  const unread = countUnread(list);
  const badge = unreadBadgeText(unread);

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={unread > 0 ? `Notifications, ${badge} unread` : 'Notifications'}
        >
          <BellIcon aria-hidden="true" className="size-5" />
          {unread > 0 && (
            <Badge
              variant="destructive"
              aria-hidden="true"
              className="absolute -top-0.5 -right-0.5 h-[18px] min-w-[18px] rounded-full px-1 text-[10px] leading-none tabular-nums"
            >
              {badge}
            </Badge>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="end"
        collisionPadding={8}
        aria-labelledby={headingId}
        className="flex w-[min(24rem,calc(100vw-1rem))] flex-col p-0"
      >
        <div className="flex min-h-12 items-center justify-between gap-2 border-b py-1.5 pr-2 pl-4">
          <h2 id={headingId} className="font-semibold">
            Notifications
          </h2>
          {unread > 0 && (
            <Button
              variant="ghost"
              size="sm"
              className="text-primary"
              onClick={() => markAllRead.mutate()}
              disabled={markAllRead.isPending}
            >
              <CheckCheckIcon aria-hidden="true" />
              Mark all as read
            </Button>
          )}
        </div>
        {notifications.isPending ? (
          <NotificationListSkeleton label="Loading notifications" />
        ) : !list ? (
          <div role="alert" className="flex flex-col items-center gap-3 px-6 py-8 text-center text-sm">
            <p className="font-medium">Notifications could not be loaded</p>
            <p className="text-muted-foreground">{notifications.error?.message}</p>
            <Button
              variant="outline"
              size="sm"
              onClick={() => void notifications.refetch()}
              disabled={notifications.isFetching}
            >
              Try again
            </Button>
          </div>
        ) : list.length === 0 ? (
          <ListEmpty className="gap-2 py-10" icon={<BellOffIcon />} title="No notifications yet">
            Mentions, assignments and status changes on your claims will show up here.
          </ListEmpty>
        ) : (
          <Suspense fallback={<NotificationListSkeleton label="Loading notifications" />}>
            <NotificationList
              label="Latest notifications"
              notifications={list}
              onMarkRead={(ids) => markRead.mutate(ids)}
              onMarkClaimRead={(claimId) => markClaimRead.mutate(claimId)}
              onNavigate={() => setOpen(false)}
              className="max-h-96 overflow-y-auto overscroll-contain"
            />
          </Suspense>
        )}
        <div className="border-t p-1.5">
          <Button asChild variant="ghost" size="sm" className="text-primary w-full">
            <Link href="/notifications" onClick={() => setOpen(false)}>
              View All
            </Link>
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}
