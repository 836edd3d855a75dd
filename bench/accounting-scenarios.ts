import { BenchClient } from './api.js';
import { bare, listed, type Scenario } from './scenario.js';

/**
 * The Accounting page's reads as the seed:demo admin (accounting is admin only), on a database seeded with claims:
 * seed:demo invoices about four in five of them (`--claims 200000` makes about 160,000 invoices).
 */
function asAdmin(
  name: string,
  description: string,
  path: (admin: BenchClient) => Promise<string> | string,
): Scenario {
  return {
    name,
    description,
    needsClaims: true,
    setup: async (url) => {
      const admin = await BenchClient.demo(url, 'alex.admin');
      return { url: `${url}${await path(admin)}`, headers: { cookie: admin.cookie } };
    },
  };
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

export const accountingScenarios: Scenario[] = [
  bare(
    listed(
      asAdmin(
        'invoices-first-page',
        'GET /api/accounting/invoices (the Accounting page as it opens: newest first, with the totals of all)',
        () => '/api/accounting/invoices',
      ),
    ),
  ),
  listed(
    asAdmin(
      'invoices-search',
      'GET /api/accounting/invoices?search={an invoice number of last year} (number, company or claim number)',
      async (admin) => {
        // An invoice from the middle of the list, so the match is not simply the newest one.
        const page = await admin.call<{ items: { number: string | null }[] }>(
          'GET',
          '/api/accounting/invoices?sort=number&dir=asc&pageSize=1&page=2000',
        );
        return `/api/accounting/invoices?search=${page.items[0]!.number}`;
      },
    ),
  ),
  listed(
    asAdmin(
      'invoices-search-company',
      'GET /api/accounting/invoices?search=metro (a company name: a quarter of the invoices match)',
      () => '/api/accounting/invoices?search=metro',
    ),
  ),
  listed(
    asAdmin(
      'invoices-status',
      'GET /api/accounting/invoices?status=partially_paid&sort=dueDate&dir=asc (a derived status)',
      () => '/api/accounting/invoices?status=partially_paid&sort=dueDate&dir=asc',
    ),
  ),
  listed(
    asAdmin(
      'invoices-overdue',
      'GET /api/accounting/invoices?overdue=true&sort=balance (overdue, largest balance first)',
      () => '/api/accounting/invoices?overdue=true&sort=balance&dir=desc',
    ),
  ),
  bare(asAdmin('aging-today', 'GET /api/accounting/aging (as of today)', () => '/api/accounting/aging')),
  asAdmin(
    'aging-past',
    'GET /api/accounting/aging?asOf={180 days ago} (the balances as they stood then)',
    () => `/api/accounting/aging?asOf=${daysAgo(180)}`,
  ),
];
