import { describe, expect, it } from 'vitest';
import type { UserRole } from '@shared/auth';
import { permissionsFor, type Permission } from '@shared/permissions';

import {
  currentNavItem,
  isCurrentSection,
  MAIN_NAV,
  SYSTEM_SETTINGS_NAV,
  visibleNavItems,
  visibleSystemSettings,
  type NavAccess,
} from './navigation';

const labels = (items: { label: string }[]) => items.map((item) => item.label);

function accessOf(role: UserRole, { fleetDashboard = role !== 'viewer', loading = false } = {}): NavAccess {
  const permissions: readonly Permission[] = loading ? [] : permissionsFor(role);
  return { role, can: (permission) => permissions.includes(permission), fleetDashboard };
}

describe('sidebar entries', () => {
  it('lists the spec’s entries in the spec’s order, with Driver Reports and Repair Facilities added', () => {
    expect(labels([...MAIN_NAV])).toEqual([
      'Fleet Dashboard',
      'Dashboard',
      'Notifications',
      'Claim Manager',
      'Driver Reports',
      'All Claims',
      'Accounting',
      'Reports',
      'Locations',
      'Companies',
      'Repair Facilities',
      'Help',
    ]);
    expect(labels([...SYSTEM_SETTINGS_NAV])).toEqual([
      'User Management',
      'CCC Integration',
      'Tekmetric Admin',
      'Email Templates',
      'Mail Outbox',
      'API & Webhooks',
      'Bug Reports',
      'Contact Submissions',
    ]);
  });

  it('goes to the routes of the spec’s route table', () => {
    const href = (label: string) =>
      [...MAIN_NAV, ...SYSTEM_SETTINGS_NAV].find((i) => i.label === label)?.href;
    expect(href('All Claims')).toBe('/vehicles');
    expect(href('Accounting')).toBe('/admin/accounts-receivable');
    expect(href('CCC Integration')).toBe('/repair-facilities');
    expect(href('Repair Facilities')).toBe('/repair-facilities');
    expect(href('Driver Reports')).toBe('/driver-reports');
    expect(href('Tekmetric Admin')).toBe('/tekmetric-admin');
    expect(href('User Management')).toBe('/users');
  });

  it('shows an admin everything', () => {
    expect(visibleNavItems(MAIN_NAV, accessOf('admin'))).toHaveLength(MAIN_NAV.length);
    expect(visibleSystemSettings(accessOf('admin'))).toHaveLength(SYSTEM_SETTINGS_NAV.length);
  });

  it('hides Accounting and System Settings from a manager, but not Driver Reports or Repair Facilities', () => {
    expect(labels(visibleNavItems(MAIN_NAV, accessOf('manager')))).toEqual([
      'Fleet Dashboard',
      'Dashboard',
      'Notifications',
      'Claim Manager',
      'Driver Reports',
      'All Claims',
      'Reports',
      'Locations',
      'Companies',
      'Repair Facilities',
      'Help',
    ]);
    expect(visibleSystemSettings(accessOf('manager'))).toEqual([]);
  });

  it('shows a viewer what their permissions allow', () => {
    expect(labels(visibleNavItems(MAIN_NAV, accessOf('viewer')))).toEqual([
      'Dashboard',
      'Notifications',
      'Claim Manager',
      'All Claims',
      'Reports',
      'Help',
    ]);
  });

  it('shows only the ungated entries while permissions load', () => {
    expect(labels(visibleNavItems(MAIN_NAV, accessOf('manager', { loading: true })))).toEqual([
      'Fleet Dashboard',
      'Dashboard',
      'Notifications',
      'Claim Manager',
      'Help',
    ]);
    expect(labels(visibleSystemSettings(accessOf('admin', { loading: true })))).toEqual([
      'Bug Reports',
      'Contact Submissions',
    ]);
  });
});

describe('isCurrentSection', () => {
  it('marks the dashboard only at /', () => {
    expect(isCurrentSection('/', '/')).toBe(true);
    expect(isCurrentSection('/', '/reports')).toBe(false);
  });

  it('marks a section on its own page and its sub-pages, not on look-alike paths', () => {
    expect(isCurrentSection('/vehicles', '/vehicles')).toBe(true);
    expect(isCurrentSection('/vehicles', '/vehicles/4f7e')).toBe(true);
    expect(isCurrentSection('/vehicles', '/vehicles-archive')).toBe(false);
    expect(isCurrentSection('/vehicles', '/add-vehicle')).toBe(false);
  });
});

describe('currentNavItem', () => {
  const all = [...MAIN_NAV, ...SYSTEM_SETTINGS_NAV];

  it('marks one entry where two lead to the same page: Repair Facilities, not also CCC Integration', () => {
    expect(all.filter((item) => item.href === '/repair-facilities').map((item) => item.label)).toEqual([
      'Repair Facilities',
      'CCC Integration',
    ]);
    expect(currentNavItem(all, '/repair-facilities')?.label).toBe('Repair Facilities');
    // An admin-only list without the main entry still marks CCC Integration.
    expect(currentNavItem(SYSTEM_SETTINGS_NAV, '/repair-facilities')?.label).toBe('CCC Integration');
  });

  it('marks the section of a sub-page, and nothing on a page outside every section', () => {
    expect(currentNavItem(all, '/vehicles/4f7e')?.href).toBe('/vehicles');
    expect(currentNavItem(all, '/')?.label).toBe('Dashboard');
    expect(currentNavItem(all, '/nowhere')).toBeUndefined();
  });
});
