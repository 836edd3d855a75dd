import {
  ArrowRightLeftIcon,
  AtSignIcon,
  ClipboardCheckIcon,
  ClipboardListIcon,
  InfoIcon,
  ReceiptTextIcon,
  UserRoundCheckIcon,
  type LucideIcon,
} from 'lucide-react';
import type { NotificationType } from '@shared/notifications';

import { cn } from '../../../lib/utils';

const TYPES: Record<NotificationType, { label: string; icon: LucideIcon; tone: string }> = {
  mention: { label: 'Mention', icon: AtSignIcon, tone: 'bg-violet-100 text-violet-700' },
  assignment: { label: 'Assignment', icon: UserRoundCheckIcon, tone: 'bg-sky-100 text-sky-700' },
  status_change: {
    label: 'Status change',
    icon: ArrowRightLeftIcon,
    tone: 'bg-emerald-100 text-emerald-700',
  },
  authorization_request: {
    label: 'Authorization request',
    icon: ClipboardListIcon,
    tone: 'bg-amber-100 text-amber-800',
  },
  authorization_decision: {
    label: 'Authorization decision',
    icon: ClipboardCheckIcon,
    tone: 'bg-teal-100 text-teal-700',
  },
  estimate_review: {
    label: 'Estimate review',
    icon: ReceiptTextIcon,
    tone: 'bg-indigo-100 text-indigo-700',
  },
  system: { label: 'System', icon: InfoIcon, tone: 'bg-slate-100 text-slate-600' },
};

/** What kind of notification this is, as an icon in a tinted circle; 'mention' has its own (spec §3). */
export function NotificationTypeIcon({ type, className }: { type: NotificationType; className?: string }) {
  const { label, icon: Icon, tone } = TYPES[type];
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
