import { sql, type Placeholder, type SQL } from 'drizzle-orm';

/** A day (YYYY-MM-DD), or the placeholder of a statement written once and run for any day (`sqlBuiltOnce`). */
export type AsOf = string | Placeholder<'asOf'>;

/*
 * Written with qualified names on purpose: Drizzle leaves columns unqualified in the fields of a query on one
 * table, and an unqualified "id" inside these subqueries would name the subquery's own table.
 */

/**
 * An invoice's balance is derived, never stored: its total less the applications of payments not reversed
 * and its credit notes. With `asOf` (YYYY-MM-DD) these read as they stood at the end of that day: applications
 * from their day on, unless their payment was reversed by then, and credit notes issued by then.
 */
export function paidCentsSql(asOf?: AsOf): SQL<number> {
  const standing = asOf
    ? sql`pa.applied_on <= ${asOf}::date and (p.reversed_on is null or p.reversed_on > ${asOf}::date)`
    : sql`p.reversed_at is null`;
  return sql<number>`(select coalesce(sum(pa.amount_cents), 0)::int from payment_applications pa inner join payments p on p.id = pa.payment_id where pa.invoice_id = "invoices"."id" and ${standing})`;
}

export function creditedCentsSql(asOf?: AsOf): SQL<number> {
  const standing = asOf ? sql` and cn.issued_on <= ${asOf}::date` : sql``;
  return sql<number>`(select coalesce(sum(cn.amount_cents), 0)::int from credit_notes cn where cn.invoice_id = "invoices"."id"${standing})`;
}

/** What a payment has applied (by the end of `asOf`, if given), for the payment row `"payments"`. */
export function paymentAppliedCentsSql(asOf?: AsOf): SQL<number> {
  const standing = asOf ? sql` and pa.applied_on <= ${asOf}::date` : sql``;
  return sql<number>`(select coalesce(sum(pa.amount_cents), 0)::int from payment_applications pa where pa.payment_id = "payments"."id"${standing})`;
}

/**
 * The invoices open at the end of `asOf` with their balance then (`id`, `company_id`, `number`, `issue_date`,
 * `due_date`, `balance_cents`), read by index in two parts (decision 031): an invoice with nothing dated after
 * `asOf` (its `last_entry_on`, kept by triggers) stood then as it stands now, so its kept balance is read from the
 * index of the invoices owing something; only those with an entry after `asOf` and issued by then derive it.
 */
export function openAsOfSql(asOf: AsOf): SQL {
  return sql`(
    select ${OPEN_COLUMNS}, "invoices"."balance_cents" from "invoices"
    where "invoices"."balance_cents" <> 0 and "invoices"."last_entry_on" <= ${asOf}::date
    union all
    ${changedOpenAsOfSql(asOf)}
  )`;
}

const OPEN_COLUMNS = sql.raw(
  `"invoices"."id", "invoices"."company_id", "invoices"."number", "invoices"."issue_date", "invoices"."due_date"`,
);

/**
 * The second part of openAsOfSql: the invoices with an entry after `asOf` that were open at its end, with their
 * balance then (a few when `asOf` is recent, by the index of the last entries). Only those settled in part by then
 * (their kept `first_settled_on`) derive it; the others owed their whole total (decision 033: 85 of the 3,018
 * invoices of 180 days ago on the seeded 91,061). `offset 0` keeps the filter on the balance outside: pushed
 * down, PostgreSQL would derive each balance twice.
 */
export function changedOpenAsOfSql(asOf: AsOf): SQL {
  return sql`select * from (
      select ${OPEN_COLUMNS}, case when "invoices"."first_settled_on" <= ${asOf}::date
          then "invoices"."total_cents" - ${paidCentsSql(asOf)} - ${creditedCentsSql(asOf)}
          else "invoices"."total_cents" end as balance_cents
      from "invoices"
      where "invoices"."last_entry_on" > ${asOf}::date and "invoices"."issue_date" <= ${asOf}::date
        and ("invoices"."lifecycle" = 'sent' or ("invoices"."lifecycle" = 'void' and "invoices"."voided_on" > ${asOf}::date))
      offset 0
    ) changed where changed.balance_cents <> 0`;
}
