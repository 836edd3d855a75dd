import { describe, expect, it } from 'vitest';
import { PERMISSIONS, permissionsFor, roleHasPermission } from './permissions.js';

describe('role permissions', () => {
  it('gives admins every permission', () => {
    expect([...permissionsFor('admin')].sort()).toEqual([...PERMISSIONS].sort());
  });

  it('lets viewers read and comment only', () => {
    expect([...permissionsFor('viewer')].sort()).toEqual(['notes.create', 'reports.view', 'vehicles.view']);
  });

  it('lets managers work claims but not administer the system', () => {
    for (const permission of [
      'vehicles.create',
      'claims.transition',
      'claims.authorize',
      'companies.dashboard',
    ] as const) {
      expect(roleHasPermission('manager', permission)).toBe(true);
    }
    for (const permission of [
      'users.view',
      'companies.manage',
      'accounting.view',
      'system.ccc.configure',
    ] as const) {
      expect(roleHasPermission('manager', permission)).toBe(false);
    }
  });

  it('keeps every role within the known permissions', () => {
    for (const role of ['admin', 'manager', 'viewer'] as const) {
      for (const permission of permissionsFor(role)) expect(PERMISSIONS).toContain(permission);
    }
  });
});
