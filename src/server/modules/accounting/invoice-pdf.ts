import { INVOICE_STATUS_LABELS, PAYMENT_METHOD_LABELS, type Invoice } from '@shared/accounting.js';
import { formatClaimNumber } from '@shared/claims.js';
import { formatCents } from '@shared/money.js';
import {
  band,
  day,
  decimal,
  muted,
  pageFooter,
  paragraph,
  pdfBuffer,
  section,
  table,
  totals,
  whenIn,
  type Column,
} from '../claim-report/index.js';
import { accountingDocument, billToBlock, type BilledCompany } from './accounting-pdf.js';

const PAYMENT_COLUMNS: Column[] = [
  { title: 'Date', width: 90 },
  { title: 'Method', width: 70 },
  { title: 'Reference' },
  { title: 'Amount', width: 80, align: 'right' },
];
const paymentRow = (payment: Invoice['payments'][number]) => [
  day(payment.appliedOn)!,
  PAYMENT_METHOD_LABELS[payment.method],
  [payment.reference, payment.reversedOn && `Reversed on ${day(payment.reversedOn)}`]
    .filter(Boolean)
    .join(' · '),
  formatCents(payment.amountCents),
];

const CREDIT_NOTE_COLUMNS: Column[] = [
  { title: 'Number', width: 100 },
  { title: 'Date', width: 90 },
  { title: 'Reason' },
  { title: 'Amount', width: 80, align: 'right' },
];
const creditNoteRow = (note: Invoice['creditNotes'][number]) => [
  note.number,
  day(note.issuedOn)!,
  note.reason,
  formatCents(-note.amountCents),
];

/** Tax rates as typed: 8.25%, 8.875%, 0%. */
const percent = (value: number) => `${decimal(value)}%`;

/**
 * The invoice as the company receives it: who is billed (the company's billing address), number, dates and
 * terms, its lines, subtotal, tax and total, then the payments and credit notes applied so far and the balance.
 * A draft says so instead of a number; a void invoice keeps its number and says why it is void.
 */
export function renderInvoicePdf(
  invoice: Invoice,
  company: BilledCompany,
  generatedAt = new Date(),
): Promise<Buffer> {
  const when = whenIn(company.timeZone);
  const title = invoice.number ?? 'Draft invoice';
  const doc = accountingDocument(`${title} — ${company.name}`, `Invoice to ${company.name}`);
  const done = pdfBuffer(doc);

  band(doc, {
    kicker: 'FleetClaims · Invoice',
    title,
    status: INVOICE_STATUS_LABELS[invoice.status],
    lines: [invoice.overdue ? 'Overdue' : '', `Generated ${when(generatedAt.toISOString())}`].filter(Boolean),
  });

  billToBlock(doc, company, [
    ['Invoice number', invoice.number ?? 'Not issued yet'],
    ['Issue date', day(invoice.issueDate) ?? '—'],
    ['Due date', day(invoice.dueDate) ?? '—'],
    ['Terms', invoice.paymentTermsDays === 0 ? 'Due on receipt' : `Net ${invoice.paymentTermsDays} days`],
    ['Claims', invoice.claims.map((claim) => formatClaimNumber(claim.number)).join(', ') || '—'],
  ]);

  if (invoice.status === 'void') {
    paragraph(doc, `Void since ${when(invoice.voidedAt)}`, invoice.voidReason ?? '');
  }

  const claimNumbers = new Map(invoice.claims.map((claim) => [claim.id, formatClaimNumber(claim.number)]));
  section(doc, 'Lines', Math.min(200, 40 + invoice.lines.length * 20));
  table(
    doc,
    [
      { title: 'Description' },
      { title: 'Claim', width: 70 },
      { title: 'Qty', width: 40, align: 'right' },
      { title: 'Unit price', width: 70, align: 'right' },
      { title: 'Tax', width: 30 },
      { title: 'Amount', width: 75, align: 'right' },
    ],
    invoice.lines.map((line) => [
      line.description,
      (line.claimId && claimNumbers.get(line.claimId)) || '',
      decimal(line.quantity),
      formatCents(line.unitPriceCents),
      line.taxable ? 'Yes' : 'No',
      formatCents(line.amountCents),
    ]),
  );
  totals(doc, [
    ['Subtotal', invoice.subtotalCents],
    [`Tax (${percent(invoice.taxRatePercent)})`, invoice.taxCents],
    ['Total', invoice.totalCents],
  ]);

  section(doc, 'Payments');
  if (invoice.payments.length === 0) muted(doc, 'No payments yet.');
  else table(doc, PAYMENT_COLUMNS, invoice.payments.map(paymentRow));

  if (invoice.creditNotes.length > 0) {
    section(doc, 'Credit notes');
    table(doc, CREDIT_NOTE_COLUMNS, invoice.creditNotes.map(creditNoteRow));
  }

  totals(doc, [
    ['Total', invoice.totalCents],
    ['Payments', -invoice.paidCents],
    ['Credit notes', -invoice.creditedCents],
    [invoice.status === 'void' ? 'Balance (void)' : 'Balance due', invoice.balanceCents],
  ]);

  if (invoice.note) paragraph(doc, 'Note', invoice.note);

  pageFooter(doc, `${title} · ${company.name}`);
  doc.end();
  return done;
}
