import { sql, type SQL } from 'drizzle-orm';

/*
 * Written with qualified names on purpose: Drizzle leaves columns unqualified in the fields of a query on one
 * table, and an unqualified "id" inside these subqueries would name the subquery's own table.
 */

/**
 * An invoice's balance is derived, never stored: its total less the applications of payments not reversed
 * and its credit notes. With `asOf` (YYYY-MM-DD) these read as they stood at the end of that day: applications
 * from their day on, unless their payment was reversed by then, and credit notes issued by then.
 */
export function paidCentsSql(asOf?: string): SQL<number> {
  const standing = asOf
    ? sql`pa.applied_on <= ${asOf}::date and (p.reversed_on is null or p.reversed_on > ${asOf}::date)`
    : sql`p.reversed_at is null`;
  return sql<number>`(select coalesce(sum(pa.amount_cents), 0)::int from payment_applications pa inner join payments p on p.id = pa.payment_id where pa.invoice_id = "invoices"."id" and ${standing})`;
}

export function creditedCentsSql(asOf?: string): SQL<number> {
  const standing = asOf ? sql` and cn.issued_on <= ${asOf}::date` : sql``;
  return sql<number>`(select coalesce(sum(cn.amount_cents), 0)::int from credit_notes cn where cn.invoice_id = "invoices"."id"${standing})`;
}

/** What a payment has applied (by the end of `asOf`, if given), for the payment row `"payments"`. */
export function paymentAppliedCentsSql(asOf?: string): SQL<number> {
  const standing = asOf ? sql` and pa.applied_on <= ${asOf}::date` : sql``;
  return sql<number>`(select coalesce(sum(pa.amount_cents), 0)::int from payment_applications pa where pa.payment_id = "payments"."id"${standing})`;
}
