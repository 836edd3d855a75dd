/** The dashboard's figures, status bars, my claims and recent activity (the server's dashboard module). */
export { DashboardOverview } from './components/dashboard-overview';
export { SetupChecklist, useSetupChecklistState } from './components/setup-checklist';
export { vehiclesDownContext } from './components/dashboard-figures';
