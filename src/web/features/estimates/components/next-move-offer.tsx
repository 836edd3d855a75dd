import { Loader2Icon } from 'lucide-react';
import type { Claim } from '@shared/claims';
import { STATUS_LABELS, type ClaimStatus } from '@shared/workflows';

import { Button } from '../../../components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { toast } from '../../../hooks/use-toast';
import { useTransitionClaimMutation } from '../../claims';

/**
 * After an estimate event, the claim move that naturally follows it (`nextMoveAfterEstimate`), offered in the
 * same dialog, under its own "What next?" heading: one click makes a normal move (history, audit, notifications), against the claim as the page
 * holds it now; "Not now" leaves the claim where it is.
 */
export function NextMoveOffer({
  claim,
  to,
  done,
  following,
  onClose,
}: {
  claim: Claim;
  to: ClaimStatus;
  /** What just happened, e.g. "Supplement 1 RO-4471 approved for $1,621.47." */
  done: string;
  /** What the move follows, for the heading's hidden description ("the decision"). */
  following: string;
  onClose: () => void;
}) {
  const mutation = useTransitionClaimMutation();
  const label = STATUS_LABELS[to];
  const move = () =>
    mutation.mutate(
      { id: claim.id, to, version: claim.version },
      {
        onSuccess: (moved) => {
          toast({
            title: 'Claim moved',
            description: `${moved.claimNumber} is now ${STATUS_LABELS[moved.status]}.`,
          });
          onClose();
        },
      },
    );
  return (
    <>
      <DialogHeader>
        <DialogTitle>What next?</DialogTitle>
        <DialogDescription className="sr-only">The move that follows {following}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-4" data-testid="next-move-offer">
        <div className="grid gap-1 text-sm">
          <p>{done}</p>
          <p className="text-muted-foreground">
            {claim.claimNumber} is {STATUS_LABELS[claim.status]}. Move it to {label} now?
          </p>
        </div>
        {mutation.isError && (
          <p role="alert" className="text-destructive text-sm">
            Could not move the claim: {mutation.error.message}
          </p>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Not now
          </Button>
          <Button type="button" onClick={move} disabled={mutation.isPending}>
            {mutation.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            Move to {label}
          </Button>
        </DialogFooter>
      </div>
    </>
  );
}
