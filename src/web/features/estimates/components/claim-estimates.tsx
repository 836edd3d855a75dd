import { useState } from 'react';
import { CheckIcon, FileTextIcon, PencilIcon, PlusIcon, XIcon } from 'lucide-react';
import type { Claim } from '@shared/claims';
import { ESTIMATE_SOURCE_LABELS, ESTIMATE_STATUS_LABELS, supplementLabel } from '@shared/estimate-labels';
import { reviewBase, supplementBase } from '@shared/estimate-review';
import type { Estimate, EstimateStatus } from '@shared/estimates';
import {
  canAddEstimate,
  estimateActions,
  type EstimateAction as EstimateButton,
} from '@shared/estimates.policy';
import { formatCents } from '@shared/money';
import type { Holds } from '@shared/permissions';

import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '../../../components/ui/accordion';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useClaimEstimates } from '../api/get-claim-estimates';
import type { EstimateAction } from './estimate-decision-dialog';
import { EstimateDetails } from './estimate-details';
import { RelativeTime, ClaimSection } from '../../claims';
import { lazyDialog } from '../../../components/lazy-dialog';

// The two forms (react-hook-form, the estimate schemas) load after the claim draws (issue 30).
const EstimateFormDialog = lazyDialog(
  () => import('./estimate-form-dialog').then((m) => m.EstimateFormDialog),
  (props) => props.open,
);
const EstimateDecisionDialog = lazyDialog(
  () => import('./estimate-decision-dialog').then((m) => m.EstimateDecisionDialog),
  (props) => props.decision?.open ?? false,
);

const STATUS_TONES: Record<EstimateStatus, string> = {
  pending: 'border-violet-300 bg-violet-50 text-violet-800',
  approved: 'border-emerald-300 bg-emerald-50 text-emerald-800',
  rejected: 'border-destructive/30 bg-destructive/10 text-destructive',
  total_loss: 'border-amber-300 bg-amber-50 text-amber-900',
};

export function EstimateStatusBadge({ status }: { status: EstimateStatus }) {
  return (
    <Badge variant="outline" className={STATUS_TONES[status]}>
      {ESTIMATE_STATUS_LABELS[status]}
    </Badge>
  );
}

function EstimateSummary({ estimate }: { estimate: Estimate }) {
  return (
    <span className="grid min-w-0 flex-1 gap-1">
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-medium">{supplementLabel(estimate.supplementNumber)}</span>
        <span className="text-muted-foreground font-mono text-xs">{estimate.number}</span>
        <EstimateStatusBadge status={estimate.status} />
        <span className="ml-auto tabular-nums">{formatCents(estimate.totalCents)}</span>
      </span>
      <span className="text-muted-foreground text-xs font-normal">
        {ESTIMATE_SOURCE_LABELS[estimate.source]}
        {estimate.createdBy && ` by ${estimate.createdBy.name}`} · <RelativeTime date={estimate.createdAt} />
        {estimate.decidedAt && (
          <>
            {' · '}
            {ESTIMATE_STATUS_LABELS[estimate.status].toLowerCase()}
            {estimate.decidedBy && ` by ${estimate.decidedBy.name}`}{' '}
            <RelativeTime date={estimate.decidedAt} />
          </>
        )}
      </span>
    </span>
  );
}

/** An estimate's buttons: those of `estimateActions` (an imported estimate is never edited here). */
function EstimateButtons({
  actions,
  onDecide,
  onEdit,
}: {
  actions: readonly EstimateButton[];
  onDecide: (action: EstimateAction) => void;
  onEdit: () => void;
}) {
  if (!actions.length) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {actions.includes('approve') && (
        <Button size="sm" onClick={() => onDecide('approve')}>
          <CheckIcon aria-hidden="true" />
          Approve
        </Button>
      )}
      {actions.includes('reject') && (
        <Button size="sm" variant="outline" onClick={() => onDecide('reject')}>
          <XIcon aria-hidden="true" />
          Reject
        </Button>
      )}
      {actions.includes('edit') && (
        <Button size="sm" variant="ghost" onClick={onEdit}>
          <PencilIcon aria-hidden="true" />
          Edit
        </Button>
      )}
    </div>
  );
}

/**
 * The claim's estimates: the original and its supplements, each with its lines and totals. What the user may
 * do is what the server allows (`@shared/estimates.policy`): add an estimate or a supplement, correct one awaiting
 * review, approve or reject it; the claim's estimate amount follows the latest approved one.
 */
export function ClaimEstimates({ claim, holds }: { claim: Claim; holds: Holds }) {
  const estimates = useClaimEstimates(claim.id);
  // What the dialogs show is kept while they close, so they do not change as they fade out.
  // `latest` is what a new supplement starts as a copy of: the latest approved estimate (`supplementBase`).
  const [form, setForm] = useState<{ open: boolean; estimate: Estimate | null; latest: Estimate | null }>({
    open: false,
    estimate: null,
    latest: null,
  });
  const [decision, setDecision] = useState<{
    open: boolean;
    estimate: Estimate;
    action: EstimateAction;
  } | null>(null);
  const items = estimates.data?.items ?? [];
  const latest = items.at(-1) ?? null;
  const base = supplementBase(items);
  const nextSupplement = latest ? latest.supplementNumber + 1 : 0;
  const approved = items.filter((estimate) => estimate.status === 'approved');
  const latestApproved = approved.at(-1) ?? null;
  const decide = (estimate: Estimate, action: EstimateAction) =>
    setDecision({ open: true, estimate, action });
  const canAdd = canAddEstimate(items.length, holds);

  return (
    <ClaimSection
      id="claim-estimates"
      title="Estimates"
      description={
        latestApproved
          ? `The claim’s estimate amount, ${formatCents(latestApproved.totalCents)}, follows ${supplementLabel(latestApproved.supplementNumber).toLowerCase()} ${latestApproved.number}, the latest approved.`
          : 'The claim’s estimate amount follows the latest approved estimate.'
      }
      action={
        canAdd &&
        estimates.isSuccess && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => setForm({ open: true, estimate: null, latest: base })}
          >
            <PlusIcon aria-hidden="true" />
            {items.length ? 'Add supplement' : 'Add estimate'}
          </Button>
        )
      }
      query={estimates}
      loading={
        <div className="grid gap-3" role="status" aria-busy="true" aria-label="Loading the estimates">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      }
      dialogs={
        <>
          <EstimateFormDialog
            claim={claim}
            open={form.open}
            estimate={form.estimate}
            nextSupplementNumber={nextSupplement}
            latest={form.latest}
            originalNumber={items[0]?.number ?? null}
            facility={estimates.data?.facility ?? null}
            onOpenChange={(open) => setForm((current) => ({ ...current, open }))}
          />
          <EstimateDecisionDialog
            claim={claim}
            decision={decision}
            latestApprovedSupplement={latestApproved?.supplementNumber ?? null}
            base={decision ? reviewBase(items, decision.estimate) : null}
            onOpenChange={(open) => setDecision((current) => (current ? { ...current, open } : null))}
          />
        </>
      }
    >
      {() =>
        items.length === 0 ? (
          <div className="text-muted-foreground flex items-center gap-3 text-sm">
            <FileTextIcon aria-hidden="true" className="size-5 shrink-0" />
            <p>
              {claim.estimateAmountCents === null
                ? 'No estimate yet.'
                : `No itemized estimate yet: the claim’s estimate amount, ${formatCents(claim.estimateAmountCents)}, was entered by hand.`}
              {canAdd && ' Add the shop’s estimate with its lines; later changes are added as supplements.'}
            </p>
          </div>
        ) : (
          // Keyed by the newest estimate, so one just added opens (and the others close) to show its actions.
          <Accordion key={latest!.id} type="multiple" defaultValue={[latest!.id]}>
            {items.map((estimate) => (
              <AccordionItem key={estimate.id} value={estimate.id}>
                <AccordionTrigger className="py-3 hover:no-underline">
                  <EstimateSummary estimate={estimate} />
                </AccordionTrigger>
                <AccordionContent className="grid gap-4">
                  <EstimateDetails estimate={estimate} />
                  <EstimateButtons
                    actions={estimateActions(estimate, holds)}
                    onDecide={(action) => decide(estimate, action)}
                    onEdit={() => setForm({ open: true, estimate, latest: null })}
                  />
                </AccordionContent>
              </AccordionItem>
            ))}
          </Accordion>
        )
      }
    </ClaimSection>
  );
}
