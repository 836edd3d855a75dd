import { z } from 'zod';
import { isoDate } from './fields.js';
import { mailDeliveryTitle, mailProgressSchema } from './mail-outbox.js';
import { reportFilterFieldsSchema, reportFilterSchema } from './reports.js';
import { CLAIM_STATUSES } from './workflows.js';

/**
 * Report subscriptions (issue 14): "Email me this report" weekly or monthly with the page's filters. The
 * filters keep the date preset (`last_30_days`), not days, so every delivery covers the period before it.
 */

export const REPORT_CADENCES = ['weekly', 'monthly'] as const;
export type ReportCadence = (typeof REPORT_CADENCES)[number];
export const REPORT_CADENCE_LABELS: Record<ReportCadence, string> = {
  weekly: 'Weekly',
  monthly: 'Monthly',
};
/** When each cadence is sent, in the time zone the report is counted in (the company's). */
export const REPORT_CADENCE_SCHEDULES: Record<ReportCadence, string> = {
  weekly: 'Mondays at 6:00',
  monthly: 'the 1st of each month at 6:00',
};
/** The local hour a period starts (Monday or the 1st). */
export const REPORT_DELIVERY_HOUR = 6;

/** How many subscriptions a user may keep. */
export const MAX_REPORT_SUBSCRIPTIONS = 20;
export const TOO_MANY_REPORT_SUBSCRIPTIONS = `You can keep at most ${MAX_REPORT_SUBSCRIPTIONS} report subscriptions: cancel one first.`;
export const REPORT_SUBSCRIPTION_NEEDS_EMAIL =
  'Add an email address to your profile (Edit Profile) to get reports by email.';

export const createReportSubscriptionSchema = z.object({
  name: z
    .string({ message: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters'),
  cadence: z.enum(REPORT_CADENCES, { message: 'Choose weekly or monthly' }),
  filter: reportFilterSchema,
});
export type CreateReportSubscriptionInput = z.input<typeof createReportSubscriptionSchema>;

export const REPORT_DELIVERY_STATUSES = ['sent', 'empty', 'skipped', 'failed'] as const;
export type ReportDeliveryStatus = (typeof REPORT_DELIVERY_STATUSES)[number];
export const REPORT_DELIVERY_STATUS_LABELS: Record<ReportDeliveryStatus, string> = {
  sent: 'Sent',
  empty: 'Not sent: no claims',
  skipped: 'Not sent: no access',
  failed: 'Failed',
};

export const reportDeliverySchema = z.object({
  id: z.uuid(),
  period: z.string().describe("The period delivered: '2026-W48' (ISO week) or '2026-11'"),
  status: z.enum(REPORT_DELIVERY_STATUSES),
  reason: z.string().nullable().describe('Why it was not sent'),
  span: z
    .object({ from: isoDate('From'), to: isoDate('To') })
    .nullable()
    .describe('The days the report covered'),
  claims: z.number().int().nullable().describe('Claims the report counted'),
  hasPdf: z.boolean(),
  mail: mailProgressSchema
    .nullable()
    .describe('Where the mail a sent delivery queued has got to (null: none, or removed from the outbox)'),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ReportDelivery = z.infer<typeof reportDeliverySchema>;

/**
 * A delivery's result as the log says it: a sent delivery by its mail — "Mail queued", "Mail held: no mail
 * server", "Mail sent" (issue 31: never "Sent" for a mail that is only held) — the others by their status.
 */
export function reportDeliveryResult(delivery: Pick<ReportDelivery, 'status' | 'mail'>): string {
  if (delivery.status === 'sent' && delivery.mail) return mailDeliveryTitle('Mail', delivery.mail.delivery);
  return REPORT_DELIVERY_STATUS_LABELS[delivery.status];
}

export const reportSubscriptionSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  cadence: z.enum(REPORT_CADENCES),
  filter: reportFilterFieldsSchema
    .extend({ status: z.array(z.enum(CLAIM_STATUSES)).optional() })
    .describe('The report filter as saved: the date preset, not days'),
  filterNames: z.object({
    company: z.string().nullable(),
    location: z.string().nullable(),
    facility: z.string().nullable(),
  }),
  createdAt: z.iso.datetime({ offset: true }),
  lastDelivery: reportDeliverySchema.nullable(),
});
export type ReportSubscription = z.infer<typeof reportSubscriptionSchema>;
