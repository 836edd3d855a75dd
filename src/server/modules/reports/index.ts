// The door of the reports module: what other modules and the app may use; every other file here is its own.
// Kept by scripts/module-doors.mjs (docs/architecture.md, "Module doors").
export { fleetCompaniesFor, fleetFiguresNow } from './fleet-dashboard.service.js';
export { keptAnswersRefreshJob } from './kept-answer-refresh.js';
export { mergeReportDataChanges, removeOldKeptAnswers } from './kept-answers-clean-up.js';
export { reportSubscriptionsJob } from './report-delivery.js';
export { inReportTransaction } from './report-transaction.js';
export { reportSubscriptionsRoutes } from './report-subscriptions.routes.js';
export { reportsRoutes } from './reports.routes.js';
export { buildReport } from './reports.service.js';
