import type { ManagedUser } from '@shared/users.js';
import type { UserRow } from '../auth/index.js';

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
