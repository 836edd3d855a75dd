import {
  ArrowRightLeftIcon,
  AtSignIcon,
  ClipboardCheckIcon,
  ClipboardListIcon,
  InfoIcon,
  TriangleAlertIcon,
  ReceiptTextIcon,
  UserRoundCheckIcon,
  WrenchIcon,
  type LucideIcon,
} from 'lucide-react';
import { NOTIFICATION_TYPE_LABELS } from '@shared/notification-preferences';
import type { NotificationType } from '@shared/notifications';

import { cn } from '../../../lib/utils';

const TYPES: Record<NotificationType, { icon: LucideIcon; tone: string }> = {
  mention: { icon: AtSignIcon, tone: 'bg-violet-100 text-violet-700' },
  assignment: { icon: UserRoundCheckIcon, tone: 'bg-sky-100 text-sky-700' },
  status_change: {
    icon: ArrowRightLeftIcon,
    tone: 'bg-emerald-100 text-emerald-700',
  },
  authorization_request: {
    icon: ClipboardListIcon,
    tone: 'bg-amber-100 text-amber-800',
  },
  authorization_decision: {
    icon: ClipboardCheckIcon,
    tone: 'bg-teal-100 text-teal-700',
  },
  shop_update: { icon: WrenchIcon, tone: 'bg-orange-100 text-orange-800' },
  estimate_review: {
    icon: ReceiptTextIcon,
    tone: 'bg-indigo-100 text-indigo-700',
  },
  driver_report: { icon: TriangleAlertIcon, tone: 'bg-rose-100 text-rose-700' },
  system: { icon: InfoIcon, tone: 'bg-slate-100 text-slate-600' },
};

/** What kind of notification this is, as an icon in a tinted circle; 'mention' has its own (spec §3). */
export function NotificationTypeIcon({ type, className }: { type: NotificationType; className?: string }) {
  const { icon: Icon, tone } = TYPES[type];
  const label = NOTIFICATION_TYPE_LABELS[type];
  return (
    <span
      role="img"
      aria-label={label}
      data-type={type}
      className={cn('flex size-8 shrink-0 items-center justify-center rounded-full', tone, className)}
    >
      <Icon aria-hidden="true" className="size-4" />
    </span>
  );
}
