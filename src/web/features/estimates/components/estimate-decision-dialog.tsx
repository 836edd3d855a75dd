import { useState } from 'react';
import { CircleAlertIcon } from 'lucide-react';
import type { Claim } from '@shared/claims';
import {
  estimateDecisionSchema,
  nextMoveAfterEstimate,
  supplementLabel,
  type Estimate,
} from '@shared/estimates';
import type { ClaimStatus } from '@shared/workflows';
import { formatCents } from '@shared/money';

import { DialogHeading } from '../../../components/form-dialog';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../hooks/use-toast';
import { ApiError } from '../../../lib/api-client';
import { useDecideEstimateMutation } from '../api/decide-estimate';
import { EstimateChanges } from './estimate-changes';
import { NextMoveOffer } from './next-move-offer';

export type EstimateAction = 'approve' | 'reject';

function DecisionForm({
  claim,
  estimate,
  action,
  onDone,
}: {
  claim: Claim;
  estimate: Estimate;
  action: EstimateAction;
  /** Called once decided, with what happened (for the next-move offer). */
  onDone: (done: string) => void;
}) {
  const mutation = useDecideEstimateMutation();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const name = `${supplementLabel(estimate.supplementNumber)} ${estimate.number}`;

  const submit = () => {
    const decision = { action, version: estimate.version, note };
    // The server's own schema: a rejection needs its reason.
    const checked = estimateDecisionSchema.safeParse(decision);
    if (!checked.success) {
      setNoteError(checked.error.issues[0]?.message ?? 'Check the note');
      return;
    }
    mutation.mutate(
      { claimId: claim.id, id: estimate.id, decision: checked.data },
      {
        onSuccess: () => {
          const done =
            action === 'approve'
              ? `${name} approved for ${formatCents(estimate.totalCents)}.`
              : `${name} was rejected.`;
          toast({
            title: action === 'approve' ? 'Estimate approved' : 'Estimate rejected',
            description: done,
          });
          onDone(done);
        },
        onError: (error) => {
          const message = error instanceof ApiError ? error.fieldErrors?.note?.[0] : undefined;
          if (message) setNoteError(message);
        },
      },
    );
  };

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="grid gap-2">
        <Label htmlFor="estimate-decision-note">{action === 'reject' ? 'Reason' : 'Note (optional)'}</Label>
        <Textarea
          id="estimate-decision-note"
          value={note}
          maxLength={2000}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={noteError ? 'estimate-decision-note-error' : undefined}
          onChange={(event) => {
            setNote(event.target.value);
            setNoteError(null);
          }}
          placeholder={action === 'reject' ? 'What is wrong with it, what the shop should change' : undefined}
        />
        {noteError && (
          <p id="estimate-decision-note-error" className="text-destructive text-sm">
            {noteError}
          </p>
        )}
      </div>
      {mutation.isError && !noteError && (
        <Alert variant="destructive">
          <CircleAlertIcon />
          <AlertTitle>
            {action === 'approve' ? 'Could not approve the estimate' : 'Could not reject the estimate'}
          </AlertTitle>
          <AlertDescription>
            <p>{mutation.error.message}</p>
          </AlertDescription>
        </Alert>
      )}
      <FormDialogFooter
        pending={mutation.isPending}
        variant={action === 'reject' ? 'destructive' : 'default'}
        submitLabel={action === 'approve' ? 'Approve estimate' : 'Reject estimate'}
      />
    </form>
  );
}

/**
 * Approves an estimate (the claim's estimate and approved amounts may follow it) or rejects it with a reason,
 * showing first what it changes against the latest approved estimate. Once decided, the claim move that
 * naturally follows (`nextMoveAfterEstimate`: Repair approved; In repair after a supplement either way) is
 * offered in the same dialog.
 */
export function EstimateDecisionDialog({
  claim,
  decision,
  latestApprovedSupplement,
  base,
  onOpenChange,
}: {
  claim: Claim;
  /** The estimate and what to do with it. */
  decision: { open: boolean; estimate: Estimate; action: EstimateAction } | null;
  /** The highest supplement already approved, if any: a lower one does not change the claim's amount. */
  latestApprovedSupplement: number | null;
  /** The approved estimate it is reviewed against (`reviewBase`), if any. */
  base: Estimate | null;
  onOpenChange: (open: boolean) => void;
}) {
  const [offer, setOffer] = useState<{ key: string; to: ClaimStatus; done: string } | null>(null);
  const estimate = decision?.estimate;
  const key = decision ? `${decision.estimate.id}-${decision.action}` : '';
  const offered = offer && offer.key === key ? offer : null;
  const becomesAmount =
    estimate && (latestApprovedSupplement === null || estimate.supplementNumber > latestApprovedSupplement);
  return (
    <Dialog open={decision?.open ?? false} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        {offered ? (
          <NextMoveOffer
            claim={claim}
            to={offered.to}
            done={offered.done}
            following="the decision"
            onClose={() => onOpenChange(false)}
          />
        ) : (
          <>
            <DialogHeading
              title={
                estimate
                  ? `${decision.action === 'approve' ? 'Approve' : 'Reject'} ${supplementLabel(estimate.supplementNumber).toLowerCase()} ${estimate.number}?`
                  : 'Decide the estimate'
              }
              description={
                estimate &&
                (decision.action === 'approve'
                  ? becomesAmount
                    ? `${formatCents(estimate.totalCents)}. The claim’s estimate and approved amounts become ${formatCents(estimate.totalCents)}.`
                    : `${formatCents(estimate.totalCents)}. A later supplement is already approved, so the claim’s amounts stay as they are.`
                  : `${formatCents(estimate.totalCents)}. A rejected estimate stays on the claim for the record; the shop can send a supplement.`)
              }
            />
            {estimate && <EstimateChanges estimate={estimate} base={base} />}
            {decision && (
              <DecisionForm
                key={key}
                claim={claim}
                estimate={decision.estimate}
                action={decision.action}
                onDone={(done) => {
                  const event = decision.action === 'approve' ? 'approved' : 'rejected';
                  const to = nextMoveAfterEstimate(event, claim);
                  if (to) setOffer({ key, to, done });
                  else onOpenChange(false);
                }}
              />
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
