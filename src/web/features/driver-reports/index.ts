/**
 * Driver reports (issue 32): what drivers send from the vehicle's QR code, triaged by their companies' managers.
 * The sidebar shows how many wait (`useDriverReportCount`); the page lists them (`DriverReports`).
 */
export { useDriverReportCount } from './api/get-driver-report-count';
export { DriverReports } from './components/driver-reports';
