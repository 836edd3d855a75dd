import { describe, expect, it } from 'vitest';
import { estimateChanges, nextMoveAfterEstimate, reviewBase, supplementBase } from './estimate-review.js';

const line = (description: string, totalCents: number, overrides: Record<string, unknown> = {}) => ({
  operation: 'part',
  description,
  partNumber: null as string | null,
  quantity: 1,
  unitPriceCents: totalCents,
  laborHours: 0,
  totalCents,
  ...overrides,
});

type Line = ReturnType<typeof line>;
const estimate = (
  supplementNumber: number,
  status: 'pending' | 'approved' | 'rejected',
  lines: Line[],
): { supplementNumber: number; status: typeof status; totalCents: number; lines: Line[] } => ({
  supplementNumber,
  status,
  lines,
  totalCents: lines.reduce((sum, l) => sum + l.totalCents, 0),
});

describe('supplementBase', () => {
  it('starts a supplement from the latest approved estimate, not a later rejected one', () => {
    const original = estimate(0, 'approved', [line('Bumper', 100_000), line('Grille', 62_147)]);
    const rejected = estimate(1, 'rejected', [line('Bumper', 100_000)]);
    expect(supplementBase([original, rejected])).toBe(original);
    expect(supplementBase([rejected, original])).toBe(original);
  });

  it('takes the highest approved supplement, and the latest of all when none is approved', () => {
    const original = estimate(0, 'approved', []);
    const first = estimate(1, 'approved', []);
    const pending = estimate(2, 'pending', []);
    expect(supplementBase([original, first, pending])).toBe(first);
    const rejected = estimate(0, 'rejected', []);
    const pendingOnly = estimate(1, 'pending', []);
    expect(supplementBase([rejected, pendingOnly])).toBe(pendingOnly);
    expect(supplementBase([])).toBeNull();
  });
});

describe('reviewBase', () => {
  it('compares a pending estimate with the latest approved one before it', () => {
    const original = estimate(0, 'approved', []);
    const rejected = estimate(1, 'rejected', []);
    const pending = estimate(2, 'pending', []);
    expect(reviewBase([original, rejected, pending], pending)).toBe(original);
    expect(reviewBase([original], original)).toBeNull();
  });
});

describe('estimateChanges', () => {
  it('lists lines added, removed and changed, and the amount’s change', () => {
    const base = estimate(0, 'approved', [
      line('Front bumper', 100_000, { partNumber: 'FO-1' }),
      line('Grille', 62_147),
      line('Headlamp', 30_000),
    ]);
    const next = estimate(1, 'pending', [
      line(' front BUMPER ', 100_000, { partNumber: 'fo-1' }),
      line('Grille', 22_223, { unitPriceCents: 22_223 }),
      line('Radiator support', 45_000),
    ]);
    const changes = estimateChanges(base, next);
    expect(changes.added.map((l) => l.description)).toEqual(['Radiator support']);
    expect(changes.removed.map((l) => l.description)).toEqual(['Headlamp']);
    expect(changes.changed).toEqual([{ before: base.lines[1], after: next.lines[1] }]);
    expect(changes.amountChangeCents).toBe(167_223 - 192_147);
  });

  it('finds nothing changed between equal estimates', () => {
    const base = estimate(0, 'approved', [line('Bumper', 100), line('Bumper', 100)]);
    const same = estimate(1, 'pending', [line('Bumper', 100), line('Bumper', 100)]);
    expect(estimateChanges(base, same)).toEqual({
      added: [],
      removed: [],
      changed: [],
      amountChangeCents: 0,
    });
    const one = estimate(1, 'pending', [line('Bumper', 100)]);
    expect(estimateChanges(base, one).removed).toHaveLength(1);
  });
});

describe('nextMoveAfterEstimate', () => {
  it('offers Repair approved after approving the estimate under review, when that move is allowed', () => {
    expect(
      nextMoveAfterEstimate('approved', { status: 'estimate_review', allowedTransitions: ['approved'] }),
    ).toBe('approved');
    expect(
      nextMoveAfterEstimate('approved', { status: 'estimate_review', allowedTransitions: [] }),
    ).toBeNull();
    expect(
      nextMoveAfterEstimate('approved', { status: 'in_repair', allowedTransitions: ['quality_check'] }),
    ).toBe(null);
  });

  it('offers In repair after rejecting a supplement under review; nothing after rejecting the estimate under review', () => {
    expect(
      nextMoveAfterEstimate('rejected', { status: 'supplement_review', allowedTransitions: ['in_repair'] }),
    ).toBe('in_repair');
    expect(
      nextMoveAfterEstimate('rejected', { status: 'estimate_review', allowedTransitions: ['approved'] }),
    ).toBeNull();
  });

  it('offers Supplement in review for a supplement added during the repair', () => {
    expect(
      nextMoveAfterEstimate('added', { status: 'in_repair', allowedTransitions: ['supplement_review'] }),
    ).toBe('supplement_review');
    expect(
      nextMoveAfterEstimate('added', { status: 'estimate_pending', allowedTransitions: ['estimate_review'] }),
    ).toBe('estimate_review');
  });
});
