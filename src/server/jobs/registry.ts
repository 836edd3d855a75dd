import type { Config } from '../config.js';
import { mailDeliveryJob, type MailSender } from './mail-outbox.js';
import { cccInboxJob } from '../modules/ccc/index.js';
import { tekmetricSyncJob } from '../modules/tekmetric/index.js';
import { cleanUpJob } from './maintenance.js';
import { dailyDigestJob } from '../modules/notifications/index.js';
import { keptAnswersRefreshJob, reportSubscriptionsJob } from '../modules/reports/index.js';
import { invoiceRemindersJob, monthlyStatementsJob } from '../modules/accounting/index.js';
import { webhookDeliveryJob } from '../modules/webhooks/index.js';

/**
 * Every background job of the app, in one list: the runner in `server.ts` runs these. A new job is a
 * `defineJob({ name, schedule?, key?, retry?, handler })` in its module's `jobs/` file, added here.
 */
export function backgroundJobs(config: Config, deps: { mailSender: MailSender | null }) {
  return [
    mailDeliveryJob({ sender: deps.mailSender, from: config.mailFrom }),
    cleanUpJob({ uploadTempDir: config.uploadTempDir }),
    tekmetricSyncJob({ secretsKey: config.secretsKey, integrationUrls: config.integrationUrls }),
    cccInboxJob(config.ccc),
    dailyDigestJob(),
    reportSubscriptionsJob({ appUrl: config.appUrl, defaultTimeZone: config.defaultTimeZone }),
    keptAnswersRefreshJob(),
    invoiceRemindersJob({ stages: config.invoiceReminderDays }),
    monthlyStatementsJob(),
    webhookDeliveryJob({ secretsKey: config.secretsKey, integrationUrls: config.integrationUrls }),
  ];
}
