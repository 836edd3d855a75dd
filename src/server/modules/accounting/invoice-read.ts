import { asc, eq, sql } from 'drizzle-orm';
import { invoiceStatus, type Invoice, type InvoiceSummary } from '@shared/accounting.js';
import { AppError } from '@shared/errors.js';
import { mailDelivery } from '@shared/mail-outbox.js';
import type { Database } from '../../db/client.js';
import {
  auditLog,
  claims,
  companies,
  creditNotes,
  invoiceClaims,
  invoiceLines,
  invoices,
  mailOutbox,
  paymentApplications,
  payments,
  users,
} from '../../db/schema/index.js';
import { todayUtc } from './accounting-dates.js';
import { creditedCentsSql, paidCentsSql } from './invoice-balance.sql.js';

export const INVOICE_NOT_FOUND = 'Invoice not found';

/** The columns of an invoice row with its company's name and what settled it so far. */
export const invoiceListColumns = {
  invoice: invoices,
  companyName: companies.name,
  paidCents: paidCentsSql(),
  creditedCents: creditedCentsSql(),
};

export type InvoiceListRow = {
  invoice: typeof invoices.$inferSelect;
  companyName: string;
  paidCents: number;
  creditedCents: number;
};

type InvoiceClaim = { id: string; number: number };

/**
 * An invoice's claims by number, read in the invoice's own row (issue 30: the list was a statement more, after
 * its page), found by the primary key of invoice_claims (invoice_id, claim_id).
 */
export const invoiceClaimsSql = () =>
  sql<InvoiceClaim[]>`coalesce((
    select json_agg(json_build_object('id', ${claims.id}, 'number', ${claims.number}) order by ${claims.number})
    from ${invoiceClaims} join ${claims} on ${claims.id} = ${invoiceClaims.claimId}
    where ${invoiceClaims.invoiceId} = ${invoices.id}), '[]'::json)`;

export function presentInvoiceSummary(
  row: InvoiceListRow,
  claimList: InvoiceClaim[],
  today = todayUtc(),
): InvoiceSummary {
  const { invoice } = row;
  const paidCents = Number(row.paidCents);
  const creditedCents = Number(row.creditedCents);
  const balanceCents = invoice.lifecycle === 'sent' ? invoice.totalCents - paidCents - creditedCents : 0;
  return {
    id: invoice.id,
    number: invoice.number,
    status: invoiceStatus(invoice.lifecycle, invoice.totalCents, paidCents + creditedCents),
    companyId: invoice.companyId,
    companyName: row.companyName,
    claims: claimList,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    overdue: balanceCents > 0 && invoice.dueDate !== null && invoice.dueDate < today,
    totalCents: invoice.totalCents,
    paidCents,
    creditedCents,
    balanceCents,
  };
}

/**
 * The invoice's entries in the audit log, oldest first, with who made them; an entry that queued a mail (its
 * `mailId`) says where the mail has got to, read from the outbox: queued, then sent once the delivery job sent it.
 * This reads pending mail as queued; without a mail server `heldWithoutMailServer` makes it held.
 */
async function invoiceHistory(db: Database, id: string): Promise<Invoice['history']> {
  const rows = await db
    .select({
      action: auditLog.action,
      at: auditLog.createdAt,
      by: users.username,
      after: auditLog.after,
      mailStatus: mailOutbox.status,
      mailSentAt: mailOutbox.sentAt,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .leftJoin(mailOutbox, sql`${mailOutbox.id} = (${auditLog.after}->>'mailId')::uuid`)
    .where(sql`${auditLog.entityType} = 'invoice' and ${auditLog.entityId} = ${id}`)
    .orderBy(asc(auditLog.id));
  return rows.map((row) => ({
    action: row.action,
    at: row.at.toISOString(),
    by: row.by,
    detail: row.after && typeof row.after === 'object' ? (row.after as Record<string, unknown>) : null,
    ...(row.mailStatus && {
      mail: {
        delivery: mailDelivery(row.mailStatus, true),
        sentAt: row.mailSentAt?.toISOString() ?? null,
      },
    }),
  }));
}

/**
 * An invoice as answered by a process without a mail server: its mail still queued is held (the delivery job
 * holds it), so its history says so from the start.
 */
export function heldWithoutMailServer(invoice: Invoice, mailConfigured: boolean): Invoice {
  if (mailConfigured) return invoice;
  return {
    ...invoice,
    history: invoice.history.map((entry) =>
      entry.mail?.delivery === 'queued' ? { ...entry, mail: { ...entry.mail, delivery: 'held' } } : entry,
    ),
  };
}

/** One invoice with its lines, claims, payments so far and history; 404 when unknown. */
export async function getInvoice(db: Database, id: string): Promise<Invoice> {
  const [row] = await db
    .select({ ...invoiceListColumns, claims: invoiceClaimsSql() })
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(eq(invoices.id, id));
  if (!row) throw new AppError('not_found', INVOICE_NOT_FOUND);
  const [lines, history, applied, credits] = await Promise.all([
    db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, id)).orderBy(asc(invoiceLines.position)),
    invoiceHistory(db, id),
    db
      .select({
        applicationId: paymentApplications.id,
        paymentId: payments.id,
        amountCents: paymentApplications.amountCents,
        appliedOn: paymentApplications.appliedOn,
        method: payments.method,
        reference: payments.reference,
        reversedOn: payments.reversedOn,
      })
      .from(paymentApplications)
      .innerJoin(payments, eq(payments.id, paymentApplications.paymentId))
      .where(eq(paymentApplications.invoiceId, id))
      .orderBy(
        asc(paymentApplications.appliedOn),
        asc(paymentApplications.createdAt),
        asc(paymentApplications.id),
      ),
    db
      .select({
        id: creditNotes.id,
        number: creditNotes.number,
        amountCents: creditNotes.amountCents,
        issuedOn: creditNotes.issuedOn,
        reason: creditNotes.reason,
      })
      .from(creditNotes)
      .where(eq(creditNotes.invoiceId, id))
      .orderBy(asc(creditNotes.number)),
  ]);
  const { invoice } = row;
  return {
    ...presentInvoiceSummary(row, row.claims),
    paymentTermsDays: invoice.paymentTermsDays,
    taxRatePercent: invoice.taxRatePercent,
    subtotalCents: invoice.subtotalCents,
    taxCents: invoice.taxCents,
    note: invoice.note,
    sentAt: invoice.sentAt?.toISOString() ?? null,
    sentTo: invoice.sentTo,
    voidReason: invoice.voidReason,
    voidedAt: invoice.voidedAt?.toISOString() ?? null,
    version: invoice.version,
    lines: lines.map((line) => ({
      id: line.id,
      position: line.position,
      claimId: line.claimId,
      description: line.description,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      taxable: line.taxable,
      amountCents: line.amountCents,
    })),
    payments: applied,
    creditNotes: credits,
    history,
    createdAt: invoice.createdAt.toISOString(),
  };
}
