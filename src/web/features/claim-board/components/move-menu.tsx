import { EllipsisVerticalIcon } from 'lucide-react';
import type { ClaimBoardCard } from '@shared/claim-board';
import { STATUS_LABELS, type ClaimStatus } from '@shared/workflows';

import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { orderedMoves } from '../../claims';

/** The moves the server allows, in the claim page's order; each is requested from the board. */
export function MoveMenu({
  card,
  className,
  onMove,
  defaultOpen,
}: {
  card: ClaimBoardCard;
  className: string;
  onMove: (to: ClaimStatus) => void;
  /** Open at once: the card's stand-in button was pressed while this menu loaded. */
  defaultOpen?: boolean;
}) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className={className} aria-label={`Move ${card.claimNumber} to…`}>
          <EllipsisVerticalIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="text-muted-foreground text-xs font-normal">Move to</DropdownMenuLabel>
        {orderedMoves(card.workflow, card.allowedTransitions).map(({ to, ending }) => (
          <DropdownMenuItem key={to} variant={ending ? 'destructive' : 'default'} onSelect={() => onMove(to)}>
            {STATUS_LABELS[to]}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
