import { describe, expect, it } from 'vitest';
import { canOpenFleetDashboard, fleetDashboardCompanyIds } from './fleet-dashboard.policy.js';

describe('canOpenFleetDashboard', () => {
  const fleet = '0b7e7a6e-7d0a-4b8e-9b8a-3f1b1f6c2a01';
  const other = '5c2d8f3a-1e4b-4c6d-8a7f-9b0e1d2c3f45';

  it('lets every admin in, to every company', () => {
    expect(fleetDashboardCompanyIds({ role: 'admin', companyIds: [], fleetDashboardCompanyId: null })).toBe(
      'all',
    );
  });

  it('lets a manager into the companies they are linked to, and not without one', () => {
    const manager = (companyIds: string[] | undefined) =>
      fleetDashboardCompanyIds({ role: 'manager', companyIds, fleetDashboardCompanyId: fleet });
    expect(manager([other])).toEqual([other]);
    expect(manager([])).toEqual([]);
    expect(canOpenFleetDashboard({ role: 'manager', companyIds: [], fleetDashboardCompanyId: null })).toBe(
      false,
    );
    expect(
      canOpenFleetDashboard({ role: 'manager', companyIds: undefined, fleetDashboardCompanyId: null }),
    ).toBe(false);
  });

  it('lets a viewer in only when linked to the fleet-dashboard company, and only to it', () => {
    const viewer = (companyIds: string[] | undefined, fleetDashboardCompanyId: string | null | undefined) =>
      canOpenFleetDashboard({ role: 'viewer', companyIds, fleetDashboardCompanyId });
    expect(viewer([other, fleet], fleet)).toBe(true);
    expect(
      fleetDashboardCompanyIds({
        role: 'viewer',
        companyIds: [other, fleet],
        fleetDashboardCompanyId: fleet,
      }),
    ).toEqual([fleet]);
    expect(viewer([other], fleet)).toBe(false);
    expect(viewer([other], null)).toBe(false);
    expect(viewer(undefined, fleet)).toBe(false);
    expect(viewer([fleet], undefined)).toBe(false);
  });

  it('says no while the user is unknown', () => {
    expect(canOpenFleetDashboard({ role: undefined, companyIds: [], fleetDashboardCompanyId: null })).toBe(
      false,
    );
  });
});
