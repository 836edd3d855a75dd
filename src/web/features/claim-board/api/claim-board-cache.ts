import {
  isStaleSince,
  type ClaimBoard,
  type ClaimBoardCard,
  type ClaimBoardColumn,
} from '@shared/claim-board';
import type { Claim } from '@shared/claims';
import { finalCostPrefill } from '@shared/money-facts';

/** As the server counts it: in its status for `staleAfterDays` days or more. */
export function isStale(card: Pick<ClaimBoardCard, 'statusChangedAt'>, staleAfterDays: number, now: number) {
  return isStaleSince(card.statusChangedAt, staleAfterDays, now);
}

/** The server's order: longest in the status first, then by id. */
function byPosition(a: ClaimBoardCard, b: ClaimBoardCard) {
  return a.statusChangedAt.localeCompare(b.statusChangedAt) || a.id.localeCompare(b.id);
}

/**
 * The board with `card` taken out of the column that holds it and put in its place in the column of its
 * status (none when the status has no column: a finished claim leaves the board). Counts follow. One step
 * serves a move shown before the server answers, the server's answer, and putting a refused move back.
 */
export function placeCard(board: ClaimBoard, card: ClaimBoardCard, now: number): ClaimBoard {
  const stale = (candidate: ClaimBoardCard) => (isStale(candidate, board.staleAfterDays, now) ? 1 : 0);
  return {
    ...board,
    columns: board.columns.map((column) => {
      const existing = column.items.find((item) => item.id === card.id);
      const arrives = column.status === card.status;
      if (!existing && !arrives) return column;
      let { items, count, staleCount } = column;
      if (existing) {
        items = items.filter((item) => item.id !== card.id);
        count -= 1;
        staleCount -= stale(existing);
      }
      if (arrives) {
        items = [...items, card].sort(byPosition);
        count += 1;
        staleCount += stale(card);
      }
      return { ...column, items, count, staleCount };
    }),
  };
}

/** A column's next cards appended (any already shown, e.g. moved in meanwhile, are not repeated). */
export function withMoreCards(board: ClaimBoard, page: ClaimBoardColumn): ClaimBoard {
  return {
    ...board,
    columns: board.columns.map((column) => {
      if (column.status !== page.status) return column;
      const shown = new Set(column.items.map((item) => item.id));
      return {
        ...page,
        items: [...column.items, ...page.items.filter((item) => !shown.has(item.id))].sort(byPosition),
      };
    }),
  };
}

/**
 * The card of a claim the server answered with (after a move of `card`): a move leaves the shop's last update as
 * it was, so the card keeps its quiet-shop flag.
 */
export function cardFromClaim(claim: Claim, card: Pick<ClaimBoardCard, 'shopQuietSince'>): ClaimBoardCard {
  return {
    id: claim.id,
    claimNumber: claim.claimNumber,
    workflow: claim.workflow,
    status: claim.status,
    priority: claim.priority,
    companyName: claim.companyName,
    locationName: claim.locationName,
    facilityName: claim.facilityName,
    assignee: claim.assignee,
    vehicle: {
      unitNumber: claim.vehicle.unitNumber,
      year: claim.vehicle.year,
      make: claim.vehicle.make,
      model: claim.vehicle.model,
    },
    eta: claim.eta,
    statusChangedAt: claim.statusChangedAt,
    updatedAt: claim.updatedAt,
    version: claim.version,
    allowedTransitions: claim.allowedTransitions,
    finalCostPrefillCents: finalCostPrefill(claim),
    shopQuietSince: card.shopQuietSince,
  };
}
