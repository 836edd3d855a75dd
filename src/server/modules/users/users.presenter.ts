import type { ManagedUser } from '@shared/users.js';
import type { User } from '@shared/auth.js';
import type { ResolvedSession, UserRow } from '../auth/session.service.js';

/** The current user as the spec's `/api/user` answers it; never the password hash. */
export function presentCurrentUser({
  user,
  impersonator,
}: Pick<ResolvedSession, 'user' | 'impersonator'>): User {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    profileImageUrl: user.profileImageUrl,
    mustChangePassword: user.mustChangePassword,
    isImpersonating: impersonator !== null,
    originalAdmin: impersonator ? { username: impersonator.username } : null,
  };
}

export function presentManagedUser(user: UserRow, companyIds: string[]): ManagedUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    profileImageUrl: user.profileImageUrl,
    active: user.active,
    mustChangePassword: user.mustChangePassword,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    companyIds,
  };
}
