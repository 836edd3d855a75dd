import type { RoutePermission } from './session';

/**
 * The screens a role may lack, with what their access-denied screen says. The router gates each route with
 * its entry; the screen names its page with the same title.
 */
export const ROUTE_PERMISSIONS = {
  api: { needs: 'system.api.manage', title: 'API & Webhooks' },
  addClaim: { needs: 'vehicles.create', title: 'Add Claim', audience: 'managers and administrators' },
  bugReports: { needs: 'system.support.manage', title: 'Bug Reports' },
  companies: { needs: 'companies.dashboard', title: 'Companies', audience: 'administrators and managers' },
  contactSubmissions: { needs: 'system.support.manage', title: 'Contact Submissions' },
  driverReports: {
    needs: 'vehicles.create',
    title: 'Driver Reports',
    audience: 'managers and administrators',
  },
  emailTemplates: { needs: 'system.email.templates.manage', title: 'Email Templates' },
  mailOutbox: { needs: 'system.settings.manage', title: 'Mail Outbox' },
  locations: { needs: 'locations.dashboard', title: 'Locations', audience: 'administrators and managers' },
  repairFacilities: {
    needs: 'vehicles.view',
    title: 'Repair Facilities',
    audience: 'people who work with claims',
  },
  tekmetricAdmin: { needs: 'system.tekmetric.configure', title: 'Tekmetric Admin' },
  users: { needs: 'users.view', title: 'User Management' },
} satisfies Record<string, RoutePermission>;
