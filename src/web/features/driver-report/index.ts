/** A driver's report from a vehicle's report link (issue 32): the public form a driver fills in on a phone. */
export { useReportLinkQuery } from './api/report-link';
export { DriverReport } from './components/driver-report';
export { ReportLinkProblem } from './components/report-link-problem';
