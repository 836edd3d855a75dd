import { lazy } from 'react';

export { usePublicSettings } from './api/get-public-settings';
export { StaleDaysSetting } from './components/stale-days-setting';
export { useFleetDashboardCompanyId } from './hooks/use-fleet-dashboard-company-id';
export { useStaleClaimDays } from './hooks/use-stale-claim-days';

// System Settings → API & Webhooks: a chunk of its own, so that changing settings loads only where it is drawn.
export const ManagersApiTokensSetting = /* @__PURE__ */ lazy(() =>
  import('./components/managers-api-tokens-setting').then((m) => ({ default: m.ManagersApiTokensSetting })),
);
