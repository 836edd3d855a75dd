import { and, asc, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  AGING_BUCKET_LABELS,
  AGING_BUCKETS,
  agingBucketOf,
  type AgingBucket,
  type AgingInvoices,
  type AgingReport,
} from '@shared/accounting.js';
import type { Database } from '../../db/client.js';
import { companies, invoices, payments } from '../../db/schema/index.js';
import { creditedCentsSql, paidCentsSql, paymentAppliedCentsSql } from './invoice-balance.sql.js';

/**
 * Invoices open at the end of `asOf`, as the books stood then: issued by then, not void by then, with what
 * settled them by then (invoice-balance.sql.ts). Days past due count from the due date.
 */
function openInvoices(db: Database, asOf: string, where?: SQL) {
  const balance = sql<number>`(${invoices.totalCents} - ${paidCentsSql(asOf)} - ${creditedCentsSql(asOf)})`;
  return db
    .select({
      id: invoices.id,
      number: invoices.number,
      companyId: invoices.companyId,
      companyName: companies.name,
      issueDate: invoices.issueDate,
      dueDate: invoices.dueDate,
      daysPastDue: sql<number>`(${asOf}::date - ${invoices.dueDate})::int`,
      balanceCents: balance,
    })
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(
      and(
        lte(invoices.issueDate, asOf),
        or(eq(invoices.lifecycle, 'sent'), and(eq(invoices.lifecycle, 'void'), gt(invoices.voidedOn, asOf))),
        sql`${balance} <> 0`,
        where,
      ),
    )
    .orderBy(asc(companies.name), asc(invoices.dueDate), asc(invoices.number));
}

const emptyBuckets = (): Record<AgingBucket, number> => ({
  current: 0,
  '1-30': 0,
  '31-60': 0,
  '61-90': 0,
  '90+': 0,
});

/** Unapplied credit per company at the end of `asOf`. */
async function creditsAsOf(db: Database, asOf: string) {
  const rows = await db
    .select({
      companyId: payments.companyId,
      cents: sql<number>`sum(${payments.amountCents} - ${paymentAppliedCentsSql(asOf)})::bigint`,
    })
    .from(payments)
    .where(
      and(lte(payments.receivedOn, asOf), or(isNull(payments.reversedOn), gt(payments.reversedOn, asOf))),
    )
    .groupBy(payments.companyId);
  return new Map(rows.map((row) => [row.companyId, Number(row.cents)]));
}

/** Open balances per company and in total, in the buckets current, 1–30, 31–60, 61–90 and 90+ days past due. */
export async function agingReport(db: Database, asOf: string): Promise<AgingReport> {
  const [rows, credits] = await Promise.all([openInvoices(db, asOf), creditsAsOf(db, asOf)]);
  const byCompany = new Map<string, AgingReport['companies'][number]>();
  const totals = { buckets: emptyBuckets(), totalCents: 0, creditCents: 0 };
  for (const row of rows) {
    let entry = byCompany.get(row.companyId);
    if (!entry) {
      entry = {
        companyId: row.companyId,
        companyName: row.companyName,
        buckets: emptyBuckets(),
        totalCents: 0,
        creditCents: 0,
      };
      byCompany.set(row.companyId, entry);
    }
    const bucket = agingBucketOf(row.daysPastDue);
    const cents = Number(row.balanceCents);
    entry.buckets[bucket] += cents;
    entry.totalCents += cents;
    totals.buckets[bucket] += cents;
    totals.totalCents += cents;
  }
  const names = new Map(
    (await db.select({ id: companies.id, name: companies.name }).from(companies)).map((c) => [c.id, c.name]),
  );
  for (const [companyId, cents] of credits) {
    if (!cents) continue;
    let entry = byCompany.get(companyId);
    if (!entry) {
      entry = {
        companyId,
        companyName: names.get(companyId) ?? '',
        buckets: emptyBuckets(),
        totalCents: 0,
        creditCents: 0,
      };
      byCompany.set(companyId, entry);
    }
    entry.creditCents = cents;
    totals.creditCents += cents;
  }
  const list = [...byCompany.values()].sort((a, b) => a.companyName.localeCompare(b.companyName, 'en'));
  return { asOf, companies: list, totals };
}

/** The invoices behind one amount of the aging report. */
export async function agingInvoices(
  db: Database,
  query: { asOf: string; bucket?: AgingBucket; companyId?: string },
): Promise<AgingInvoices> {
  const rows = await openInvoices(
    db,
    query.asOf,
    query.companyId ? eq(invoices.companyId, query.companyId) : undefined,
  );
  const items = rows
    .map((row) => ({
      ...row,
      number: row.number!,
      issueDate: row.issueDate!,
      dueDate: row.dueDate!,
      balanceCents: Number(row.balanceCents),
      bucket: agingBucketOf(row.daysPastDue),
    }))
    .filter((row) => !query.bucket || row.bucket === query.bucket);
  return { asOf: query.asOf, items };
}

const csvCell = (value: string | number) => {
  const text = String(value);
  return /[",\n\r]/.test(text) || /^[=+\-@]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The aging report as CSV: one row per company, then the total; amounts in dollars with two decimals. */
export function agingCsv(report: AgingReport): string {
  const header = [
    'As of',
    'Company',
    ...AGING_BUCKETS.map((b) => AGING_BUCKET_LABELS[b]),
    'Total',
    'Unapplied credit',
  ];
  const rows = [
    ...report.companies.map((c) => [
      report.asOf,
      c.companyName,
      ...AGING_BUCKETS.map((b) => dollars(c.buckets[b])),
      dollars(c.totalCents),
      dollars(c.creditCents),
    ]),
    [
      report.asOf,
      'Total',
      ...AGING_BUCKETS.map((b) => dollars(report.totals.buckets[b])),
      dollars(report.totals.totalCents),
      dollars(report.totals.creditCents),
    ],
  ];
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
