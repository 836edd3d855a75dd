import { useMemo } from 'react';
import type { Notification } from '@shared/notifications';

import { cn } from '../../../lib/utils';
import { useNow } from '../../../hooks/use-now';
import { groupByClaim } from './notification-groups';
import { NotificationGroupLine } from './notification-group';

/**
 * Notifications newest first, as in the bell's popover and on the /notifications screen: a claim's several
 * notifications are one line with their count (`groupByClaim`), placed where the newest of them is, which
 * expands to list them; a mention always has a line of its own.
 */
export function NotificationList({
  notifications,
  label,
  onMarkRead,
  onMarkClaimRead,
  onNavigate,
  className,
}: {
  notifications: readonly Notification[];
  label: string;
  onMarkRead: (ids: readonly string[]) => void;
  onMarkClaimRead: (claimId: string) => void;
  onNavigate?: () => void;
  className?: string;
}) {
  const now = useNow();
  const groups = useMemo(() => groupByClaim(notifications), [notifications]);
  return (
    <ul aria-label={label} className={cn('divide-y', className)}>
      {groups.map((group) => (
        <NotificationGroupLine
          // A claim's group keeps its line (and whether it is expanded) when a newer notification joins it.
          key={group.claimId ?? group.latest.id}
          group={group}
          now={now}
          onMarkRead={onMarkRead}
          onMarkClaimRead={onMarkClaimRead}
          onNavigate={onNavigate}
        />
      ))}
    </ul>
  );
}
