import { eq, sql } from 'drizzle-orm';
import type { CreditNote, creditNoteInputSchema } from '@shared/accounting.js';
import { AppError } from '@shared/errors.js';
import type { z } from 'zod';
import { actorUserId, type Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { creditNotes, invoices } from '../../db/schema/index.js';
import { recordAudit } from '../audit/index.js';
import { todayUtc } from './accounting-dates.js';
import { nextDocumentNumber } from './document-numbering.js';
import { creditedCentsSql, paidCentsSql } from './invoice-balance.sql.js';
import { assertCreditable } from './credit-notes.policy.js';
import { INVOICE_NOT_FOUND } from './invoice-read.js';
import { emitInvoicesPaid } from './invoice-webhooks.js';
import { balanceOf } from './payments.policy.js';

/**
 * A credit note: a correction after sending, linked to the invoice and reducing its balance (never below zero),
 * numbered CN-2026-000001 in its own gapless sequence. One that settles the rest sends `invoice.paid`.
 */
export async function issueCreditNote(
  db: Database,
  actor: Actor,
  invoiceId: string,
  input: z.output<typeof creditNoteInputSchema>,
  today = todayUtc(),
): Promise<CreditNote> {
  const issuedOn = input.issuedOn ?? today;
  return db.transaction(async (tx) => {
    await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, invoiceId)).for('update');
    const [invoice] = await tx
      .select({
        number: invoices.number,
        lifecycle: invoices.lifecycle,
        issueDate: invoices.issueDate,
        totalCents: invoices.totalCents,
        settled: sql<number>`(${paidCentsSql()} + ${creditedCentsSql()})`,
      })
      .from(invoices)
      .where(eq(invoices.id, invoiceId));
    if (!invoice) throw new AppError('not_found', INVOICE_NOT_FOUND);
    const settledCents = Number(invoice.settled);
    assertCreditable({ ...invoice, settledCents }, input.amountCents, issuedOn, today);
    const balance = balanceOf({ ...invoice, settledCents });
    const number = await nextDocumentNumber(tx, 'CN', Number(issuedOn.slice(0, 4)));
    const [note] = await tx
      .insert(creditNotes)
      .values({
        invoiceId,
        number,
        amountCents: input.amountCents,
        issuedOn,
        reason: input.reason,
        createdById: actorUserId(actor),
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'invoice.credited',
      entityType: 'invoice',
      entityId: invoiceId,
      before: { balanceCents: balance },
      after: { creditNote: number, amountCents: input.amountCents, reason: input.reason, issuedOn },
    });
    await emitInvoicesPaid(tx, [invoiceId]);
    return {
      id: note!.id,
      invoiceId,
      number,
      amountCents: note!.amountCents,
      issuedOn: note!.issuedOn,
      reason: note!.reason,
      createdAt: note!.createdAt.toISOString(),
    };
  });
}
