import type { Permission } from './permissions.js';

/** What each permission lets a person do, in words; every permission of the product has one (Help, API tokens). Its own module: the screens that
 * show none of it do not download it (issue 30's budget per route). */
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
  'system.api.manage': 'Manage every API token and the webhooks for other systems',
  'api.tokens.own': 'Create API tokens of your own for your companies, when an administrator allows it',
};
