import { useState } from 'react';
import { useIsFetching } from '@tanstack/react-query';
import { CircleAlertIcon } from 'lucide-react';
import type { Claim } from '@shared/claims';
import { finalCostPrefill } from '@shared/money-facts';
import { STATUS_LABELS, type ClaimStatus } from '@shared/workflows';

import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../hooks/use-toast';
import { centsToDollarsText } from '../../../lib/form-numbers';
import { isConflict } from '../api/claim-cache';
import { claimQueryKey } from '../api/get-claim';
import { useTransitionClaimMutation } from '../api/transition-claim';
import { FinalCostField, finalCostOf } from './final-cost-field';

/** The server keeps at most this much of a move's note (`transitionRequestSchema`). */
const NOTE_MAX = 2000;

/** Moves that end or pause the work get a red confirm button. */
const ENDING: readonly ClaimStatus[] = ['cancelled', 'total_loss', 'declined'];

const orList = new Intl.ListFormat('en', { type: 'disjunction' });

/**
 * Where the move stands against the claim as the page now holds it. After a 409 the claim is fetched again
 * (`refreshing`); it may then already be where the user wanted it (`arrived`), be somewhere the move is no
 * longer allowed from (`blocked`), or still allow it (`ready`, confirmed again against the fresh version).
 */
type MoveStage = 'ready' | 'refreshing' | 'arrived' | 'blocked';

function moveStage(
  claim: Pick<Claim, 'status' | 'allowedTransitions'>,
  to: ClaimStatus,
  { conflict, refreshing }: { conflict: boolean; refreshing: boolean },
): MoveStage {
  if (conflict && refreshing) return 'refreshing';
  if (claim.status === to) return 'arrived';
  return claim.allowedTransitions.includes(to) ? 'ready' : 'blocked';
}

function describeStage(stage: MoveStage, claim: Claim, to: ClaimStatus) {
  const target = STATUS_LABELS[to];
  const current = STATUS_LABELS[claim.status];
  switch (stage) {
    case 'refreshing':
      return { title: `Move to ${target}?`, description: 'Loading the claim as it is now…' };
    case 'arrived':
      return {
        title: 'No move needed',
        description: `${claim.claimNumber} is already ${target}: someone else moved it while you had the page open.`,
      };
    case 'blocked':
      return {
        title: `Cannot move to ${target} now`,
        description: `${claim.claimNumber} is now ${current}, and from there it cannot move to ${target}. ${
          claim.allowedTransitions.length > 0
            ? `It can move to ${orList.format(claim.allowedTransitions.map((status) => STATUS_LABELS[status]))}.`
            : 'No further moves are open to you from there.'
        }`,
      };
    case 'ready':
      return {
        title: `Move to ${target}?`,
        description: `${claim.claimNumber} goes from ${current} to ${target}. The assignee and everyone watching the claim are notified.`,
      };
  }
}

function MoveError({ error, stage, claim }: { error: Error; stage: MoveStage; claim: Claim }) {
  const conflict = isConflict(error);
  return (
    <Alert variant="destructive">
      <CircleAlertIcon />
      <AlertTitle>{conflict ? 'The claim has changed' : 'Could not move the claim'}</AlertTitle>
      <AlertDescription>
        <p>{error.message}</p>
        {conflict && stage === 'ready' && (
          <p>
            It is {STATUS_LABELS[claim.status]} now and the move is still possible: confirm again to apply it
            to the latest version.
          </p>
        )}
      </AlertDescription>
    </Alert>
  );
}

/** The confirmation itself: the note, and the move against the version of the claim the page holds now. */
function MoveClaim({ claim, to, onDone }: { claim: Claim; to: ClaimStatus; onDone: () => void }) {
  const mutation = useTransitionClaimMutation();
  const [note, setNote] = useState('');
  // Completing asks for the final cost, prefilled from the amounts the claim has (decision 038).
  const asksFinalCost = to === 'completed';
  const [finalCost, setFinalCost] = useState(() => centsToDollarsText(finalCostPrefill(claim)));
  const [finalCostError, setFinalCostError] = useState<string | undefined>();
  const conflict = isConflict(mutation.error);
  const refreshing = useIsFetching({ queryKey: claimQueryKey(claim.id), exact: true }) > 0;
  // Our own move, on its way or just stored, is not someone else's: the dialog closes on it.
  const stage =
    mutation.isPending || mutation.isSuccess ? 'ready' : moveStage(claim, to, { conflict, refreshing });
  const { title, description } = describeStage(stage, claim, to);
  const label = STATUS_LABELS[to];

  const move = () => {
    const cost = asksFinalCost ? finalCostOf(finalCost) : {};
    setFinalCostError(cost.error);
    if (cost.error) return;
    mutation.mutate(
      {
        id: claim.id,
        to,
        version: claim.version,
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(cost.cents !== undefined ? { finalAmountCents: cost.cents } : {}),
      },
      {
        onSuccess: (moved) => {
          toast({
            title: 'Claim moved',
            description: `${moved.claimNumber} is now ${STATUS_LABELS[moved.status]}.`,
          });
          onDone();
        },
      },
    );
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      {mutation.isError && <MoveError error={mutation.error} stage={stage} claim={claim} />}
      {stage === 'arrived' || stage === 'blocked' ? (
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button">Close</Button>
          </DialogClose>
        </DialogFooter>
      ) : (
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            move();
          }}
        >
          {asksFinalCost && (
            <FinalCostField value={finalCost} error={finalCostError} onChange={setFinalCost} />
          )}
          <div className="grid gap-2">
            <Label htmlFor="move-note">Note (optional)</Label>
            <Textarea
              id="move-note"
              value={note}
              maxLength={NOTE_MAX}
              onChange={(event) => setNote(event.target.value)}
              placeholder="Why, or what happens next"
            />
            <p className="text-muted-foreground text-sm">Shown in the status history.</p>
          </div>
          <FormDialogFooter
            pending={mutation.isPending}
            variant={ENDING.includes(to) ? 'destructive' : 'default'}
            disabled={stage === 'refreshing'}
            submitLabel={`Move to ${label}`}
          />
        </form>
      )}
    </>
  );
}

/**
 * Confirms one move, with an optional note for the history. The claim is the page's, so after a conflict the
 * dialog follows it: a move someone else already made, or one no longer allowed, is explained and only closed;
 * one still allowed can be confirmed again.
 */
export function MoveClaimDialog({
  claim,
  to,
  onOpenChange,
}: {
  claim: Claim;
  /** The status to move to; the dialog is open while there is one. */
  to: ClaimStatus | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={to !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        {to ? (
          <MoveClaim key={to} claim={claim} to={to} onDone={() => onOpenChange(false)} />
        ) : (
          <DialogHeader>
            <DialogTitle>Move the claim</DialogTitle>
            <DialogDescription />
          </DialogHeader>
        )}
      </DialogContent>
    </Dialog>
  );
}
