import { useState } from 'react';
import { ChevronRightIcon } from 'lucide-react';

import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '../../../components/ui/collapsible';
import type { NotificationGroup } from './notification-groups';
import { NotificationItem, type NotificationLineActions } from './notification-item';

const unreadIds = (group: NotificationGroup) =>
  group.items.filter((notification) => !notification.isRead).map((notification) => notification.id);

/**
 * A line of the list: one notification, or a claim's several as the newest with their count. The count is a
 * disclosure button (Enter or Space, `aria-expanded`; focus stays on it) that lists the group's notifications
 * under the line, each opening its claim and with its own check button, as a line of its own would.
 */
export function NotificationGroupLine({
  group,
  now,
  onMarkRead,
  ...actions
}: NotificationLineActions & {
  group: NotificationGroup;
  now: number;
  /** Marks these notifications read. */
  onMarkRead: (ids: readonly string[]) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const { latest, count, unread } = group;
  return (
    <NotificationItem
      notification={latest}
      count={count}
      unread={unread}
      now={now}
      onMarkRead={() => onMarkRead(unreadIds(group))}
      {...actions}
    >
      {count > 1 && (
        <Collapsible open={expanded} onOpenChange={setExpanded}>
          <CollapsibleTrigger className="group/fold hover:bg-accent/70 focus-visible:ring-ring/50 text-muted-foreground ms-11 mb-1 inline-flex min-h-8 items-center gap-1 rounded-md px-2 text-left text-xs font-medium outline-none focus-visible:ring-[3px]">
            <ChevronRightIcon
              aria-hidden="true"
              className="size-3.5 shrink-0 transition-transform group-data-[state=open]/fold:rotate-90 motion-reduce:transition-none"
            />
            <span data-testid="notification-count">
              {count} notifications about this claim{unread > 0 ? ` · ${unread} unread` : ''}
            </span>
          </CollapsibleTrigger>
          <CollapsibleContent asChild>
            <ul
              aria-label="Notifications about this claim"
              className="bg-popover ms-6 mb-1 divide-y border-s"
            >
              {group.items.map((notification) => (
                <NotificationItem
                  key={notification.id}
                  notification={notification}
                  now={now}
                  onMarkRead={() => onMarkRead([notification.id])}
                  {...actions}
                />
              ))}
            </ul>
          </CollapsibleContent>
        </Collapsible>
      )}
    </NotificationItem>
  );
}
