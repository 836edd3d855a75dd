/** The reports (`/reports`): filters in the address, sections as charts with their tables and CSVs. */
export { ReportsView } from './components/reports-view';
export { FleetDashboardView } from './components/fleet-dashboard-view';
