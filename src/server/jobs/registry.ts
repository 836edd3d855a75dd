import type { Config } from '../config.js';
import { mailDeliveryJob, type MailSender } from './mail-outbox.js';
import { cccInboxJob } from '../modules/ccc/ccc-inbox.job.js';
import { tekmetricSyncJob } from '../modules/tekmetric/tekmetric-sync.job.js';
import { cleanUpJob } from './maintenance.js';
import { dailyDigestJob } from '../modules/notifications/notification-digest.job.js';
import { reportSubscriptionsJob } from '../modules/reports/report-delivery.js';
import { invoiceRemindersJob } from '../modules/accounting/invoice-reminders.job.js';
import { monthlyStatementsJob } from '../modules/accounting/monthly-statements.job.js';

/**
 * Every background job of the app, in one list: the runner in `server.ts` runs these. A new job is a
 * `defineJob({ name, schedule?, key?, retry?, handler })` in its module's `jobs/` file, added here.
 */
export function backgroundJobs(config: Config, deps: { mailSender: MailSender | null }) {
  return [
    mailDeliveryJob({ sender: deps.mailSender, from: config.mailFrom }),
    cleanUpJob({ uploadTempDir: config.uploadTempDir }),
    tekmetricSyncJob({ secretsKey: config.secretsKey }),
    cccInboxJob(config.ccc),
    dailyDigestJob(),
    reportSubscriptionsJob({ appUrl: config.appUrl, defaultTimeZone: config.defaultTimeZone }),
    invoiceRemindersJob({ stages: config.invoiceReminderDays }),
    monthlyStatementsJob(),
  ];
}
