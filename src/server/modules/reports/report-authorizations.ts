import { sql } from 'drizzle-orm';
import { AUTHORIZATION_FILTERS } from '@shared/claim-filter.js';
import type { AuthorizationsSection } from '@shared/reports.js';
import { queryRows } from '../../db/client.js';
import { countOf, num, oneDecimal, where, type ReportContext } from './report-sql.js';

/**
 * Section 6: mechanical authorizations of the counted claims by decision (a person's approval, partial
 * approval, decline; an automatic approval within the company's limit), and the median time to a decision, in
 * one pass (GROUPING SETS: per kind, and all).
 */
export async function authorizations(context: ReportContext): Promise<AuthorizationsSection> {
  const { db, scope, base } = context;
  const kindSql = sql`(case when a.decided_automatically then 'automatic' else a.status end)`;
  const rows = await queryRows<{
    kind: string | null;
    requests: number;
    claims: number;
    requested: number;
    approved: number;
    hours: number | null;
  }>(
    db,
    sql`select ${kindSql} as kind, count(*)::int as requests, count(distinct a.claim_id)::int as claims,
          coalesce(sum(a.requested_amount_cents), 0)::float8 as requested,
          coalesce(sum(a.approved_amount_cents), 0)::float8 as approved,
          (percentile_cont(0.5) within group (order by extract(epoch from (a.decided_at - a.created_at)) / 3600.0)
            filter (where a.decided_at is not null and a.status <> 'withdrawn'))::float8 as hours
        from claims join authorization_requests a on a.claim_id = claims.id
        where ${where(scope, base)}
        group by grouping sets ((${kindSql}), ())`,
  );
  const all = rows.find((row) => row.kind === null);
  const found = new Map(rows.filter((row) => row.kind !== null).map((row) => [row.kind, row]));
  const kinds = AUTHORIZATION_FILTERS.map((kind) => {
    const row = found.get(kind);
    return {
      kind,
      requests: num(row?.requests),
      claims: countOf(row?.claims ?? 0, { ...base, authorization: kind }),
      requestedCents: num(row?.requested),
      approvedCents: num(row?.approved),
    };
  });
  return {
    kinds,
    requestedCents: kinds.reduce((sum, row) => sum + row.requestedCents, 0),
    approvedCents: kinds.reduce((sum, row) => sum + row.approvedCents, 0),
    medianDecisionHours: oneDecimal(all?.hours),
  };
}
