import type { BugReport, ContactSubmission } from '@shared/support';
import { BUG_STATUS_LABELS } from '@shared/support';

import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/utils';

export const CONTACT_STATUS_LABELS: Record<ContactSubmission['status'], string> = {
  new: 'New',
  contacted: 'Contacted',
  closed: 'Closed',
};

export const SEVERITY_LABELS: Record<BugReport['severity'], string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};

/** Tints that read at a glance: new work stands out, finished work fades. */
const TONES = {
  new: 'border-primary/25 bg-primary/10 text-primary',
  active: 'border-amber-300 bg-amber-50 text-amber-800',
  review: 'border-violet-300 bg-violet-50 text-violet-800',
  done: 'border-success/30 bg-success/10 text-success',
  muted: 'text-muted-foreground',
  danger: 'border-destructive/30 bg-destructive/10 text-destructive',
} as const;

const CONTACT_TONES: Record<ContactSubmission['status'], keyof typeof TONES> = {
  new: 'new',
  contacted: 'active',
  closed: 'muted',
};

const BUG_TONES: Record<BugReport['status'], keyof typeof TONES> = {
  new: 'new',
  triaged: 'review',
  in_progress: 'active',
  resolved: 'done',
  closed: 'muted',
};

const SEVERITY_TONES: Record<BugReport['severity'], keyof typeof TONES> = {
  low: 'muted',
  medium: 'review',
  high: 'active',
  critical: 'danger',
};

function ToneBadge({ tone, children }: { tone: keyof typeof TONES; children: string }) {
  return (
    <Badge variant="outline" className={cn(TONES[tone])}>
      {children}
    </Badge>
  );
}

export function ContactStatusBadge({ status }: { status: ContactSubmission['status'] }) {
  return <ToneBadge tone={CONTACT_TONES[status]}>{CONTACT_STATUS_LABELS[status]}</ToneBadge>;
}

export function BugStatusBadge({ status }: { status: BugReport['status'] }) {
  return <ToneBadge tone={BUG_TONES[status]}>{BUG_STATUS_LABELS[status]}</ToneBadge>;
}

export function SeverityBadge({ severity }: { severity: BugReport['severity'] }) {
  return <ToneBadge tone={SEVERITY_TONES[severity]}>{SEVERITY_LABELS[severity]}</ToneBadge>;
}
