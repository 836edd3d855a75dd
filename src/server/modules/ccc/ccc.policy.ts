import { cccImportCanLand } from '@shared/ccc.policy.js';
import type { CccImportResult } from '@shared/ccc.js';
import { AppError } from '@shared/errors.js';
import { actorScope, actorUserId, type Actor } from '../../actor.js';
import { inScope } from '../../company-scope.js';

/**
 * The server's side of `@shared/ccc.policy` (which the import log asks too). Who may is the route's
 * (`vehicles.edit`, `system.ccc.configure`); which files a user sees is decided here.
 */

/**
 * A logged file is seen by an admin (and the system), by whoever uploaded it, and by those who see the claim it
 * landed on (`claimCompanyId`, null when it landed on none).
 */
export function canSeeCccImport(
  actor: Actor,
  file: { uploadedById: string | null },
  claimCompanyId: string | null,
): boolean {
  const scope = actorScope(actor);
  if (scope === 'all') return true;
  if (file.uploadedById && file.uploadedById === actorUserId(actor)) return true;
  return claimCompanyId !== null && inScope(scope, claimCompanyId);
}

/** Only a file that did not land (held, unmatched, rejected) can be processed again. */
export function assertCccImportCanLand(file: { result: CccImportResult }) {
  if (cccImportCanLand(file)) return;
  throw new AppError('conflict', 'This file already landed on a claim: there is nothing to retry');
}
