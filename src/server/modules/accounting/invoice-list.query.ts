import { and, asc, desc, eq, gt, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  couldBeInInvoiceNumber,
  isWholeInvoiceNumber,
  type InvoiceFilter,
  type InvoiceList,
  type ListInvoicesQuery,
} from '@shared/accounting.js';
import { perDatabase, type Database } from '../../db/client.js';
import { hotStatement } from '../../db/row-mapper.js';
import { claims, companies, invoiceClaims, invoices, invoiceTotals } from '../../db/schema/index.js';
import { likePattern } from '../../db/like-pattern.js';
import { todayUtc } from './accounting-dates.js';
import { invoiceClaimsSql, invoiceListColumns, presentInvoiceSummary } from './invoice-read.js';

/*
 * Filters, sorts and totals read what settled each invoice from the columns the triggers keep (paid_cents,
 * credited_cents and the balance_cents and status derived from them, decision 031), by index: no invoice's
 * payments are summed on request. The rows of the page show the same figures derived (invoiceListColumns).
 */
const isSent = eq(invoices.lifecycle, 'sent');

/** A claim number typed as CLM-000123, 000123 or 123. */
function claimNumberOf(search: string): number | null {
  const match = /^(?:clm-?)?0*(\d{1,12})$/i.exec(search);
  return match ? Number(match[1]) : null;
}

/**
 * What a search matches: invoices by number (its trigram index), by company name or by claim number. The
 * companies and the claim's invoices are looked up first, so that PostgreSQL plans with the ids themselves (an
 * invoice number found by index instead of testing every invoice). `onlyCompanies` is set when the search matched
 * companies and nothing else: the kept sums per company can then answer its totals.
 */
async function searchOf(
  db: Database,
  search: string,
): Promise<{ condition: SQL | undefined; onlyCompanies: string[] | null }> {
  const pattern = likePattern(search);
  const claimNumber = claimNumberOf(search);
  const [companyRows, invoiceRows] = await Promise.all([
    db.select({ id: companies.id }).from(companies).where(ilike(companies.name, pattern)),
    claimNumber === null
      ? []
      : db
          .select({ id: invoiceClaims.invoiceId })
          .from(invoiceClaims)
          .innerJoin(claims, eq(claims.id, invoiceClaims.claimId))
          .where(eq(claims.number, claimNumber)),
  ]);
  const companyIds = companyRows.map((row) => row.id);
  const condition = or(
    // A whole number is found by the unique index; a part of one by the trigram index.
    isWholeInvoiceNumber(search)
      ? eq(invoices.number, search.toUpperCase())
      : ilike(invoices.number, pattern),
    companyIds.length ? inArray(invoices.companyId, companyIds) : undefined,
    invoiceRows.length
      ? inArray(
          invoices.id,
          invoiceRows.map((row) => row.id),
        )
      : undefined,
  );
  if (!companyIds.length || invoiceRows.length) return { condition, onlyCompanies: null };
  // "metro" cannot be in any invoice number; "inv-2" needs a look (the trigram index answers).
  if (!couldBeInInvoiceNumber(search)) return { condition, onlyCompanies: companyIds };
  const [numbered] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(ilike(invoices.number, pattern))
    .limit(1);
  return { condition, onlyCompanies: numbered ? null : companyIds };
}

/**
 * The statuses of a sent invoice (lifecycle `sent`), and of one owing something: `balance_cents > 0` exactly,
 * by the rule of `status` (invoiceStatus): sent is nothing settled of a positive total, partially paid less than
 * it, paid all of it or more; a draft or a void invoice has no balance.
 */
const SENT_STATUSES = ['sent', 'partially_paid', 'paid'] as const;
const OWING_STATUSES = ['sent', 'partially_paid'] as const;

/** The filters on the columns the invoices and their kept sums (invoice_totals) share: company, status, due day. */
function keyConditions(
  table: typeof invoices | typeof invoiceTotals,
  query: InvoiceFilter,
): (SQL | undefined)[] {
  return [
    query.status ? eq(table.status, query.status) : undefined,
    query.companyId ? eq(table.companyId, query.companyId) : undefined,
    query.dueFrom ? gte(table.dueDate, query.dueFrom) : undefined,
    query.dueTo ? lte(table.dueDate, query.dueTo) : undefined,
  ];
}

/** The list's search and filters as one condition (also the CSV export's). */
export async function invoiceConditions(
  db: Database,
  query: InvoiceFilter,
  today: string,
  searched?: { condition: SQL | undefined },
): Promise<SQL | undefined> {
  const search = searched ?? (query.search ? await searchOf(db, query.search) : undefined);
  return and(
    search?.condition,
    ...keyConditions(invoices, query),
    query.issuedFrom ? gte(invoices.issueDate, query.issuedFrom) : undefined,
    query.issuedTo ? lte(invoices.issueDate, query.issuedTo) : undefined,
    ...(query.overdue ? [gt(invoices.balanceCents, 0), lt(invoices.dueDate, today)] : []),
  );
}

/**
 * The same filter on the kept sums, or null when they cannot answer it (an issue date, a search that matched
 * invoice or claim numbers).
 */
function totalsConditions(
  query: InvoiceFilter,
  today: string,
  search: { onlyCompanies: string[] | null } | undefined,
): SQL | undefined | null {
  if (query.issuedFrom || query.issuedTo || (search && !search.onlyCompanies)) return null;
  return and(
    search?.onlyCompanies ? inArray(invoiceTotals.companyId, search.onlyCompanies) : undefined,
    ...keyConditions(invoiceTotals, query),
    ...(query.overdue
      ? [inArray(invoiceTotals.status, OWING_STATUSES), lt(invoiceTotals.dueDate, today)]
      : []),
  );
}

/** The totals of the filtered invoices: from the kept sums when they can answer, else from the invoices. */
function totalsQuery(db: Database, where: SQL | undefined, keptWhere: SQL | undefined | null) {
  return keptWhere === null
    ? db
        .select({
          total: sql<number>`count(*)::int`,
          invoicedCents: sql<number>`coalesce(sum(${invoices.totalCents}) filter (where ${isSent}), 0)::bigint`,
          settledCents: sql<number>`coalesce(sum(${invoices.paidCents} + ${invoices.creditedCents}) filter (where ${isSent}), 0)::bigint`,
        })
        .from(invoices)
        .where(where)
    : db
        .select({
          total: sql<number>`coalesce(sum(${invoiceTotals.invoices}), 0)::int`,
          invoicedCents: sql<number>`coalesce(sum(${invoiceTotals.totalCents}) filter (where ${inArray(invoiceTotals.status, SENT_STATUSES)}), 0)::bigint`,
          settledCents: sql<number>`coalesce(sum(${invoiceTotals.settledCents}) filter (where ${inArray(invoiceTotals.status, SENT_STATUSES)}), 0)::bigint`,
        })
        .from(invoiceTotals)
        .where(keptWhere);
}

type TotalsRow = { total: number; invoicedCents: number | string; settledCents: number | string };
const totalsOfRow = (row: TotalsRow | undefined) => ({
  total: row!.total,
  invoicedCents: Number(row!.invoicedCents),
  settledCents: Number(row!.settledCents),
});

async function totalsOf(db: Database, where: SQL | undefined, keptWhere: SQL | undefined | null) {
  const [row] = await totalsQuery(db, where, keptWhere);
  return totalsOfRow(row);
}

/** The totals of the filtered invoices by one way or the other (the tests compare them). */
export async function invoiceTotalsOf(
  db: Database,
  query: InvoiceFilter,
  today: string,
  via: 'sums' | 'invoices',
) {
  const search = query.search ? await searchOf(db, query.search) : undefined;
  const keptWhere = totalsConditions(query, today, search);
  if (via === 'sums' && keptWhere === null) throw new Error('The kept sums cannot answer this filter');
  return totalsOf(db, await invoiceConditions(db, query, today, search), via === 'sums' ? keptWhere : null);
}

const SORTS: Record<ListInvoicesQuery['sort'], SQL | typeof invoices.number> = {
  number: invoices.number,
  issueDate: sql`${invoices.issueDate}`,
  dueDate: sql`${invoices.dueDate}`,
  company: sql`${companies.name}`,
  total: sql`${invoices.totalCents}`,
  balance: sql`${invoices.balanceCents}`,
  created: sql`${invoices.createdAt}`,
};

/**
 * The Accounting page's invoice list: search (number, company, claim number), filters, sort and one page,
 * with the totals of the whole filtered set (issued invoices: invoiced, paid or credited, open).
 */
export async function listInvoices(
  db: Database,
  query: ListInvoicesQuery,
  today = todayUtc(),
): Promise<InvoiceList> {
  // A search looks companies and claims up first, so its statements depend on the data: built per request.
  const key = query.search ? null : JSON.stringify([query, today]);
  const statements = key === null ? undefined : listStatements(db).get(key);
  const { page, totals } = statements ?? (await buildListStatements(db, query, today));
  if (key !== null) keepListStatements(db, key, { page, totals });
  const [rows, [totalsRow]] = await Promise.all([page.execute(), totals.execute()]);
  const sums = totalsOfRow(totalsRow);
  return {
    items: rows.map((row) => presentInvoiceSummary(row, row.claims, today)),
    total: sums.total,
    page: query.page,
    pageSize: query.pageSize,
    totals: {
      invoicedCents: sums.invoicedCents,
      paidCents: sums.settledCents,
      openCents: sums.invoicedCents - sums.settledCents,
    },
  };
}

/** The page and totals statements of a list query (prepared unnamed: PostgreSQL plans each run for its values). */
async function buildListStatements(db: Database, query: ListInvoicesQuery, today: string) {
  const search = query.search ? await searchOf(db, query.search) : undefined;
  const where = await invoiceConditions(db, query, today, search);
  const direction = query.dir === 'asc' ? asc : desc;
  const sortKey = SORTS[query.sort];
  // The creation time is never null: ordered plainly, the first page is read from its index (invoices_created_idx)
  // instead of sorting every invoice; the other keys put what has none (a draft's dates, number) last.
  const order = [
    query.sort === 'created'
      ? direction(invoices.createdAt)
      : query.dir === 'asc'
        ? sql`${sortKey} asc nulls last`
        : sql`${sortKey} desc nulls last`,
    direction(invoices.id),
  ];
  return {
    page: hotStatement(
      db
        .select({ ...invoiceListColumns, claims: invoiceClaimsSql() })
        .from(invoices)
        .innerJoin(companies, eq(companies.id, invoices.companyId))
        .where(where)
        .orderBy(...order)
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize)
        .prepare(''),
    ),
    totals: totalsQuery(db, where, totalsConditions(query, today, search)).prepare(''),
  };
}

type ListStatements = Awaited<ReturnType<typeof buildListStatements>>;
/**
 * The statements of the filters last asked without a search, built once (building the page's query was 7 % of the
 * server's time serving the first page: issue 30); the least recently used is dropped past this many.
 */
const LIST_STATEMENTS_KEPT = 200;
const listStatements = perDatabase(() => new Map<string, ListStatements>());
function keepListStatements(db: Database, key: string, statements: ListStatements) {
  const kept = listStatements(db);
  // Set again when used, so that the least recently used is the first dropped.
  kept.delete(key);
  kept.set(key, statements);
  if (kept.size > LIST_STATEMENTS_KEPT) kept.delete(kept.keys().next().value!);
}
