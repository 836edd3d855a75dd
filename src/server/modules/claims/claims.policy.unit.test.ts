import { describe, expect, it } from 'vitest';
import type { UserRole } from '@shared/auth.js';
import { allowedTransitions } from '@shared/workflows.js';
import { systemActor, userActor, visitorActor, type Actor } from '../../actor.js';
import type { users } from '../../db/schema/index.js';
import {
  canAuthorizeClaim,
  canDeleteClaim,
  canEditClaim,
  canMoveClaim,
  canSeeClaim,
  moveAwaitsAuthorization,
  movesFor,
  type ClaimPolicySubject,
} from './claims.policy.js';

const ACME = '00000000-0000-4000-8000-000000000001';
const ZENITH = '00000000-0000-4000-8000-000000000002';

function user(role: UserRole, companyIds: string[] = [ACME]): Actor {
  return userActor({ user: { id: `${role}-id`, role } as typeof users.$inferSelect, companyIds });
}

const claim = (overrides: Partial<ClaimPolicySubject> = {}): ClaimPolicySubject => ({
  companyId: ACME,
  workflow: 'mechanical',
  status: 'authorization_pending',
  statusBeforeHold: null,
  pendingAuthorization: false,
  ...overrides,
});

describe('claims policy', () => {
  it('a manager moves the claims of their companies along the workflow table', () => {
    expect(movesFor(user('manager'), claim())).toEqual(
      allowedTransitions('mechanical', 'authorization_pending'),
    );
    expect(movesFor(user('manager'), claim({ companyId: ZENITH }))).toEqual([]);
  });

  it('a pending authorization request keeps Authorized and Declined for its decision', () => {
    const moves = movesFor(user('manager'), claim({ pendingAuthorization: true }));
    expect(moves).not.toContain('authorized');
    expect(moves).not.toContain('declined');
    expect(moves).toEqual(
      allowedTransitions('mechanical', 'authorization_pending').filter(
        (to) => to !== 'authorized' && to !== 'declined',
      ),
    );
    expect(moveAwaitsAuthorization(claim({ pendingAuthorization: true }), 'authorized')).toBe(true);
    expect(moveAwaitsAuthorization(claim({ pendingAuthorization: true }), 'on_hold')).toBe(false);
    expect(moveAwaitsAuthorization(claim({ pendingAuthorization: false }), 'authorized')).toBe(false);
  });

  it('an on-hold claim goes back where it was held from', () => {
    const held = claim({ workflow: 'collision', status: 'on_hold', statusBeforeHold: 'in_repair' });
    expect(movesFor(user('admin', []), held)).toEqual(
      allowedTransitions('collision', 'on_hold', 'in_repair'),
    );
  });

  it('a viewer sees but moves, edits, deletes and authorizes nothing', () => {
    const viewer = user('viewer');
    expect(canSeeClaim(viewer, claim())).toBe(true);
    expect(movesFor(viewer, claim())).toEqual([]);
    expect(canEditClaim(viewer, claim())).toBe(false);
    expect(canDeleteClaim(viewer, claim())).toBe(false);
    expect(canAuthorizeClaim(viewer, claim())).toBe(false);
  });

  it('a manager edits and authorizes but does not delete; an admin does everything in every company', () => {
    expect(canEditClaim(user('manager'), claim())).toBe(true);
    expect(canAuthorizeClaim(user('manager'), claim())).toBe(true);
    expect(canDeleteClaim(user('manager'), claim())).toBe(false);
    const admin = user('admin', []);
    expect(canDeleteClaim(admin, claim({ companyId: ZENITH }))).toBe(true);
    expect(canMoveClaim(admin, claim({ companyId: ZENITH }))).toBe(true);
  });

  it('the system moves any claim; a visitor sees none', () => {
    expect(movesFor(systemActor('tekmetric-sync'), claim({ companyId: ZENITH }))).toEqual(
      allowedTransitions('mechanical', 'authorization_pending'),
    );
    expect(canSeeClaim(visitorActor('203.0.113.9'), claim())).toBe(false);
    expect(movesFor(visitorActor('203.0.113.9'), claim())).toEqual([]);
  });
});
