export { StaleDaysSetting } from './components/stale-days-setting';
export { useFleetDashboardCompanyId } from './hooks/use-fleet-dashboard-company-id';
export { useStaleClaimDays } from './hooks/use-stale-claim-days';
