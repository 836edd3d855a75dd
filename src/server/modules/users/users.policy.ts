import { AppError } from '@shared/errors.js';
import type { UpdateUserRequest } from '@shared/users.js';
import type { UserActor } from '../../actor.js';

/**
 * What an admin may do to accounts (the routes declare `users.manage` / `users.impersonate`): never lock
 * themselves out, and impersonate only from their own account, someone else, who is active. Each answers the
 * refusal to throw, or null.
 */

export function selfChangeRefusal(actorUserId: string | null, userId: string, patch: UpdateUserRequest) {
  const locksOut = patch.active === false || (patch.role !== undefined && patch.role !== 'admin');
  return userId === actorUserId && locksOut
    ? new AppError('conflict', 'You cannot deactivate yourself or remove your own admin role')
    : null;
}

export function impersonationRefusal(actor: UserActor, target: { id: string; active: boolean }) {
  if (actor.impersonator) {
    return new AppError('conflict', 'Return to your own account before impersonating someone else');
  }
  if (target.id === actor.user.id) return new AppError('bad_request', 'You cannot impersonate yourself');
  if (!target.active) return new AppError('conflict', 'This user is deactivated');
  return null;
}
