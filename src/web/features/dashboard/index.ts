export { DashboardOverview } from './components/dashboard-overview';
