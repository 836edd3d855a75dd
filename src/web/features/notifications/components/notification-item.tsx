import { useRef, type ReactNode } from 'react';
import { CheckIcon } from 'lucide-react';
import { Link } from 'wouter';
import type { Notification } from '@shared/notifications';

import { Button } from '../../../components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '../../../components/ui/tooltip';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-relative-time';
import { cn } from '../../../lib/utils';
import { NotificationTypeIcon } from './notification-type-icon';

const TARGET_CLASS =
  'flex min-w-0 flex-1 items-start gap-3 rounded-md px-2 py-2.5 text-left outline-none focus-visible:ring-ring/50 focus-visible:ring-[3px]';
const ACTIONABLE_CLASS = 'hover:bg-accent/70 cursor-pointer';

/** What a line does when used: the list passes these down to every line, a group's inner ones too. */
export interface NotificationLineActions {
  /** Marks all of a claim's notifications read (opening the claim does the same). */
  onMarkClaimRead: (claimId: string) => void;
  /** Called when a line opens its claim (the popover closes). */
  onNavigate?: () => void;
}

/** Where a line leads: its claim, or for a driver's report (about no claim yet) the triage list. */
function notificationHref({ type, relatedVehicleId }: Notification): string | null {
  if (relatedVehicleId) return `/vehicles/${relatedVehicleId}`;
  return type === 'driver_report' ? '/driver-reports' : null;
}

/**
 * One line: a notification, or the newest of a claim's several (type icon, title, message and how long ago).
 * Clicking it, when it is about a claim, marks the claim's notifications read and opens the claim; a driver's report
 * is marked read and opens Driver Reports. The check button (and a click on one about nothing to open) marks read
 * what the line stands for and stays here (spec §3, §4).
 * `children` go under the line (a group's list of its notifications).
 */
export function NotificationItem({
  notification,
  count = 1,
  unread = notification.isRead ? 0 : 1,
  now,
  onMarkRead,
  onMarkClaimRead,
  onNavigate,
  children,
}: NotificationLineActions & {
  /** The one shown: the newest of its group. */
  notification: Notification;
  /** How many notifications this line stands for, and how many of them are unread. */
  count?: number;
  unread?: number;
  now: number;
  /** Marks read the unread ones this line stands for. */
  onMarkRead: () => void;
  children?: ReactNode;
}) {
  const { title, message, createdAt, relatedVehicleId } = notification;
  const isRead = unread === 0;
  const target = useRef<HTMLAnchorElement>(null);
  const href = notificationHref(notification);

  const content: ReactNode = (
    <>
      <NotificationTypeIcon type={notification.type} />
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="flex items-center gap-2">
          <span className={cn('min-w-0 text-sm break-words', isRead ? 'font-medium' : 'font-semibold')}>
            {!isRead && <span className="sr-only">Unread: </span>}
            {title}
          </span>
          {!isRead && <span aria-hidden="true" className="bg-primary size-2 shrink-0 rounded-full" />}
        </span>
        <span className="text-muted-foreground line-clamp-2 text-sm break-words">{message}</span>
        <time
          dateTime={createdAt}
          title={formatDateTime(createdAt)}
          className="text-muted-foreground text-xs"
        >
          {formatRelativeTime(createdAt, now)}
        </time>
      </span>
    </>
  );

  return (
    <li data-read={isRead} className={cn('px-1.5 py-1', !isRead && 'bg-primary/[0.04]')}>
      <div className="flex items-start gap-1">
        {href ? (
          <Link
            ref={target}
            href={href}
            onClick={() => {
              // The claim page marks them read as it opens; doing it here too shows it at once.
              if (!isRead && relatedVehicleId) onMarkClaimRead(relatedVehicleId);
              else if (!isRead) onMarkRead();
              onNavigate?.();
            }}
            className={cn(TARGET_CLASS, ACTIONABLE_CLASS)}
          >
            {content}
          </Link>
        ) : !isRead ? (
          <button type="button" onClick={onMarkRead} className={cn(TARGET_CLASS, ACTIONABLE_CLASS)}>
            {content}
          </button>
        ) : (
          <div className={TARGET_CLASS}>{content}</div>
        )}
        {!isRead && (
          <Tooltip>
            <TooltipTrigger asChild>
              <Button
                variant="ghost"
                size="icon"
                className="text-muted-foreground hover:text-foreground mt-1.5 size-8"
                aria-label={
                  count > 1 ? `Mark "${title}" and ${count - 1} more as read` : `Mark "${title}" as read`
                }
                onClick={() => {
                  onMarkRead();
                  // The button goes once the line is read: focus stays on the line instead of falling out.
                  target.current?.focus();
                }}
              >
                <CheckIcon aria-hidden="true" />
              </Button>
            </TooltipTrigger>
            <TooltipContent>Mark as read</TooltipContent>
          </Tooltip>
        )}
      </div>
      {children}
    </li>
  );
}
