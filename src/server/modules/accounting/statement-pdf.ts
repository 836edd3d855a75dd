import { AGING_BUCKET_LABELS, AGING_BUCKETS, type AgingBucket, type AgingInvoices } from '@shared/aging.js';
import { formatCents } from '@shared/money.js';
import type { Database } from '../../db/client.js';
import {
  band,
  day,
  muted,
  pageFooter,
  pdfBuffer,
  section,
  table,
  totals,
  whenIn,
} from '../claim-report/index.js';
import { accountingDocument, billToBlock, loadBilledCompany, type BilledCompany } from './accounting-pdf.js';
import { agingInvoices, creditsAsOf } from './aging.service.js';

/** A company's statement: its open invoices at the end of `asOf` with their aging, and its unapplied credit. */
export interface CompanyStatement {
  asOf: string;
  company: BilledCompany;
  invoices: AgingInvoices['items'];
  buckets: Record<AgingBucket, number>;
  openCents: number;
  creditCents: number;
}

/** The statement of a company as the books stood at the end of `asOf` (the aging's own computation). */
export async function companyStatement(
  db: Database,
  companyId: string,
  asOf: string,
): Promise<CompanyStatement> {
  const company = await loadBilledCompany(db, companyId);
  const [aging, credits] = await Promise.all([
    agingInvoices(db, { asOf, companyId }),
    creditsAsOf(db, asOf, companyId),
  ]);
  const buckets = Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, 0])) as Record<
    AgingBucket,
    number
  >;
  let openCents = 0;
  for (const invoice of aging.items) {
    buckets[invoice.bucket] += invoice.balanceCents;
    openCents += invoice.balanceCents;
  }
  return {
    asOf,
    company,
    invoices: aging.items,
    buckets,
    openCents,
    creditCents: credits.get(companyId) ?? 0,
  };
}

/** `statement-acme-2026-10-31.pdf`. */
export const statementFileName = (statement: CompanyStatement) =>
  `statement-${
    statement.company.name
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'company'
  }-${statement.asOf}.pdf`;

/**
 * The statement as the company receives it: who is billed, the day it stands at, each open invoice (number,
 * dates, days past due, bucket, balance), the balances per aging bucket, the open total, the unapplied credit
 * and what is owed net of it.
 */
export function renderStatementPdf(statement: CompanyStatement, generatedAt = new Date()): Promise<Buffer> {
  const { company } = statement;
  const asOf = day(statement.asOf)!;
  const doc = accountingDocument(`Statement ${asOf} — ${company.name}`, `Statement to ${company.name}`);
  const done = pdfBuffer(doc);

  band(doc, {
    kicker: 'FleetClaims · Statement',
    title: `Statement as of ${asOf}`,
    status: `Open ${formatCents(statement.openCents)}`,
    lines: [`Generated ${whenIn(company.timeZone)(generatedAt.toISOString())}`],
  });
  billToBlock(doc, company, [
    ['Statement date', asOf],
    ['Open invoices', String(statement.invoices.length)],
    ['Open balance', formatCents(statement.openCents)],
    ['Unapplied credit', formatCents(statement.creditCents)],
  ]);

  section(doc, 'Open invoices', Math.min(200, 40 + statement.invoices.length * 20));
  if (statement.invoices.length === 0) muted(doc, 'No open invoices on this day.');
  else
    table(
      doc,
      [
        { title: 'Invoice' },
        { title: 'Issued', width: 80 },
        { title: 'Due', width: 80 },
        { title: 'Days past due', width: 70, align: 'right' },
        { title: 'Aging', width: 60 },
        { title: 'Balance', width: 80, align: 'right' },
      ],
      statement.invoices.map((invoice) => [
        invoice.number,
        day(invoice.issueDate)!,
        day(invoice.dueDate)!,
        invoice.daysPastDue > 0 ? String(invoice.daysPastDue) : '—',
        AGING_BUCKET_LABELS[invoice.bucket],
        formatCents(invoice.balanceCents),
      ]),
    );

  section(doc, 'Aging');
  totals(doc, [
    ...AGING_BUCKETS.map((bucket): [string, number] => [
      bucket === 'current' ? AGING_BUCKET_LABELS[bucket] : `${AGING_BUCKET_LABELS[bucket]} days`,
      statement.buckets[bucket],
    ]),
    ['Open balance', statement.openCents],
  ]);
  totals(doc, [
    ['Open balance', statement.openCents],
    ['Unapplied credit', -statement.creditCents],
    ['Balance due', statement.openCents - statement.creditCents],
  ]);

  pageFooter(doc, `Statement as of ${asOf} · ${company.name}`);
  doc.end();
  return done;
}
