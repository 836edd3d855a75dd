import type { Permission } from '@shared/permissions';

/**
 * Whether a permission list grants `permission`. An unknown list (the user or the permissions are still
 * loading, or failed to load) grants nothing (spec §6): a screen never shows an action before it knows
 * the user may take it.
 */
export function can(permissions: readonly string[] | null | undefined, permission: Permission): boolean {
  return permissions?.includes(permission) ?? false;
}
