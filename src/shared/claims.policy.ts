import type { UserRole } from './auth.js';

/**
 * Who may work on a company's claims, for the server (which refuses anyone else as a claim's assignee or in a
 * note's @mention) and Add Claim (which offers exactly them as the assignee): an active user who can see the
 * company's claims, i.e. an admin (every company) or a user linked to the company.
 */
export interface ClaimWorker {
  role: UserRole;
  active: boolean;
  /** The companies the user is linked to. */
  companyIds: readonly string[];
}

export function canWorkOnClaimsOf(user: ClaimWorker, companyId: string): boolean {
  return user.active && (user.role === 'admin' || user.companyIds.includes(companyId));
}
