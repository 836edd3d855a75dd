import { and, eq, inArray, sql } from 'drizzle-orm';
import { invoiceStatus } from '@shared/accounting-documents.js';
import type { Database } from '../../db/client.js';
import { invoices } from '../../db/schema/index.js';
import { emitWebhookEvent } from '../webhooks/index.js';
import { creditedCentsSql, paidCentsSql } from './invoice-balance.sql.js';
import { getInvoice } from './invoice-read.js';

/**
 * An invoice's webhook event (issue 33): the invoice as `GET /api/accounting/invoices/{id}` answers it; an
 * invoice's events arrive in order (its subject is the invoice, which may bill several claims). Queued in the
 * caller's transaction.
 */
export function emitInvoiceEvent(
  tx: Database,
  type: 'invoice.sent' | 'invoice.paid',
  invoice: { id: string; companyId: string },
) {
  return emitWebhookEvent(tx, {
    type,
    companyId: invoice.companyId,
    claimId: null,
    subjectId: invoice.id,
    data: async () => ({ invoice: await getInvoice(tx, invoice.id) }),
  });
}

/**
 * After money settled some of `invoiceIds` (payments applied, a credit note issued) and its history entries were
 * written, in the same transaction: `invoice.paid` for each that is now paid in full. The policies refuse settling a
 * paid invoice, so each one became paid by this write. (A reversed payment reopens an invoice without an event; paid
 * again, it sends `invoice.paid` again, with a new event id.)
 */
export async function emitInvoicesPaid(tx: Database, invoiceIds: string[]) {
  if (!invoiceIds.length) return;
  const rows = await tx
    .select({
      id: invoices.id,
      companyId: invoices.companyId,
      totalCents: invoices.totalCents,
      settled: sql<number>`(${paidCentsSql()} + ${creditedCentsSql()})`,
    })
    .from(invoices)
    .where(and(inArray(invoices.id, invoiceIds), eq(invoices.lifecycle, 'sent')))
    .orderBy(invoices.id);
  for (const row of rows) {
    if (invoiceStatus('sent', row.totalCents, Number(row.settled)) === 'paid') {
      await emitInvoiceEvent(tx, 'invoice.paid', row);
    }
  }
}
