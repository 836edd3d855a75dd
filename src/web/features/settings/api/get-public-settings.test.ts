import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { getPublicSettings } from './get-public-settings';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getPublicSettings', () => {
  it('reads the settings', async () => {
    stubFetch(() => jsonResponse({ fleetDashboardCompanyId: '0b7e7a6e-7d0a-4b8e-9b8a-3f1b1f6c2a01' }));
    await expect(getPublicSettings()).resolves.toEqual({
      fleetDashboardCompanyId: '0b7e7a6e-7d0a-4b8e-9b8a-3f1b1f6c2a01',
    });
  });

  it('treats a server without the endpoint (404) as having the defaults: no fleet-dashboard company, stale after 7 days, a shop quiet after 3, no manager tokens', async () => {
    stubFetch(() => jsonResponse({ message: 'Not found' }, { status: 404 }));
    await expect(getPublicSettings()).resolves.toEqual({
      fleetDashboardCompanyId: null,
      staleClaimDays: 7,
      shopQuietDays: 3,
      managersCreateApiTokens: false,
    });
  });

  it('fails on other errors', async () => {
    stubFetch(() => jsonResponse({ message: 'Database unavailable' }, { status: 503 }));
    await expect(getPublicSettings()).rejects.toMatchObject({ status: 503 });
  });
});
