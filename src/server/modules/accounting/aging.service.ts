import { sql, type SQL } from 'drizzle-orm';
import {
  AGING_BUCKET_LABELS,
  AGING_BUCKETS,
  agingBucketOf,
  type AgingBucket,
  type AgingInvoices,
  type AgingReport,
} from '@shared/aging.js';
import { csvLine } from '@shared/csv.js';
import { centsToDecimal } from '@shared/money.js';
import { queryRows, type Database } from '../../db/client.js';
import { sqlBuiltOnce } from '../../db/built-sql.js';
import { inReportTransaction } from '../reports/index.js';
import { companies } from '../../db/schema/index.js';
import { todayUtc } from './accounting-dates.js';
import { changedOpenAsOfSql, openAsOfSql, paymentAppliedCentsSql, type AsOf } from './invoice-balance.sql.js';

/**
 * Invoices open at the end of `asOf`, as the books stood then: issued by then, not void by then, with what
 * settled them by then (openAsOfSql). Days past due count from the due date.
 */
function openInvoices(db: Database, asOf: string, companyId?: string) {
  return queryRows<{
    id: string;
    number: string;
    companyId: string;
    companyName: string;
    issueDate: string;
    dueDate: string;
    daysPastDue: number;
    balanceCents: number | string;
  }>(
    db,
    sql`
    select o.id, o.number, o.company_id as "companyId", c.name as "companyName", o.issue_date::text as "issueDate",
      o.due_date::text as "dueDate", (${asOf}::date - o.due_date)::int as "daysPastDue", o.balance_cents as "balanceCents"
    from ${openAsOfSql(asOf)} o inner join companies c on c.id = o.company_id
    ${companyId ? sql`where o.company_id = ${companyId}` : sql``}
    order by c.name, o.due_date, o.number`,
  );
}

const emptyBuckets = (): Record<AgingBucket, number> => ({
  current: 0,
  '1-30': 0,
  '31-60': 0,
  '61-90': 0,
  '90+': 0,
});

/**
 * Unapplied credit per company (or of one) at the end of `asOf`. As for the invoices (openAsOfSql), a payment with
 * nothing dated after `asOf` (its kept `last_entry_on`) left then the credit it leaves now, read from the index of
 * the payments leaving one; only those with an entry after `asOf` and received by then derive it.
 */
export async function creditsAsOf(db: Database, asOf: string, companyId?: string) {
  const rows = await creditsStatement(db, companyId ? 'company' : 'all', { asOf, companyId });
  return new Map(rows.map((row) => [row.companyId, Number(row.cents)]));
}

/** The placeholder of the day in the aging's statements written once (`sqlBuiltOnce`). */
const AS_OF = sql.placeholder('asOf');

const creditsStatement = sqlBuiltOnce<'all' | 'company', { companyId: string; cents: string | number }>(
  (shape) => {
    const ofCompany =
      shape === 'company' ? sql`and payments.company_id = ${sql.placeholder('companyId')}` : sql``;
    return sql`
    select c.company_id as "companyId", sum(c.cents)::bigint as cents from (
      select payments.company_id, payments.unapplied_cents as cents from payments
      where payments.unapplied_cents <> 0 and payments.last_entry_on <= ${AS_OF}::date ${ofCompany}
      union all
      select payments.company_id, payments.amount_cents - ${paymentAppliedCentsSql(AS_OF)} from payments
      where payments.last_entry_on > ${AS_OF}::date and payments.received_on <= ${AS_OF}::date
        and (payments.reversed_on is null or payments.reversed_on > ${AS_OF}::date) ${ofCompany}
    ) c group by 1`;
  },
);

/** Days past due as of `asOf` for the due date `due`, up to 91 (every day past 90 is in the last bucket). */
const daysPastDueSql = (asOf: AsOf, due: SQL) => sql`least(greatest(${asOf}::date - ${due}, 0), 91)`;

/**
 * Open balances per company and days past due, summed in the database over the open invoices only (openAsOfSql):
 * a few hundred rows come back whatever the number of invoices.
 */
async function openBalancesByDay(db: Database, asOf: string) {
  return queryRows<{ companyId: string; companyName: string; days: number; cents: string | number }>(
    db,
    sql`
    select o.company_id as "companyId", c.name as "companyName", ${daysPastDueSql(asOf, sql`o.due_date`)} as days,
      sum(o.balance_cents)::bigint as cents
    from ${openAsOfSql(asOf)} o inner join companies c on c.id = o.company_id
    group by 1, 2, 3`,
  );
}

/**
 * The same from the invoices' kept sums per company, status and due day (invoice_totals, decision 033), for a
 * recent `asOf`: every balance kept now, less those of the invoices with an entry after `asOf`, plus their balance
 * as of then (changedOpenAsOfSql). A group is shown when an invoice in it was open then, as above.
 */
const openBalancesByDayFromSums = (db: Database, asOf: string) =>
  balancesFromSumsStatement(db, 'all', { asOf });

const balancesFromSumsStatement = sqlBuiltOnce<
  'all',
  { companyId: string; companyName: string; days: number; cents: string | number }
>(
  () => sql`
    select o.company_id as "companyId", c.name as "companyName", o.days, sum(o.cents)::bigint as cents
    from (
      select t.company_id, ${daysPastDueSql(AS_OF, sql`t.due_date`)} as days, t.balance_cents as cents,
        t.open_invoices as open
      from invoice_totals t where t.open_invoices <> 0
      union all
      select "invoices"."company_id", ${daysPastDueSql(AS_OF, sql`"invoices"."due_date"`)}, -"invoices"."balance_cents", -1
      from "invoices" where "invoices"."balance_cents" <> 0 and "invoices"."last_entry_on" > ${AS_OF}::date
      union all
      select changed.company_id, ${daysPastDueSql(AS_OF, sql`changed.due_date`)}, changed.balance_cents, 1
      from (${changedOpenAsOfSql(AS_OF)}) changed
    ) o inner join companies c on c.id = o.company_id
    group by 1, 2, 3
    having sum(o.open) > 0`,
);

/** Every company's id and name (a company with credit only is named by it), written once. */
const companyNamesStatement = sqlBuiltOnce<'all', { id: string; name: string }>(
  () => sql`select ${companies.id} as id, ${companies.name} as name from ${companies}`,
);

/** Open balances per company and in total, in the buckets current, 1–30, 31–60, 61–90 and 90+ days past due. */
export async function agingReport(db: Database, asOf: string, today = todayUtc()): Promise<AgingReport> {
  // One snapshot for the balances and the credits, without JIT compilation (as the reports, decision 025).
  // One after another: a transaction is one connection, which runs one query at a time anyway (queries sent to a
  // busy client are queued by pg, deprecated from pg 9).
  const [rows, credits, companyRows] = await inReportTransaction(db, async (tx) => [
    // As of today (or later) few invoices have an entry after the day, so the kept sums answer; further back, the
    // invoices changed since are many and the open ones are read one by one.
    asOf >= today ? await openBalancesByDayFromSums(tx, asOf) : await openBalancesByDay(tx, asOf),
    await creditsAsOf(tx, asOf),
    await companyNamesStatement(tx, 'all', {}),
  ]);
  return agingOf(asOf, rows, credits, new Map(companyRows.map((c) => [c.id, c.name])));
}

/**
 * The aging from its reads: the open balances per company and day past due, the unapplied credits per company, and
 * every company's name (for a company with credit only).
 */
export function agingOf(
  asOf: string,
  rows: { companyId: string; companyName: string; days: number; cents: string | number }[],
  credits: Map<string, number>,
  names: Map<string, string>,
): AgingReport {
  const byCompany = new Map<string, AgingReport['companies'][number]>();
  const totals = { buckets: emptyBuckets(), totalCents: 0, creditCents: 0 };
  for (const row of rows) {
    let entry = byCompany.get(row.companyId);
    if (!entry) {
      // In the order of the answer's schema (its serializer writes that order).
      entry = {
        buckets: emptyBuckets(),
        totalCents: 0,
        creditCents: 0,
        companyId: row.companyId,
        companyName: row.companyName,
      };
      byCompany.set(row.companyId, entry);
    }
    const bucket = agingBucketOf(Number(row.days));
    const cents = Number(row.cents);
    entry.buckets[bucket] += cents;
    entry.totalCents += cents;
    totals.buckets[bucket] += cents;
    totals.totalCents += cents;
  }
  for (const [companyId, cents] of credits) {
    if (!cents) continue;
    let entry = byCompany.get(companyId);
    if (!entry) {
      entry = {
        buckets: emptyBuckets(),
        totalCents: 0,
        creditCents: 0,
        companyId,
        companyName: names.get(companyId) ?? '',
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
  const rows = await openInvoices(db, query.asOf, query.companyId);
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
      ...AGING_BUCKETS.map((b) => centsToDecimal(c.buckets[b])),
      centsToDecimal(c.totalCents),
      centsToDecimal(c.creditCents),
    ]),
    [
      report.asOf,
      'Total',
      ...AGING_BUCKETS.map((b) => centsToDecimal(report.totals.buckets[b])),
      centsToDecimal(report.totals.totalCents),
      centsToDecimal(report.totals.creditCents),
    ],
  ];
  return [header, ...rows].map(csvLine).join('');
}
