import type { User } from '@shared/auth.js';
import type { ResolvedSession } from './session.service.js';

/** The fields every presentation of a person shares (the current user, a user under management). */
export function presentPerson(user: ResolvedSession['user']) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    profileImageUrl: user.profileImageUrl,
    mustChangePassword: user.mustChangePassword,
  };
}

/** The current user as the spec's `/api/user` answers it; never the password hash. */
export function presentCurrentUser({
  user,
  impersonator,
}: Pick<ResolvedSession, 'user' | 'impersonator'>): User {
  return {
    ...presentPerson(user),
    isImpersonating: impersonator !== null,
    originalAdmin: impersonator ? { username: impersonator.username } : null,
  };
}
