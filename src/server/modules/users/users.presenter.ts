import type { ManagedUser } from '@shared/users.js';
import { presentPerson, type UserRow } from '../auth/index.js';

export function presentManagedUser(user: UserRow, companyIds: string[]): ManagedUser {
  return {
    ...presentPerson(user),
    active: user.active,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    companyIds,
  };
}
