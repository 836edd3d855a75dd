import { z } from 'zod';
import { isoDate } from './fields.js';

/**
 * The aging of accounts receivable (issue 15): open balances per company in buckets of days past due, as of any
 * day. The invoices and payments behind it are in accounting.ts.
 */
export const AGING_BUCKETS = ['current', '1-30', '31-60', '61-90', '90+'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const AGING_BUCKET_LABELS: Record<AgingBucket, string> = {
  current: 'Current',
  '1-30': '1–30',
  '31-60': '31–60',
  '61-90': '61–90',
  '90+': '90+',
};

/** The bucket of an open balance `daysPastDue` days after its due date (0 or less: current). */
export function agingBucketOf(daysPastDue: number): AgingBucket {
  if (daysPastDue <= 0) return 'current';
  if (daysPastDue <= 30) return '1-30';
  if (daysPastDue <= 60) return '31-60';
  if (daysPastDue <= 90) return '61-90';
  return '90+';
}

export const agingQuerySchema = z.object({
  asOf: isoDate('As of')
    .optional()
    .describe('The day the balances stood at its end; defaults to today (UTC)'),
});

const agingAmounts = z.object({
  buckets: z.record(z.enum(AGING_BUCKETS), z.number().int()).describe('Open balances per bucket, in cents'),
  totalCents: z.number().int(),
  creditCents: z.number().int().describe('Unapplied payments on that day'),
});

export const agingReportSchema = z.object({
  asOf: z.string(),
  companies: z.array(agingAmounts.extend({ companyId: z.uuid(), companyName: z.string() })),
  totals: agingAmounts,
});
export type AgingReport = z.infer<typeof agingReportSchema>;

export const agingInvoicesQuerySchema = agingQuerySchema.extend({
  bucket: z.enum(AGING_BUCKETS).optional(),
  companyId: z.uuid().optional(),
});

export const agingInvoicesSchema = z.object({
  asOf: z.string(),
  items: z.array(
    z.object({
      id: z.uuid(),
      number: z.string(),
      companyId: z.uuid(),
      companyName: z.string(),
      issueDate: z.string(),
      dueDate: z.string(),
      daysPastDue: z.number().int(),
      bucket: z.enum(AGING_BUCKETS),
      balanceCents: z.number().int().describe('As it stood at the end of asOf'),
    }),
  ),
});
export type AgingInvoices = z.infer<typeof agingInvoicesSchema>;
