import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import {
  ACME_ID,
  buildInvoice,
  buildInvoiceSummary,
  buildPayment,
  ZENITH_ID,
} from '../../test/accounting-factory';
import { buildUser, callsTo, fakeApi } from '../../test/fake-api';
import { jsonResponse } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { AppRouter } from '../router';
// Loaded before the tests rather than by the router's lazy import inside the first one.
import './accounts-receivable-page';

const admin = buildUser({ role: 'admin', username: 'root' });
const companies = [
  { id: ACME_ID, name: 'Acme Rentals', code: 'ACME' },
  { id: ZENITH_ID, name: 'Zenith Logistics', code: 'ZEN' },
];
type Routes = Record<string, (init: RequestInit | undefined) => Response | Promise<Response>>;

const LIST = '/api/accounting/invoices?pageSize=25&sort=created&dir=desc&page=1';
const totals = { invoicedCents: 208_250, paidCents: 50_000, openCents: 158_250 };
const listOf =
  (items: unknown[], extra = {}) =>
  () =>
    jsonResponse({ items, total: items.length, page: 1, pageSize: 25, totals, ...extra });

function openAccounting(routes: Routes, path = '/admin/accounts-receivable') {
  const api = fakeApi({ user: admin, companies, routes });
  return { api, ...renderApp(<AppRouter />, { path }) };
}

describe('Accounting', () => {
  // The first test loads the page's code (seconds on a busy machine).
  it(
    'lists invoices with the totals of the filtered set; search and status go to the address and the server',
    { timeout: 20_000 },
    async () => {
      const sent = buildInvoiceSummary({ overdue: true });
      const draft = buildInvoiceSummary({ number: null, status: 'draft', issueDate: null, dueDate: null });
      const { location, api } = openAccounting({
        [`GET ${LIST}`]: listOf([sent, draft]),
        'GET /api/accounting/invoices?pageSize=25&search=INV-2026&status=sent&sort=created&dir=desc&page=1':
          listOf([sent], { totals: { invoicedCents: 108_250, paidCents: 0, openCents: 108_250 } }),
      });

      const table = await screen.findByRole('table', { name: 'Invoices' }, { timeout: 15_000 });
      expect(screen.getByRole('tab', { name: 'Invoices', selected: true })).toBeTruthy();
      expect(screen.queryByText('Coming in a later release')).toBeNull();
      const row = within(table).getByText('INV-2026-000001').closest('tr')!;
      expect(row.textContent).toContain('Overdue');
      expect(row.textContent).toContain('$1,082.50');
      expect(within(table).getByText('Draft invoice')).toBeTruthy();
      const figures = screen.getByLabelText('Totals of the filtered invoices');
      expect(figures.textContent).toContain('Invoiced$2,082.50');
      expect(figures.textContent).toContain('Open$1,582.50');

      fireEvent.change(screen.getByRole('searchbox', { name: 'Search invoices' }), {
        target: { value: 'INV-2026' },
      });
      await waitFor(() =>
        expect(location.history?.at(-1)).toBe('/admin/accounts-receivable?search=INV-2026'),
      );
      fireEvent.click(screen.getByRole('combobox', { name: 'Status' }));
      fireEvent.click(await screen.findByRole('option', { name: 'Sent' }));
      await waitFor(() =>
        expect(location.history?.at(-1)).toBe('/admin/accounts-receivable?search=INV-2026&status=sent'),
      );
      await waitFor(() =>
        expect(screen.getByLabelText('Totals of the filtered invoices').textContent).toContain(
          'Open$1,082.50',
        ),
      );
      expect(api.fetchMock).toHaveBeenCalled();
      // The export takes the same search and filters, every page, without the list's sort.
      expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
        '/api/accounting/invoice-lines.csv?search=INV-2026&status=sent',
      );
    },
  );

  it('opens an invoice in a sheet with its lines, tax, balance, payments and history', async () => {
    const base = buildInvoice();
    const invoice = buildInvoice({
      history: [
        ...base.history,
        {
          action: 'invoice.reminder_sent',
          at: '2026-12-08T06:05:00.000Z',
          by: null,
          detail: { stage: 30, daysPastDue: 30, sentTo: 'ap@acme.example', mailId: null },
        },
      ],
      status: 'partially_paid',
      paidCents: 50_000,
      balanceCents: 58_250,
      payments: [
        {
          applicationId: '11111111-1111-4111-8111-111111111111',
          paymentId: '22222222-2222-4222-8222-222222222222',
          amountCents: 50_000,
          appliedOn: '2026-11-10',
          method: 'check',
          reference: '1042',
          reversedOn: null,
        },
      ],
    });
    openAccounting(
      {
        [`GET ${LIST}`]: listOf([invoice]),
        [`GET /api/accounting/invoices/${invoice.id}`]: () => jsonResponse(invoice),
      },
      `/admin/accounts-receivable?invoice=${invoice.id}`,
    );
    const sheet = await screen.findByRole('dialog', { name: 'INV-2026-000001' }, { timeout: 5000 });
    const lines = await within(sheet).findByRole('table', { name: 'Invoice lines' });
    expect(lines.textContent).toContain('Front bumper cover');
    expect(lines.textContent).toContain('Tax (8.25%)$82.50');
    expect(lines.textContent).toContain('Total$1,082.50');
    expect(lines.textContent).toContain('Paid-$500.00');
    expect(lines.textContent).toContain('Balance$582.50');
    expect(within(sheet).getByText('Check 1042')).toBeTruthy();
    expect(within(sheet).getByText(/INV-2026-000001 to ap@acme.example/)).toBeTruthy();
    const reminder = within(sheet).getByText('Reminder sent (30 days past due)').closest('span')!;
    expect(reminder.parentElement!.textContent).toBe('Reminder sent (30 days past due) · to ap@acme.example');
    expect(within(sheet).getByRole('button', { name: 'Record payment' })).toBeTruthy();
    expect(within(sheet).getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(
      `/api/accounting/invoices/${invoice.id}/pdf`,
    );
    // A paid invoice is not voided: its payments are reversed first.
    expect(within(sheet).queryByRole('button', { name: 'Void invoice' })).toBeNull();
  });

  it('says in the history whether each mail is held, queued or sent (issue 31)', async () => {
    const invoice = buildInvoice({
      history: [
        {
          action: 'invoice.sent',
          at: '2026-11-01T15:00:00.000Z',
          by: 'root',
          detail: { number: 'INV-2026-000001', sentTo: 'dana@harbor.example' },
          mail: { delivery: 'held', sentAt: null },
        },
        {
          action: 'invoice.reminder_sent',
          at: '2026-12-08T06:05:00.000Z',
          by: null,
          detail: { stage: 30, daysPastDue: 30, sentTo: 'ap@acme.example' },
          mail: { delivery: 'sent', sentAt: '2026-12-08T06:05:09.000Z' },
        },
      ],
    });
    openAccounting(
      {
        [`GET ${LIST}`]: listOf([invoice]),
        [`GET /api/accounting/invoices/${invoice.id}`]: () => jsonResponse(invoice),
      },
      `/admin/accounts-receivable?invoice=${invoice.id}`,
    );
    const sheet = await screen.findByRole('dialog', { name: 'INV-2026-000001' }, { timeout: 5000 });
    const sent = (await within(sheet).findByText(/mail to dana@harbor\.example held/)).parentElement!;
    expect(sent.textContent).toBe(
      'Sent · INV-2026-000001 · mail to dana@harbor.example held: no mail server',
    );
    const reminder = within(sheet).getByText('Reminder sent (30 days past due)').parentElement!;
    expect(reminder.textContent).toBe('Reminder sent (30 days past due) · mail to ap@acme.example sent');
  });

  it('voids with a reason: an empty one is refused on the field, then the server is asked', async () => {
    const invoice = buildInvoice();
    const { api } = openAccounting(
      {
        [`GET ${LIST}`]: listOf([invoice]),
        [`GET /api/accounting/invoices/${invoice.id}`]: () => jsonResponse(invoice),
        [`POST /api/accounting/invoices/${invoice.id}/void`]: () =>
          jsonResponse({ ...invoice, status: 'void', voidReason: 'Billed twice' }),
      },
      `/admin/accounts-receivable?invoice=${invoice.id}`,
    );
    const sheet = await screen.findByRole('dialog', { name: 'INV-2026-000001' }, { timeout: 5000 });
    fireEvent.click(await within(sheet).findByRole('button', { name: 'Void invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void INV-2026-000001?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void invoice' }));
    expect(await within(dialog).findByText('Say why the invoice is void')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Why is it void?'), { target: { value: 'Billed twice' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void invoice' }));
    expect(await screen.findByText('Invoice voided')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', `/api/accounting/invoices/${invoice.id}/void`)).toEqual([
      { version: 3, reason: 'Billed twice' },
    ]);
  });

  it('records a payment across two invoices of the company and shows the server’s message on its field', async () => {
    const first = buildInvoice({ dueDate: '2026-11-20' });
    const second = buildInvoiceSummary({
      number: 'INV-2026-000002',
      dueDate: '2026-12-05',
      balanceCents: 20_000,
    });
    const open = (status: string) =>
      `GET /api/accounting/invoices?pageSize=100&companyId=${ACME_ID}&sort=dueDate&dir=asc&status=${status}`;
    let attempts = 0;
    const { api } = openAccounting(
      {
        [`GET ${LIST}`]: listOf([first]),
        [`GET /api/accounting/invoices/${first.id}`]: () => jsonResponse(first),
        [open('sent')]: listOf([first, second]),
        [open('partially_paid')]: listOf([]),
        'POST /api/accounting/payments': () =>
          ++attempts === 1
            ? jsonResponse(
                { message: 'Invalid input', fieldErrors: { reference: ['At most 100 characters'] } },
                { status: 400 },
              )
            : jsonResponse(
                buildPayment({ amountCents: 130_000, unappliedCents: 1_750, companyName: 'Acme Rentals' }),
                { status: 201 },
              ),
      },
      `/admin/accounts-receivable?invoice=${first.id}`,
    );
    const sheet = await screen.findByRole('dialog', { name: 'INV-2026-000001' }, { timeout: 5000 });
    fireEvent.click(await within(sheet).findByRole('button', { name: 'Record payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a payment' });
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '1,300.00' } });
    fireEvent.change(await within(dialog).findByLabelText('Apply to INV-2026-000002'), {
      target: { value: '200' },
    });
    expect(within(dialog).getByText(/stays as the company’s credit/).textContent).toContain('$17.50');
    fireEvent.change(within(dialog).getByLabelText('Reference'), { target: { value: 'ACH 88' } });
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Method' }));
    fireEvent.click(await screen.findByRole('option', { name: 'ACH' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('At most 100 characters')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Payment recorded')).toBeTruthy();
    const [, body] = callsTo(api.fetchMock, 'POST', '/api/accounting/payments') as Record<string, unknown>[];
    expect(body).toMatchObject({
      companyId: ACME_ID,
      amountCents: 130_000,
      method: 'ach',
      reference: 'ACH 88',
      applications: [
        { invoiceId: first.id, amountCents: 108_250 },
        { invoiceId: second.id, amountCents: 20_000 },
      ],
    });
  });

  it('lists the payments of a company, which its CSV export takes', async () => {
    openAccounting(
      {
        [`GET /api/accounting/payments?pageSize=25&companyId=${ACME_ID}&page=1`]: listOf([
          buildPayment({ reference: '7731' }),
        ]),
      },
      `/admin/accounts-receivable?tab=payments&companyId=${ACME_ID}`,
    );
    const table = await screen.findByRole('table', { name: 'Payments' }, { timeout: 5000 });
    expect(within(table).getAllByText('Check 7731').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      `/api/accounting/payments.csv?companyId=${ACME_ID}`,
    );
  });

  it('drafts one invoice from claims of one company; the other company’s claims wait', async () => {
    const claim = (number: number, companyId: string, companyName: string) => ({
      id: `9a9a9a9a-0000-4000-8000-${String(number).padStart(12, '0')}`,
      number,
      companyId,
      companyName,
      workflow: 'collision',
      status: 'completed',
      vehicle: '2022 Ford Transit (unit T-1)',
      completedAt: '2026-11-20T10:00:00.000Z',
      amountCents: 10_000,
    });
    const items = [
      claim(1, ACME_ID, 'Acme Rentals'),
      claim(2, ACME_ID, 'Acme Rentals'),
      claim(3, ZENITH_ID, 'Zenith Logistics'),
    ];
    const created = buildInvoice({ number: null, status: 'draft', totalCents: 20_000 });
    const { api, location } = openAccounting(
      {
        'GET /api/accounting/ready-to-invoice': () => jsonResponse({ items }),
        'POST /api/accounting/invoices': () => jsonResponse(created, { status: 201 }),
        [`GET /api/accounting/invoices/${created.id}`]: () => jsonResponse(created),
      },
      '/admin/accounts-receivable?tab=ready',
    );
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Invoice CLM-000001' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Invoice CLM-000002' }));
    expect((screen.getByRole('checkbox', { name: 'Invoice CLM-000003' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('combobox', { name: 'Invoice lines' }));
    fireEvent.click(await screen.findByRole('option', { name: 'One summary line per claim' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create draft for 2 claims' }));
    expect(await screen.findByText('Draft invoice created')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', '/api/accounting/invoices')).toEqual([
      { claimIds: [items[0]!.id, items[1]!.id], lineMode: 'summary' },
    ]);
    await waitFor(() =>
      expect(location.history?.at(-1)).toBe(`/admin/accounts-receivable?tab=ready&invoice=${created.id}`),
    );
  });

  it('opens on the aging as of today, the day the server answered for, shown in the As of field', async () => {
    const buckets = { current: 10_000, '1-30': 0, '31-60': 0, '61-90': 0, '90+': 0 };
    openAccounting(
      {
        'GET /api/accounting/aging?': () =>
          jsonResponse({
            asOf: '2026-11-26',
            companies: [
              {
                companyId: ACME_ID,
                companyName: 'Acme Rentals',
                buckets,
                totalCents: 10_000,
                creditCents: 0,
              },
            ],
            totals: { buckets, totalCents: 10_000, creditCents: 0 },
          }),
      },
      '/admin/accounts-receivable?tab=aging',
    );
    await screen.findByRole('table', { name: /Aging as of/ });
    expect((screen.getByLabelText('As of') as HTMLInputElement).value).toBe('2026-11-26');
  });

  it('shows the aging per company and in total as of a chosen day; an amount opens the invoices behind it', async () => {
    const buckets = { current: 10_000, '1-30': 0, '31-60': 25_000, '61-90': 0, '90+': 0 };
    const report = {
      asOf: '2026-10-31',
      companies: [
        { companyId: ACME_ID, companyName: 'Acme Rentals', buckets, totalCents: 35_000, creditCents: 0 },
      ],
      totals: { buckets, totalCents: 35_000, creditCents: 0 },
    };
    const { location } = openAccounting(
      {
        'GET /api/accounting/aging?asOf=2026-10-31': () => jsonResponse(report),
        [`GET /api/accounting/aging/invoices?asOf=2026-10-31&bucket=31-60&companyId=${ACME_ID}`]: () =>
          jsonResponse({
            asOf: '2026-10-31',
            items: [
              {
                id: '33333333-3333-4333-8333-333333333333',
                number: 'INV-2026-000007',
                companyId: ACME_ID,
                companyName: 'Acme Rentals',
                issueDate: '2026-08-01',
                dueDate: '2026-08-31',
                daysPastDue: 61,
                bucket: '31-60',
                balanceCents: 25_000,
              },
            ],
          }),
      },
      '/admin/accounts-receivable?tab=aging&asOf=2026-10-31',
    );
    const table = await screen.findByRole('table', { name: /Aging as of/ });
    expect(within(table).getByText('Acme Rentals').closest('tr')!.textContent).toContain('$350.00');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/accounting/aging.csv?asOf=2026-10-31',
    );
    // Each company's statement as of the same day.
    const statement = within(table).getByRole('link', { name: 'Statement of Acme Rentals (PDF)' });
    expect(statement.getAttribute('href')).toBe(
      `/api/accounting/companies/${ACME_ID}/statement.pdf?asOf=2026-10-31`,
    );
    expect(statement.hasAttribute('download')).toBe(true);
    expect(within(table).getAllByRole('link', { name: /^Statement of/ })).toHaveLength(1);
    fireEvent.click(
      // The name starts with the amount shown (WCAG 2.5.3: a voice user says what they see).
      within(table).getByRole('button', { name: '$250.00 — Acme Rentals, 31–60: the invoices behind it' }),
    );
    await waitFor(() =>
      expect(location.history?.at(-1)).toBe(
        `/admin/accounts-receivable?tab=aging&asOf=2026-10-31&bucket=31-60&companyId=${ACME_ID}`,
      ),
    );
    expect(await screen.findByText('INV-2026-000007')).toBeTruthy();
  });
});
