import type { UserRole } from '@shared/auth.js';
import { roleHasPermission } from '@shared/permissions.js';
import type { ClaimStatus, Workflow } from '@shared/workflows.js';

/**
 * The rules of authorization requests. Who may request or decide one is the route's permission
 * (`claims.authorize`) within the claim's company scope (claims.policy.ts `canAuthorizeClaim`).
 */

/** The roles asked to decide a request: those whose permission holds `claims.authorize`. */
export const DECIDING_ROLES = (['admin', 'manager', 'viewer'] as const satisfies readonly UserRole[]).filter(
  (role) => roleHasPermission(role, 'claims.authorize'),
);

/** Only mechanical work is authorized. */
export const authorizationsApplyTo = (workflow: Workflow): boolean => workflow === 'mechanical';

/** A request may be made while the claim is in diagnosis (it moves on) or already awaits authorization. */
const REQUESTABLE: readonly ClaimStatus[] = ['diagnosis', 'authorization_pending'];

export const authorizationRequestableIn = (status: ClaimStatus): boolean => REQUESTABLE.includes(status);
