import { useIsFetching } from '@tanstack/react-query';
import { CircleAlertIcon } from 'lucide-react';
import type { Claim } from '@shared/claims';
import { finalCostPrefill } from '@shared/money-facts';
import { STATUS_LABELS, type ClaimStatus } from '@shared/workflows';

import { DialogHeading } from '../../../components/form-dialog';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { toast } from '../../../hooks/use-toast';
import { isConflict } from '../api/claim-cache';
import { claimQueryKey } from '../api/get-claim';
import { useTransitionClaimMutation } from '../api/transition-claim';
import { useMoveDetails } from './final-cost-field';

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
  const { fields, details } = useMoveDetails(to, finalCostPrefill(claim), 'move-note');
  const conflict = isConflict(mutation.error);
  const refreshing = useIsFetching({ queryKey: claimQueryKey(claim.id), exact: true }) > 0;
  // Our own move, on its way or just stored, is not someone else's: the dialog closes on it.
  const stage =
    mutation.isPending || mutation.isSuccess ? 'ready' : moveStage(claim, to, { conflict, refreshing });
  const { title, description } = describeStage(stage, claim, to);
  const label = STATUS_LABELS[to];

  const move = () => {
    const moveDetails = details();
    if (!moveDetails) return;
    mutation.mutate(
      { id: claim.id, to, version: claim.version, ...moveDetails },
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
      <DialogHeading title={title} description={description} />
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
          {fields}
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
          <DialogHeading title="Move the claim" description={null} />
        )}
      </DialogContent>
    </Dialog>
  );
}
