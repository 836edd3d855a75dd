/**
 * The bare server's answers to the app's heavier reads (issue 30): each builds the app's JSON, byte for byte, from
 * the rows of the statements the app sent for the same request (bare-statements.ts), by hand — what any server
 * answering them has to do, and nothing the app does besides. Columns are read by position, in the order of the
 * app's statement; the business rules a page applies (the moves a user may make, an invoice's status) are the
 * app's own functions, as is the assembly of a page from its reads where the app has one (the aging, the
 * dashboard's figures). The claims' twins are in bare-twins-claims.ts.
 */
import { invoiceStatus } from '../src/shared/accounting-documents.js';
import { agingOf } from '../src/server/modules/accounting/index.js';
import { claimList, claimPage, dashboardActivity, dashboardSummary, type Twin } from './bare-twins-claims.js';

export type { Twin, TwinRequest } from './bare-twins-claims.js';

/** The invoice list: the totals and the page, asked together. */
const invoiceList: Twin = {
  route: '/api/accounting/invoices',
  present: (results, { query, today }) => {
    // The page's statement and the totals' (three sums), in whichever order the app sent them.
    const page = results.find((result) => result.fields.length > 3);
    const totals = results.find((result) => result.fields.length === 3);
    const [count, invoiced, settled] = totals!.rows[0]!;
    return {
      items: page!.rows.map((r) => {
        const total = r[10] as number;
        const paid = r[28] as number;
        const credited = r[29] as number;
        const balance = r[3] === 'sent' ? total - paid - credited : 0;
        return {
          id: r[0],
          number: r[2],
          status: invoiceStatus(r[3] as Parameters<typeof invoiceStatus>[0], total, paid + credited),
          companyId: r[1],
          companyName: r[27],
          claims: r[30],
          issueDate: r[4],
          dueDate: r[5],
          overdue: balance > 0 && r[5] !== null && (r[5] as string) < today,
          totalCents: total,
          paidCents: paid,
          creditedCents: credited,
          balanceCents: balance,
        };
      }),
      total: count,
      page: Number(query.get('page') ?? 1),
      pageSize: Number(query.get('pageSize') ?? 25),
      totals: {
        invoicedCents: Number(invoiced),
        paidCents: Number(settled),
        openCents: Number(invoiced) - Number(settled),
      },
    };
  },
};

/** The aging as of today: balances per company and day past due, credits per company, company names. */
const aging: Twin = {
  route: '/api/accounting/aging',
  present: (results, { today }) => {
    // begin, settings, balances, credits, companies, commit
    const [balances, credits, companies] = [results[2]!, results[3]!, results[4]!];
    const creditRows = credits.rows as unknown as { companyId: string; cents: string }[];
    return agingOf(
      today,
      balances.rows as unknown as Parameters<typeof agingOf>[1],
      new Map(creditRows.map((row) => [row.companyId, Number(row.cents)])),
      new Map(companies.rows.map((row) => [row[0] as string, row[1] as string])),
    );
  },
};

/** A report's kept answer: its JSON text as kept, sent as it is (as the app does). */
const keptReport: Twin = {
  route: '/api/reports',
  present: (results) => (results.at(-1)!.rows[0] as unknown as { json: string }).json,
};

export const twins: Twin[] = [
  claimList,
  claimPage,
  invoiceList,
  aging,
  keptReport,
  dashboardSummary,
  dashboardActivity,
];
