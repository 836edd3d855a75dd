import { and, asc, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { InvoiceList, ListInvoicesQuery, ReadyToInvoice } from '@shared/accounting.js';
import type { Database } from '../../db/client.js';
import { claims, companies, invoiceClaims, invoices, vehicles } from '../../db/schema/index.js';
import { likePattern } from '../companies/companies.service.js';
import { todayUtc } from './accounting-dates.js';
import { creditedCentsSql, paidCentsSql } from './invoice-balance.sql.js';
import { claimsOfInvoices, invoiceListColumns, presentInvoiceSummary } from './invoice-read.js';

const settled = sql`(${paidCentsSql()} + ${creditedCentsSql()})`;
const balance = sql`(case when ${invoices.lifecycle} = 'sent' then ${invoices.totalCents} - ${settled} else 0 end)`;
const isSent = eq(invoices.lifecycle, 'sent');

const STATUS_CONDITIONS: Record<NonNullable<ListInvoicesQuery['status']>, SQL> = {
  draft: eq(invoices.lifecycle, 'draft'),
  void: eq(invoices.lifecycle, 'void'),
  sent: and(isSent, sql`${settled} = 0`)!,
  partially_paid: and(isSent, sql`${settled} > 0`, sql`${settled} < ${invoices.totalCents}`)!,
  paid: and(isSent, sql`${settled} >= ${invoices.totalCents}`)!,
};

/** A claim number typed as CLM-000123, 000123 or 123. */
function claimNumberOf(search: string): number | null {
  const match = /^(?:clm-?)?0*(\d{1,12})$/i.exec(search);
  return match ? Number(match[1]) : null;
}

function conditions(query: ListInvoicesQuery, today: string): SQL | undefined {
  const list: (SQL | undefined)[] = [];
  if (query.search) {
    const pattern = likePattern(query.search);
    const claimNumber = claimNumberOf(query.search);
    list.push(
      or(
        ilike(invoices.number, pattern),
        ilike(companies.name, pattern),
        claimNumber === null
          ? undefined
          : sql`exists (select 1 from ${invoiceClaims} inner join ${claims} on ${claims.id} = ${invoiceClaims.claimId} where ${invoiceClaims.invoiceId} = ${invoices.id} and ${claims.number} = ${claimNumber})`,
      ),
    );
  }
  if (query.status) list.push(STATUS_CONDITIONS[query.status]);
  if (query.companyId) list.push(eq(invoices.companyId, query.companyId));
  if (query.issuedFrom) list.push(gte(invoices.issueDate, query.issuedFrom));
  if (query.issuedTo) list.push(lte(invoices.issueDate, query.issuedTo));
  if (query.dueFrom) list.push(gte(invoices.dueDate, query.dueFrom));
  if (query.dueTo) list.push(lte(invoices.dueDate, query.dueTo));
  if (query.overdue) list.push(and(isSent, sql`${invoices.dueDate} < ${today}::date`, sql`${balance} > 0`));
  return and(...list);
}

const SORTS: Record<ListInvoicesQuery['sort'], SQL | typeof invoices.number> = {
  number: invoices.number,
  issueDate: sql`${invoices.issueDate}`,
  dueDate: sql`${invoices.dueDate}`,
  company: sql`${companies.name}`,
  total: sql`${invoices.totalCents}`,
  balance,
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
  const where = conditions(query, today);
  const direction = query.dir === 'asc' ? asc : desc;
  const sortKey = SORTS[query.sort];
  const order = [
    query.dir === 'asc' ? sql`${sortKey} asc nulls last` : sql`${sortKey} desc nulls last`,
    direction(invoices.id),
  ];
  const [rows, [aggregate]] = await Promise.all([
    db
      .select(invoiceListColumns)
      .from(invoices)
      .innerJoin(companies, eq(companies.id, invoices.companyId))
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({
        total: sql<number>`count(*)::int`,
        invoicedCents: sql<number>`coalesce(sum(${invoices.totalCents}) filter (where ${isSent}), 0)::bigint`,
        paidCents: sql<number>`coalesce(sum(${settled}) filter (where ${isSent}), 0)::bigint`,
        openCents: sql<number>`coalesce(sum(${balance}) filter (where ${isSent}), 0)::bigint`,
      })
      .from(invoices)
      .innerJoin(companies, eq(companies.id, invoices.companyId))
      .where(where),
  ]);
  const claimMap = await claimsOfInvoices(
    db,
    rows.map((row) => row.invoice.id),
  );
  return {
    items: rows.map((row) => presentInvoiceSummary(row, claimMap.get(row.invoice.id) ?? [], today)),
    total: aggregate!.total,
    page: query.page,
    pageSize: query.pageSize,
    totals: {
      invoicedCents: Number(aggregate!.invoicedCents),
      paidCents: Number(aggregate!.paidCents),
      openCents: Number(aggregate!.openCents),
    },
  };
}

/** Completed or closed claims of the last 90 days on no invoice (a void invoice released its claims). */
export async function listReadyToInvoice(db: Database): Promise<ReadyToInvoice> {
  const rows = await db
    .select({
      id: claims.id,
      number: claims.number,
      companyId: claims.companyId,
      companyName: companies.name,
      workflow: claims.workflow,
      status: claims.status,
      year: vehicles.year,
      make: vehicles.make,
      model: vehicles.model,
      unitNumber: vehicles.unitNumber,
      completedAt: claims.completedAt,
      amountCents: sql<
        number | null
      >`coalesce(${claims.finalAmountCents}, ${claims.approvedAmountCents}, ${claims.estimateAmountCents})`,
    })
    .from(claims)
    .innerJoin(companies, eq(companies.id, claims.companyId))
    .innerJoin(vehicles, eq(vehicles.id, claims.vehicleId))
    .where(
      and(
        sql`${claims.status} in ('completed', 'closed')`,
        sql`coalesce(${claims.completedAt}, ${claims.closedAt}, ${claims.statusChangedAt}) >= now() - interval '90 days'`,
        sql`not exists (select 1 from ${invoiceClaims} where ${invoiceClaims.claimId} = ${claims.id} and ${invoiceClaims.active})`,
      ),
    )
    .orderBy(asc(companies.name), desc(claims.completedAt), desc(claims.number))
    .limit(500);
  return {
    items: rows.map(({ year, make, model, unitNumber, completedAt, ...row }) => ({
      ...row,
      vehicle: `${[year, make, model].filter(Boolean).join(' ')} (unit ${unitNumber})`,
      completedAt: completedAt?.toISOString() ?? null,
    })),
  };
}
