import { and, asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import {
  INVOICE_STATUS_LABELS,
  lineTaxCents,
  PAYMENT_METHOD_LABELS,
  type InvoiceFilter,
  type InvoiceSummary,
  type Payment,
} from '@shared/accounting.js';
import { formatClaimNumber } from '@shared/claims.js';
import { csvLine } from '@shared/csv.js';
import { centsToDecimal, CURRENCY } from '@shared/money.js';
import type { Database } from '../../db/client.js';
import { claims, companies, invoiceLines, invoices, payments } from '../../db/schema/index.js';
import { todayUtc } from './accounting-dates.js';
import { invoiceConditions } from './invoice-list.query.js';
import { invoiceListColumns, presentInvoiceSummary } from './invoice-read.js';
import { paymentColumns, presentPayments } from './payment-read.js';

/*
 * The invoice and payment exports for accounting packages (QuickBooks, Xero): one row per invoice line, one row
 * per payment, amounts as decimal dollars. They are read in batches on a keyset, so an export of 100,000
 * invoices never holds more than one batch; the route streams what each batch yields.
 */
export const EXPORT_BATCH = 500;

type ExportedLine = {
  invoice: InvoiceSummary;
  row: typeof invoices.$inferSelect;
  email: string | null;
  line: typeof invoiceLines.$inferSelect;
  claimNumber: number | null;
  taxCents: number;
};

const money = (cents: number) => centsToDecimal(cents);

/** The columns of `invoice-lines.csv`, in order (README, Accounting). */
export const INVOICE_LINE_CSV_COLUMNS: [string, (line: ExportedLine) => unknown][] = [
  ['Invoice number', (l) => l.invoice.number],
  ['Status', (l) => INVOICE_STATUS_LABELS[l.invoice.status]],
  ['Customer', (l) => l.invoice.companyName],
  ['Customer email', (l) => l.email],
  ['Invoice date', (l) => l.invoice.issueDate],
  ['Due date', (l) => l.invoice.dueDate],
  ['Terms (days)', (l) => l.row.paymentTermsDays],
  ['Claim', (l) => (l.claimNumber === null ? null : formatClaimNumber(l.claimNumber))],
  ['Line', (l) => l.line.position + 1],
  ['Description', (l) => l.line.description],
  ['Quantity', (l) => l.line.quantity],
  ['Unit price', (l) => money(l.line.unitPriceCents)],
  ['Line amount', (l) => money(l.line.amountCents)],
  ['Taxable', (l) => (l.line.taxable ? 'Yes' : 'No')],
  ['Tax rate (%)', (l) => l.row.taxRatePercent],
  ['Line tax', (l) => money(l.taxCents)],
  ['Invoice subtotal', (l) => money(l.row.subtotalCents)],
  ['Invoice tax', (l) => money(l.row.taxCents)],
  ['Invoice total', (l) => money(l.row.totalCents)],
  ['Invoice balance', (l) => money(l.invoice.balanceCents)],
  ['Currency', () => CURRENCY],
];

/** The columns of `payments.csv`, in order (README, Accounting). */
export const PAYMENT_CSV_COLUMNS: [string, (payment: Payment) => unknown][] = [
  ['Date', (p) => p.receivedOn],
  ['Customer', (p) => p.companyName],
  ['Amount', (p) => money(p.amountCents)],
  ['Method', (p) => PAYMENT_METHOD_LABELS[p.method]],
  ['Reference', (p) => p.reference],
  [
    'Applied to',
    (p) => p.applications.map((a) => `${a.invoiceNumber ?? 'Draft'}: ${money(a.amountCents)}`).join('; '),
  ],
  ['Applied', (p) => money(p.appliedCents)],
  ['Unapplied', (p) => money(p.unappliedCents)],
  ['Reversed on', (p) => p.reversedOn],
  ['Reversal reason', (p) => p.reversalReason],
  ['Note', (p) => p.note],
  ['Currency', () => CURRENCY],
];

/** Where the previous batch stopped: an issued invoice's number, or a draft's creation time and id. */
type InvoiceKey = { number: string | null; createdAt: string; id: string };

function invoiceKeyset(drafts: boolean, after: InvoiceKey | null): SQL | undefined {
  if (drafts) {
    return after
      ? sql`(${invoices.createdAt}, ${invoices.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`
      : undefined;
  }
  return after ? sql`${invoices.number} > ${after.number}` : isNotNull(invoices.number);
}

function invoiceBatch(db: Database, where: SQL | undefined, drafts: boolean) {
  return db
    .select({
      ...invoiceListColumns,
      email: sql<string | null>`coalesce(${companies.billingEmail}, ${companies.contactEmail})`,
      createdAtKey: sql<string>`${invoices.createdAt}::text`,
    })
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(where)
    .orderBy(...(drafts ? [asc(invoices.createdAt), asc(invoices.id)] : [asc(invoices.number)]))
    .limit(EXPORT_BATCH);
}

/**
 * `invoice-lines.csv`: the header, then one row per line of each invoice the list's filters select, in
 * invoice-number order. Drafts have no number and are no accounting document: they are exported only when the
 * status filter asks for drafts (then in creation order).
 */
export async function* invoiceLinesCsv(
  db: Database,
  filter: InvoiceFilter,
  today = todayUtc(),
): AsyncGenerator<string> {
  yield csvLine(INVOICE_LINE_CSV_COLUMNS.map(([name]) => name));
  const drafts = filter.status === 'draft';
  const where = await invoiceConditions(db, filter, today);
  let after: InvoiceKey | null = null;
  for (;;) {
    const batch = await invoiceBatch(db, and(where, invoiceKeyset(drafts, after)), drafts);
    if (!batch.length) return;
    const lines = await db
      .select({ line: invoiceLines, claimNumber: claims.number })
      .from(invoiceLines)
      .leftJoin(claims, eq(claims.id, invoiceLines.claimId))
      .where(
        inArray(
          invoiceLines.invoiceId,
          batch.map((row) => row.invoice.id),
        ),
      )
      .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position));
    const linesOf = new Map<string, typeof lines>();
    for (const entry of lines) {
      const own = linesOf.get(entry.line.invoiceId);
      if (own) own.push(entry);
      else linesOf.set(entry.line.invoiceId, [entry]);
    }
    let chunk = '';
    for (const row of batch) {
      const invoice = presentInvoiceSummary(row, [], today);
      const own = linesOf.get(row.invoice.id) ?? [];
      const taxes = lineTaxCents(
        own.map((entry) => entry.line),
        row.invoice.taxCents,
      );
      own.forEach((entry, index) => {
        const exported: ExportedLine = {
          invoice,
          row: row.invoice,
          email: row.email,
          line: entry.line,
          claimNumber: entry.claimNumber,
          taxCents: taxes[index]!,
        };
        chunk += csvLine(INVOICE_LINE_CSV_COLUMNS.map(([, value]) => value(exported)));
      });
    }
    yield chunk;
    const last = batch.at(-1)!;
    after = { number: last.invoice.number, createdAt: last.createdAtKey, id: last.invoice.id };
    if (batch.length < EXPORT_BATCH) return;
  }
}

type PaymentKey = { receivedOn: string; createdAt: string; id: string };

function paymentKeyset(after: PaymentKey | null): SQL | undefined {
  return after
    ? sql`(${payments.receivedOn}, ${payments.createdAt}, ${payments.id}) > (${after.receivedOn}::date, ${after.createdAt}::timestamptz, ${after.id}::uuid)`
    : undefined;
}

function paymentBatch(db: Database, where: SQL | undefined) {
  return db
    .select({ ...paymentColumns, createdAtKey: sql<string>`${payments.createdAt}::text` })
    .from(payments)
    .innerJoin(companies, eq(companies.id, payments.companyId))
    .where(where)
    .orderBy(asc(payments.receivedOn), asc(payments.createdAt), asc(payments.id))
    .limit(EXPORT_BATCH);
}

/** `payments.csv`: the header, then one row per payment the list's filters select, oldest received first. */
export async function* paymentsCsv(
  db: Database,
  filter: { companyId?: string | undefined },
): AsyncGenerator<string> {
  yield csvLine(PAYMENT_CSV_COLUMNS.map(([name]) => name));
  const where = filter.companyId ? eq(payments.companyId, filter.companyId) : undefined;
  let after: PaymentKey | null = null;
  for (;;) {
    const batch = await paymentBatch(db, and(where, paymentKeyset(after)));
    if (!batch.length) return;
    const presented = await presentPayments(
      db,
      batch.map((row) => ({ ...row.payment, companyName: row.companyName })),
    );
    yield presented
      .map((payment) => csvLine(PAYMENT_CSV_COLUMNS.map(([, value]) => value(payment))))
      .join('');
    const last = batch.at(-1)!;
    after = { receivedOn: last.payment.receivedOn, createdAt: last.createdAtKey, id: last.payment.id };
    if (batch.length < EXPORT_BATCH) return;
  }
}
