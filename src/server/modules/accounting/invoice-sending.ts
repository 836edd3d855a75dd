import { asc, eq, sql } from 'drizzle-orm';
import { NO_INVOICE_RECIPIENT, type Invoice, type sendInvoiceSchema } from '@shared/accounting.js';
import { AppError } from '@shared/errors.js';
import { invoicedShareCents } from '@shared/money-facts.js';
import type { z } from 'zod';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { invoiceClaims, invoiceLines, invoices } from '../../db/schema/index.js';
import { recordAudit } from '../audit/index.js';
import { recordFinalAmounts } from '../claims/index.js';
import { addDays, todayUtc } from './accounting-dates.js';
import { loadBilledCompany } from './accounting-pdf.js';
import { nextDocumentNumber } from './document-numbering.js';
import { queueInvoiceMail } from './invoice-documents.js';
import { getInvoice } from './invoice-read.js';
import { emitInvoiceEvent } from './invoice-webhooks.js';
import { assertDraft } from './invoices.policy.js';
import { bumped, lockInvoice } from './invoices.service.js';

/**
 * Sends a draft: it gets the next number of its issue year (gapless: taken inside this transaction), its issue
 * date (today unless given, never later) and its due date from its payment terms, and the `invoice_sent` mail
 * with its PDF goes to `to` or the company's billing email — in the same transaction, so an invoice is never
 * numbered without its mail nor mailed without its number. Without a recipient nothing happens (400). Each billed
 * claim's final amount becomes its share of the invoice (decision 038), in the same transaction.
 */
export async function sendInvoice(
  db: Database,
  actor: Actor,
  id: string,
  input: z.output<typeof sendInvoiceSchema>,
  now = new Date(),
): Promise<Invoice> {
  const today = todayUtc(now);
  const issueDate = input.issueDate ?? today;
  if (issueDate > today) {
    throw new AppError('bad_request', 'The issue date cannot be in the future', {
      fieldErrors: { issueDate: ['The issue date cannot be in the future'] },
    });
  }
  await db.transaction(async (tx) => {
    const before = await lockInvoice(tx, id, input.version);
    assertDraft(before, 'sent');
    if (before.totalCents <= 0) throw new AppError('conflict', 'An invoice of $0.00 cannot be sent');
    const company = await loadBilledCompany(tx, before.companyId);
    const sentTo = input.to ?? company.billingEmail ?? company.contactEmail;
    if (!sentTo) {
      throw new AppError('bad_request', NO_INVOICE_RECIPIENT, {
        fieldErrors: { to: [NO_INVOICE_RECIPIENT] },
      });
    }
    const number = await nextDocumentNumber(tx, 'INV', Number(issueDate.slice(0, 4)));
    const dueDate = addDays(issueDate, before.paymentTermsDays);
    await tx
      .update(invoices)
      .set({ number, lifecycle: 'sent', issueDate, dueDate, sentAt: sql`now()`, sentTo, ...bumped() })
      .where(eq(invoices.id, id));
    const mailId = await queueInvoiceMail(tx, {
      invoiceId: id,
      company,
      to: sentTo,
      template: 'invoice_sent',
      generatedAt: now,
    });
    await recordFinalAmounts(tx, actor, await invoicedShares(tx, before), { invoiceId: id });
    await recordAudit(tx, actor, {
      action: 'invoice.sent',
      entityType: 'invoice',
      entityId: id,
      before: { status: 'draft' },
      after: { status: 'sent', number, issueDate, dueDate, sentTo, mailId, totalCents: before.totalCents },
    });
    await emitInvoiceEvent(tx, 'invoice.sent', before);
  });
  return getInvoice(db, id);
}

/** Each claim the invoice bills, with its share of the invoice (`invoicedShareCents`). */
async function invoicedShares(tx: Database, invoice: { id: string; taxCents: number; totalCents: number }) {
  const billed = await tx
    .select({ claimId: invoiceClaims.claimId })
    .from(invoiceClaims)
    .where(eq(invoiceClaims.invoiceId, invoice.id))
    .orderBy(asc(invoiceClaims.claimId));
  const lines = await tx
    .select({
      claimId: invoiceLines.claimId,
      amountCents: invoiceLines.amountCents,
      taxable: invoiceLines.taxable,
    })
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoice.id))
    .orderBy(asc(invoiceLines.position));
  return invoicedShareCents(
    invoice,
    billed.map((row) => row.claimId),
    lines,
  );
}
