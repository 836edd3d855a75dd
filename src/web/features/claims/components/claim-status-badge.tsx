import { STATUS_LABELS, type ClaimStatus } from '@shared/workflows';

import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/utils';

/**
 * The stage a status belongs to, so a list reads at a glance: new work, waiting on a decision, being
 * repaired, ready, done, paused, or ended without a repair.
 */
export type ClaimStage = 'intake' | 'decision' | 'repair' | 'ready' | 'done' | 'paused' | 'stopped';

export const CLAIM_STAGE: Record<ClaimStatus, ClaimStage> = {
  reported: 'intake',
  estimate_pending: 'intake',
  diagnosis: 'intake',
  estimate_review: 'decision',
  authorization_pending: 'decision',
  supplement_review: 'decision',
  approved: 'repair',
  authorized: 'repair',
  parts_ordered: 'repair',
  in_repair: 'repair',
  quality_check: 'repair',
  ready_for_pickup: 'ready',
  completed: 'done',
  closed: 'done',
  on_hold: 'paused',
  declined: 'stopped',
  total_loss: 'stopped',
  cancelled: 'stopped',
};

export const STAGE_TONES: Record<ClaimStage, string> = {
  intake: 'border-sky-300 bg-sky-50 text-sky-800',
  decision: 'border-violet-300 bg-violet-50 text-violet-800',
  repair: 'border-amber-300 bg-amber-50 text-amber-800',
  ready: 'border-emerald-300 bg-emerald-50 text-emerald-800',
  done: 'border-success/30 bg-success/10 text-success',
  paused: 'border-orange-300 bg-orange-50 text-orange-800',
  stopped: 'border-destructive/30 bg-destructive/10 text-destructive',
};

/** A claim's status in words (STATUS_LABELS), tinted by its stage. */
export function ClaimStatusBadge({ status, className }: { status: ClaimStatus; className?: string }) {
  return (
    <Badge
      variant="outline"
      data-stage={CLAIM_STAGE[status]}
      className={cn(STAGE_TONES[CLAIM_STAGE[status]], className)}
    >
      {STATUS_LABELS[status]}
    </Badge>
  );
}
