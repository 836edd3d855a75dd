import { useState } from 'react';
import { ArrowRightIcon } from 'lucide-react';
import type { Claim } from '@shared/claims';
import { STATUS_LABELS, WORKFLOW_PATH, type ClaimStatus, type Workflow } from '@shared/workflows';

import { lazyDialog } from '../../../components/lazy-dialog';
import { Button } from '../../../components/ui/button';

// What a move asks for (reason, final cost, its warnings) loads after the screen draws (issue 30).
const MoveClaimDialog = lazyDialog(
  () => import('./move-claim-dialog').then((m) => m.MoveClaimDialog),
  (props) => props.to !== null,
);

/** Moves that end the work without a repair: offered last, in red. */
export const ENDING_MOVES: readonly ClaimStatus[] = ['cancelled', 'total_loss', 'declined'];

/** The forward moves first (the main path), then side moves, then the ones that end the work. */
function rank(workflow: Workflow, to: ClaimStatus): number {
  if (ENDING_MOVES.includes(to)) return 3;
  if (to === 'on_hold') return 2;
  return WORKFLOW_PATH[workflow].includes(to) ? 0 : 1;
}

/** `moves` in the order they are offered, each with whether it is a forward move or one that ends the work. */
export function orderedMoves(workflow: Workflow, moves: readonly ClaimStatus[]) {
  return [...moves]
    .sort((a, b) => rank(workflow, a) - rank(workflow, b))
    .map((to) => ({ to, forward: rank(workflow, to) === 0, ending: rank(workflow, to) === 3 }));
}

/**
 * The moves the server allows this user now (`allowedTransitions`), as buttons; each asks for confirmation
 * and an optional note. Nothing else is offered, so a refused move can only come from a change meanwhile.
 */
export function ClaimMoves({ claim, canMove }: { claim: Claim; canMove: boolean }) {
  const [target, setTarget] = useState<ClaimStatus | null>(null);
  const moves = orderedMoves(claim.workflow, claim.allowedTransitions);

  return (
    <div className="grid gap-2">
      {moves.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          {canMove
            ? `No further moves: the claim is ${STATUS_LABELS[claim.status].toLowerCase()}.`
            : 'You can follow this claim and add notes; moving it is up to a manager.'}
        </p>
      ) : (
        <>
          <h3 id="claim-moves-heading" className="text-muted-foreground text-sm font-medium">
            Move to
          </h3>
          <div role="group" aria-labelledby="claim-moves-heading" className="flex flex-wrap gap-2">
            {moves.map(({ to, forward, ending }) => (
              <Button
                key={to}
                variant={forward ? 'default' : 'outline'}
                className={ending ? 'text-destructive hover:text-destructive' : undefined}
                onClick={() => setTarget(to)}
              >
                {STATUS_LABELS[to]}
                {forward && <ArrowRightIcon aria-hidden="true" />}
              </Button>
            ))}
          </div>
        </>
      )}
      {/* Stays in place when a conflict leaves no moves at all (the claim was cancelled), so it can say why. */}
      <MoveClaimDialog claim={claim} to={target} onOpenChange={(open) => !open && setTarget(null)} />
    </div>
  );
}
