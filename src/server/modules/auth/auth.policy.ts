import { AppError } from '@shared/errors.js';
import type { UserActor } from '../../actor.js';

/** A password is changed by its owner, not by an admin acting as them. */
export function passwordChangeRefusal(actor: UserActor) {
  return actor.impersonator
    ? new AppError('forbidden', 'Return to your own account before changing a password')
    : null;
}
