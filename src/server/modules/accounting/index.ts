// The door of the accounting module: what other modules and the app may use; every other file here is its own.
// Kept by scripts/module-doors.mjs (docs/architecture.md, "Module doors").
export { addDays, daysBetween, todayUtc } from './accounting-dates.js';
export { agingRoutes } from './aging.routes.js';
export { agingOf, agingReport } from './aging.service.js';
export { summaryDescription } from './invoice-drafting.js';
export { listInvoices } from './invoice-list.query.js';
export { listReadyToInvoice } from './ready-to-invoice.query.js';
export { invoiceRemindersJob, sendInvoiceReminders } from './invoice-reminders.job.js';
export { invoicesRoutes } from './invoices.routes.js';
export { monthlyStatementsJob } from './monthly-statements.job.js';
export { paymentsRoutes } from './payments.routes.js';
