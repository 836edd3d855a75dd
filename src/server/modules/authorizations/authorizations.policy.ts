import type { UserRole } from '@shared/auth.js';
import {
  authorizationRequestableIn,
  authorizationsApplyTo,
  claimTakesAuthorizationRequest,
} from '@shared/authorizations.policy.js';
import { roleHasPermission } from '@shared/permissions.js';

/**
 * The rules of authorization requests live in `@shared/authorizations.policy`, which the claim page asks too.
 * Who may request is the route's permission (`claims.transition`, `canMoveClaim`), who may decide
 * `claims.authorize` (`canAuthorizeClaim` of claims.policy.ts), within the claim's company scope.
 */
export { authorizationRequestableIn, authorizationsApplyTo, claimTakesAuthorizationRequest };

/** The roles asked to decide a request: those whose permission holds `claims.authorize`. */
export const DECIDING_ROLES = (['admin', 'manager', 'viewer'] as const satisfies readonly UserRole[]).filter(
  (role) => roleHasPermission(role, 'claims.authorize'),
);
