import { describe, expect, it } from 'vitest';
import {
  authorizationDecisionSchema,
  autoApprovalNote,
  sumAuthorizationLines,
  withinAutoApprovalLimit,
} from './authorizations.js';

describe('authorization amounts', () => {
  const lines = [
    { id: 'a', amountCents: 64_000 },
    { id: 'b', amountCents: 12_550 },
    { id: 'c', amountCents: 9_999 },
  ];

  it('sums every line, or the selected ones', () => {
    expect(sumAuthorizationLines(lines)).toBe(86_549);
    expect(sumAuthorizationLines(lines, new Set(['a', 'c']))).toBe(73_999);
    expect(sumAuthorizationLines(lines, new Set())).toBe(0);
  });

  it('approves automatically at or under the limit, never without one', () => {
    expect(withinAutoApprovalLimit(50_000, 50_000)).toBe(true);
    expect(withinAutoApprovalLimit(50_001, 50_000)).toBe(false);
    expect(withinAutoApprovalLimit(1, null)).toBe(false);
    expect(withinAutoApprovalLimit(0, 0)).toBe(true);
    expect(autoApprovalNote(42_000, 50_000)).toBe(
      'Approved automatically: $420.00 is within the company’s auto-approval limit of $500.00.',
    );
  });
});

describe('authorization decision', () => {
  it('needs a reason to decline', () => {
    for (const body of [{ action: 'decline' }, { action: 'decline', note: '   ' }]) {
      const issue = authorizationDecisionSchema.safeParse(body).error?.issues[0];
      expect(issue).toMatchObject({ path: ['note'], message: 'Give the reason for declining' });
    }
    expect(authorizationDecisionSchema.safeParse({ action: 'decline', note: 'Too costly' }).success).toBe(
      true,
    );
  });

  it('approves all lines, or at least one chosen line', () => {
    expect(authorizationDecisionSchema.parse({ action: 'approve' })).toEqual({ action: 'approve' });
    expect(
      authorizationDecisionSchema.safeParse({ action: 'approve', lineIds: [] }).error?.issues[0]?.message,
    ).toBe('Choose at least one line to approve, or decline the request');
  });
});
