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
  // API tokens and webhooks for other systems (issue 33): admins only.
  'system.api.manage',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** What each permission lets a person do, in words; every permission of the product has one (Help, API tokens). */
export const PERMISSION_DESCRIPTIONS: Record<Permission, string> = {
  'vehicles.view': 'See claims and vehicles',
  'reports.view': 'See reports',
  'notes.create': 'Write notes and @mention colleagues',
  'vehicles.create': 'Add claims',
  'vehicles.edit': 'Edit claim details',
  'claims.transition': 'Move claims through their workflow',
  'claims.authorize': 'Decide mechanical authorizations',
  'attachments.upload': 'Upload photos and documents',
  'locations.dashboard': 'Location dashboards',
  'companies.dashboard': 'Company dashboards',
  'vehicles.delete': 'Delete claims',
  'companies.manage': 'Create and edit companies',
  'locations.manage': 'Create and edit locations',
  'facilities.manage': 'Create and edit repair facilities',
  'users.view': 'See user accounts',
  'users.manage': 'Create and edit user accounts',
  'users.impersonate': 'Impersonate users',
  'accounting.view': 'See invoices and payments',
  'accounting.manage': 'Invoice claims and record payments',
  'system.ccc.configure': 'Set up the CCC integration',
  'system.tekmetric.configure': 'Set up the Tekmetric integration',
  'system.email.templates.manage': 'Edit email templates',
  'system.settings.manage': 'Change system settings',
  'system.support.manage': 'Handle bug reports and contact requests',
  'system.api.manage': 'Create API tokens for other systems',
};

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
