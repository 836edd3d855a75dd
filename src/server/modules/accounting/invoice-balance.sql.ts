import { sql, type SQL } from 'drizzle-orm';
import { creditNotes, invoices, paymentApplications, payments } from '../../db/schema/index.js';

/**
 * An invoice's balance is derived, never stored: its total less the applications of payments not reversed
 * and its credit notes. With `asOf` (YYYY-MM-DD) these read as they stood at the end of that day: applications
 * from their day on, unless their payment was reversed by then, and credit notes issued by then.
 */
export function paidCentsSql(asOf?: string): SQL<number> {
  const standing = asOf
    ? sql`${paymentApplications.appliedOn} <= ${asOf}::date and (${payments.reversedOn} is null or ${payments.reversedOn} > ${asOf}::date)`
    : sql`${payments.reversedAt} is null`;
  return sql<number>`(select coalesce(sum(${paymentApplications.amountCents}), 0)::int from ${paymentApplications} inner join ${payments} on ${payments.id} = ${paymentApplications.paymentId} where ${paymentApplications.invoiceId} = ${invoices.id} and ${standing})`;
}

export function creditedCentsSql(asOf?: string): SQL<number> {
  const standing = asOf ? sql` and ${creditNotes.issuedOn} <= ${asOf}::date` : sql``;
  return sql<number>`(select coalesce(sum(${creditNotes.amountCents}), 0)::int from ${creditNotes} where ${creditNotes.invoiceId} = ${invoices.id}${standing})`;
}
