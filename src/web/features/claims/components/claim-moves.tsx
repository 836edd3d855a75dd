import { useState } from 'react';
import { ArrowRightIcon } from 'lucide-react';
import type { Claim } from '@shared/claims';
import { STATUS_LABELS, WORKFLOW_PATH, type ClaimStatus } from '@shared/workflows';

import { Button } from '../../../components/ui/button';
import { MoveClaimDialog } from './move-claim-dialog';

const ENDING: readonly ClaimStatus[] = ['cancelled', 'total_loss', 'declined'];

/** The forward moves first (the main path), then side moves, then the ones that end the work. */
function rank(claim: Claim, to: ClaimStatus): number {
  if (ENDING.includes(to)) return 3;
  if (to === 'on_hold') return 2;
  return WORKFLOW_PATH[claim.workflow].includes(to) ? 0 : 1;
}

/**
 * The moves the server allows this user now (`allowedTransitions`), as buttons; each asks for confirmation
 * and an optional note. Nothing else is offered, so a refused move can only come from a change meanwhile.
 */
export function ClaimMoves({ claim, canMove }: { claim: Claim; canMove: boolean }) {
  const [target, setTarget] = useState<ClaimStatus | null>(null);
  const moves = [...claim.allowedTransitions].sort((a, b) => rank(claim, a) - rank(claim, b));

  if (moves.length === 0) {
    return (
      <p className="text-muted-foreground text-sm">
        {canMove
          ? `No further moves: the claim is ${STATUS_LABELS[claim.status].toLowerCase()}.`
          : 'You can follow this claim and add notes; moving it is up to a manager.'}
      </p>
    );
  }

  return (
    <div className="grid gap-2">
      <h3 id="claim-moves-heading" className="text-muted-foreground text-sm font-medium">
        Move to
      </h3>
      <div role="group" aria-labelledby="claim-moves-heading" className="flex flex-wrap gap-2">
        {moves.map((to) => {
          const kind = rank(claim, to);
          return (
            <Button
              key={to}
              variant={kind === 0 ? 'default' : 'outline'}
              className={kind === 3 ? 'text-destructive hover:text-destructive' : undefined}
              onClick={() => setTarget(to)}
            >
              {STATUS_LABELS[to]}
              {kind === 0 && <ArrowRightIcon aria-hidden="true" />}
            </Button>
          );
        })}
      </div>
      <MoveClaimDialog claim={claim} to={target} onOpenChange={(open) => !open && setTarget(null)} />
    </div>
  );
}
