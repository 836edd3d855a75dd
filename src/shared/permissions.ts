import type { UserRole } from './auth.js';

/**
 * Every permission string of the product. The spec names the sidebar ones; PRODUCT.md §4 adds the rest.
 * The server checks these on every route; `/api/user/permissions` answers the current user's list.
 */
export const PERMISSIONS = [
  'vehicles.view',
  'reports.view',
  'notes.create',
  'vehicles.create',
  'vehicles.edit',
  'claims.transition',
  'claims.authorize',
  'attachments.upload',
  'locations.dashboard',
  'companies.dashboard',
  'vehicles.delete',
  'companies.manage',
  'locations.manage',
  'facilities.manage',
  'users.view',
  'users.manage',
  'users.impersonate',
  'accounting.view',
  'accounting.manage',
  'system.ccc.configure',
  'system.tekmetric.configure',
  'system.email.templates.manage',
  'system.settings.manage',
  'system.support.manage',
  // API tokens and webhooks for other systems (issue 33): every token and the webhooks are the admins'; a manager
  // creates and revokes their own tokens, for their companies, once an admin allows it (the setting
  // `managersCreateApiTokens`).
  'system.api.manage',
  'api.tokens.own',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

const viewer: Permission[] = ['vehicles.view', 'reports.view', 'notes.create'];
const manager: Permission[] = [
  ...viewer,
  'vehicles.create',
  'vehicles.edit',
  'claims.transition',
  'claims.authorize',
  'attachments.upload',
  'locations.dashboard',
  'companies.dashboard',
  'api.tokens.own',
];

/** The role → permission table of PRODUCT.md §4, defined once. Admins hold every permission. */
export const ROLE_PERMISSIONS: Record<UserRole, readonly Permission[]> = {
  admin: PERMISSIONS,
  manager,
  viewer,
};

export function permissionsFor(role: UserRole): readonly Permission[] {
  return ROLE_PERMISSIONS[role];
}

export function roleHasPermission(role: UserRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** Whether the user holds a permission: the server's actor, the browser's session. Policies take it. */
export type Holds = (permission: Permission) => boolean;

/** A role's `Holds`, for code (and tests) that decide from a role. */
export const holdsOf =
  (role: UserRole): Holds =>
  (permission) =>
    roleHasPermission(role, permission);
