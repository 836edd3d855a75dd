import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReportDelivery, ReportSubscription } from '@shared/report-subscriptions';
import {
  MAX_REPORT_SPAN_YEARS,
  REPORT_FIRST_DAY,
  REPORT_LAST_DAY,
  REPORT_SPAN_LIMIT_MESSAGE,
  type Report,
  type ReportHeadline,
} from '@shared/reports';
import type { CompanySummary } from '@shared/users';

import { buildUser, callsTo, fakeApi } from '../../test/fake-api';
import { jsonResponse } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { AppRouter } from '../router';

const manager = buildUser({ role: 'manager' });
const companies: CompanySummary[] = [
  { id: 'c0c0c0c0-0000-4000-8000-000000000001', name: 'Acme Rentals', code: 'ACME' },
];
const FACILITY = 'f0f0f0f0-0000-4000-8000-000000000001';
const base = { reportedFrom: '2026-08-23', reportedTo: '2026-11-20' };
const empty = { count: 0, filter: base };

function headline(claims: number): ReportHeadline {
  return {
    claims: { count: claims, filter: base },
    completed: { count: 2, filter: { ...base, completed: 'true' } },
    medianCycleDays: 8,
    spendCents: 400_000,
  };
}

function buildReport(overrides: Partial<Report> = {}): Report {
  const cycleRow = {
    id: FACILITY,
    name: 'Alpha Body',
    claims: { count: 2, filter: { ...base, completed: 'true' as const, repairFacilityId: FACILITY } },
    cycle: { median: 8, p90: 17, mean: 10 },
    downtime: { median: 10, p90: 18, mean: 11.8, count: 2 },
  };
  const costRow = {
    id: FACILITY,
    name: 'Alpha Body',
    claims: { count: 3, filter: { ...base, repairFacilityId: FACILITY } },
    estimateCents: 400_000,
    approvedCents: 380_000,
    finalCents: 370_000,
    supplementRate: 0.3333,
    estimateAccuracy: 0.925,
    spendCents: 370_000,
    vehicles: 3,
    costPerVehicleCents: 123_333,
  };
  return {
    meta: {
      today: '2026-11-20',
      asOf: '2026-11-20T14:05:00.000Z',
      span: { from: '2026-08-23', to: '2026-11-20' },
      previousSpan: { from: '2026-05-25', to: '2026-08-22' },
      interval: 'week',
      headline: headline(6),
      previous: null,
    },
    volume: {
      interval: 'week',
      periods: [
        {
          period: '2026-11-16',
          from: '2026-11-16',
          to: '2026-11-20',
          total: { count: 3, filter: { reportedFrom: '2026-11-16', reportedTo: '2026-11-20' } },
          workflows: [
            {
              workflow: 'collision',
              count: 2,
              filter: { reportedFrom: '2026-11-16', reportedTo: '2026-11-20', workflow: 'collision' },
            },
            {
              workflow: 'mechanical',
              count: 1,
              filter: { reportedFrom: '2026-11-16', reportedTo: '2026-11-20', workflow: 'mechanical' },
            },
          ],
          open: { count: 1, filter: { reportedFrom: '2026-11-16', reportedTo: '2026-11-20', open: 'true' } },
          finished: {
            count: 2,
            filter: { reportedFrom: '2026-11-16', reportedTo: '2026-11-20', open: 'false' },
          },
        },
      ],
    },
    cycleTime: { total: { ...cycleRow, id: null, name: 'All' }, facilities: [cycleRow], locations: [] },
    statusTime: {
      workflows: [
        {
          workflow: 'collision',
          statuses: [
            {
              status: 'reported',
              claims: { count: 3, filter: { ...base, passedStatus: 'reported' } },
              meanDays: 1.2,
              medianDays: 1,
              totalDays: 3.5,
            },
          ],
        },
      ],
    },
    cost: {
      total: { ...costRow, id: null, name: 'All' },
      facilities: [costRow],
      companies: [],
      locations: [],
    },
    topVehicles: { byClaims: [], bySpend: [] },
    authorizations: {
      kinds: [{ kind: 'declined', requests: 0, claims: empty, requestedCents: 0, approvedCents: 0 }],
      requestedCents: 0,
      approvedCents: 0,
      medianDecisionHours: null,
    },
    scorecard: {
      facilities: [
        {
          id: FACILITY,
          name: 'Alpha Body',
          handled: { count: 3, filter: { ...base, repairFacilityId: FACILITY } },
          completed: { count: 3, filter: { ...base, repairFacilityId: FACILITY, completed: 'true' } },
          medianCycleDays: 10,
          onTime: { count: 1, filter: { ...base, repairFacilityId: FACILITY, onTime: 'true' } },
          withEta: 3,
          onTimeRate: 0.3333,
          averageCostCents: 123_333,
          supplementRate: 0.3333,
          comebacks: { count: 1, filter: { ...base, repairFacilityId: FACILITY, comeback: 'true' } },
          comebackRate: 0.3333,
        },
      ],
    },
    ...overrides,
  };
}

const DEFAULT_QUERY = 'GET /api/reports?range=last_90_days&dateField=reported';

describe('the reports page', () => {
  // The route is its own chunk with the charts: load it once before the tests, not inside the first one's
  // one-second wait for the page (a busy machine takes longer than that to transform Recharts).
  beforeAll(async () => {
    await import('./reports-page');
  }, 60_000);

  it('shows every section as a chart with its table, each count linking to the claims it counts', async () => {
    fakeApi({ user: manager, companies, routes: { [DEFAULT_QUERY]: () => jsonResponse(buildReport()) } });
    renderApp(<AppRouter />, { path: '/reports' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeTruthy();
    const scorecard = await screen.findByRole('region', { name: 'Repair facility scorecard' });
    const table = within(scorecard).getByRole('table', { name: 'Repair facility scorecard' });
    const comebacks = within(table).getAllByRole('row')[1]!;
    expect(within(comebacks).getAllByRole('link', { name: '1' }).at(-1)!.getAttribute('href')).toContain(
      'comeback=true',
    );
    expect(within(comebacks).getAllByText('33.3%')).toHaveLength(3);
    for (const title of [
      'Claim volume',
      'Cycle time and downtime',
      'Time in each status',
      'Cost',
      'Mechanical authorizations',
    ]) {
      expect(screen.getByRole('region', { name: title }), title).toBeTruthy();
    }
    // An empty section says so instead of drawing an empty axis.
    const vehicles = screen.getByRole('region', { name: 'Top vehicles' });
    expect(within(vehicles).getByText('No claims in this period match the filters.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '6' }).getAttribute('href')).toBe(
      '/vehicles?reportedFrom=2026-08-23&reportedTo=2026-11-20',
    );
  });

  it('draws spend by company and by location, each with its table, CSV and links to the claims it counts', async () => {
    const COMPANY = companies[0]!.id;
    const NORTH = '10c10c10-0000-4000-8000-000000000001';
    const report = buildReport();
    const row = report.cost.facilities[0]!;
    const withSpend = buildReport({
      cost: {
        ...report.cost,
        companies: [
          {
            ...row,
            id: COMPANY,
            name: 'Acme Rentals',
            claims: { count: 6, filter: { ...base, companyId: COMPANY } },
            finalCents: 410_000,
            costPerVehicleCents: 136_667,
          },
        ],
        locations: [
          {
            ...row,
            id: NORTH,
            name: 'North',
            claims: { count: 2, filter: { ...base, locationId: NORTH } },
            finalCents: 170_000,
            costPerVehicleCents: 85_000,
          },
        ],
      },
    });
    fakeApi({ user: manager, companies, routes: { [DEFAULT_QUERY]: () => jsonResponse(withSpend) } });
    renderApp(<AppRouter />, { path: '/reports' });

    const byCompany = await screen.findByRole('region', { name: 'Spend by company' });
    expect(byCompany.querySelector('[data-slot="chart"]')).toBeTruthy();
    const companyTable = within(byCompany).getByRole('table', { name: 'Spend by company' });
    const acme = within(companyTable).getAllByRole('row')[1]!;
    expect(within(acme).getByText('$4,100.00')).toBeTruthy();
    expect(within(acme).getByText('$1,366.67')).toBeTruthy();
    expect(within(acme).getByRole('link', { name: '6' }).getAttribute('href')).toBe(
      `/vehicles?reportedFrom=2026-08-23&reportedTo=2026-11-20&companyId=${COMPANY}`,
    );
    expect(within(byCompany).getByRole('button', { name: 'Download Spend by company as CSV' })).toBeTruthy();

    const byLocation = screen.getByRole('region', { name: 'Spend by location' });
    const north = within(within(byLocation).getByRole('table')).getAllByRole('row')[1]!;
    expect(within(north).getByText('$1,700.00')).toBeTruthy();
    expect(within(north).getByText('$850.00')).toBeTruthy();
    expect(within(north).getByRole('link', { name: '2' }).getAttribute('href')).toBe(
      `/vehicles?reportedFrom=2026-08-23&reportedTo=2026-11-20&locationId=${NORTH}`,
    );
  });

  it('says so when no company or location spent anything, instead of drawing an empty axis', async () => {
    fakeApi({ user: manager, companies, routes: { [DEFAULT_QUERY]: () => jsonResponse(buildReport()) } });
    renderApp(<AppRouter />, { path: '/reports' });
    for (const name of ['Spend by company', 'Spend by location']) {
      const region = await screen.findByRole('region', { name });
      expect(within(region).getByText('No claims in this period match the filters.')).toBeTruthy();
      expect(region.querySelector('[data-slot="chart"]')).toBeNull();
    }
  });

  it('says why the scorecard has no chart when none of its facilities completed a claim', async () => {
    const [facility] = buildReport().scorecard.facilities;
    const report = buildReport({
      scorecard: {
        facilities: [
          {
            ...facility!,
            completed: { ...facility!.completed, count: 0 },
            medianCycleDays: null,
            onTime: { ...facility!.onTime, count: 0 },
            withEta: 0,
            onTimeRate: null,
            averageCostCents: null,
            comebacks: { ...facility!.comebacks, count: 0 },
            comebackRate: null,
          },
        ],
      },
    });
    fakeApi({ user: manager, companies, routes: { [DEFAULT_QUERY]: () => jsonResponse(report) } });
    renderApp(<AppRouter />, { path: '/reports' });
    const scorecard = await screen.findByRole('region', { name: 'Repair facility scorecard' });
    expect(
      within(scorecard).getByText(
        'No claim of these repair facilities was completed in this period, so there is no on-time or comeback rate to chart yet.',
      ),
    ).toBeTruthy();
    expect(scorecard.querySelector('[data-slot="chart"]')).toBeNull();
    expect(within(scorecard).getByRole('table', { name: 'Repair facility scorecard' })).toBeTruthy();
  });

  it('keeps the filters in the address and asks again when one changes', async () => {
    const compared = buildReport({
      meta: { ...buildReport().meta, previous: headline(3) },
    });
    const { fetchMock } = fakeApi({
      user: manager,
      companies,
      routes: {
        [DEFAULT_QUERY]: () => jsonResponse(buildReport()),
        [`${DEFAULT_QUERY}&compare=true`]: () => jsonResponse(compared),
      },
    });
    const { location } = renderApp(<AppRouter />, { path: '/reports' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Compare with the previous period' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/reports?compare=true'));
    expect(await screen.findByText('+100% vs previous period')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('compare=true'))).toBe(true);
  });

  it('says when a custom period ends before it starts, and a preset leaves the custom days out of the address', async () => {
    fakeApi({
      user: manager,
      companies,
      routes: { 'GET /api/reports?range=last_30_days&dateField=reported': () => jsonResponse(buildReport()) },
    });
    const { location } = renderApp(<AppRouter />, {
      path: '/reports?range=custom&from=2026-10-10&to=2026-10-01',
    });
    expect(
      await screen.findByText('To must not be before From: the custom period ends before it starts.'),
    ).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Period' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('option', { name: 'Last 30 days' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/reports?range=last_30_days'));
    expect(await screen.findByRole('region', { name: 'Headline figures' })).toBeTruthy();
  });

  it('refuses a custom period longer than the limit with the server’s words, without asking for it (issue 28)', async () => {
    const api = fakeApi({ user: manager, companies });
    renderApp(<AppRouter />, { path: '/reports?range=custom&from=2000-01-01&to=2026-11-20' });
    expect(await screen.findByText(`${REPORT_SPAN_LIMIT_MESSAGE}.`)).toBeTruthy();
    expect(REPORT_SPAN_LIMIT_MESSAGE).toBe(
      `A custom period can cover at most ${MAX_REPORT_SPAN_YEARS} years`,
    );
    expect(
      api.fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/reports?')),
      'no report is asked for',
    ).toEqual([]);
    // The date fields offer only the days a report covers.
    expect(screen.getByLabelText('From').getAttribute('min')).toBe(REPORT_FIRST_DAY);
    expect(screen.getByLabelText('To').getAttribute('max')).toBe(REPORT_LAST_DAY);
  });

  it('sorts the scorecard by a column', async () => {
    const second = {
      ...buildReport().scorecard.facilities[0]!,
      id: 'f0f0f0f0-0000-4000-8000-000000000002',
      name: 'Bravo Auto',
      medianCycleDays: 4,
    };
    const report = buildReport({
      scorecard: { facilities: [buildReport().scorecard.facilities[0]!, second] },
    });
    fakeApi({ user: manager, companies, routes: { [DEFAULT_QUERY]: () => jsonResponse(report) } });
    renderApp(<AppRouter />, { path: '/reports' });
    const table = await screen.findByRole('table', { name: 'Repair facility scorecard' });
    const names = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.querySelector('td')?.textContent);
    expect(names()).toEqual(['Alpha Body', 'Bravo Auto']);
    fireEvent.click(within(table).getByRole('button', { name: 'Median cycle (days)' }));
    fireEvent.click(within(table).getByRole('button', { name: /Median cycle \(days\)/ }));
    expect(names()).toEqual(['Bravo Auto', 'Alpha Body']);
  });
});

const SUBSCRIPTIONS = '/api/report-subscriptions';
const subscription: ReportSubscription = {
  id: '5b5b5b5b-0000-4000-8000-000000000001',
  name: 'Monday numbers',
  cadence: 'weekly',
  filter: { range: 'last_30_days', dateField: 'reported', companyId: companies[0]!.id },
  filterNames: { company: 'Acme Rentals', location: null, facility: null },
  createdAt: '2026-11-02T09:00:00.000Z',
  lastDelivery: null,
};
const delivery = (overrides: Partial<ReportDelivery>): ReportDelivery => ({
  id: '6c6c6c6c-0000-4000-8000-000000000001',
  period: '2026-W48',
  status: 'sent',
  reason: null,
  span: { from: '2026-10-24', to: '2026-11-23' },
  claims: 12,
  hasPdf: true,
  mail: { delivery: 'held', sentAt: null },
  createdAt: '2026-11-23T14:00:00.000Z',
  ...overrides,
});

describe('report subscriptions on the reports page', () => {
  it('subscribes to the report with its filters from a dialog, with the messages of the shared schema', async () => {
    let saved: ReportSubscription[] = [];
    const { fetchMock } = fakeApi({
      user: manager,
      companies,
      routes: {
        [DEFAULT_QUERY]: () => jsonResponse(buildReport()),
        [`GET ${SUBSCRIPTIONS}`]: () => jsonResponse(saved),
        [`POST ${SUBSCRIPTIONS}`]: (init) => {
          const body = JSON.parse(String(init?.body)) as { name: string; cadence: 'weekly' | 'monthly' };
          if (body.name === 'Taken') {
            return jsonResponse(
              { message: 'Name is taken', code: 'validation', fieldErrors: { name: ['Name is taken'] } },
              { status: 400 },
            );
          }
          saved = [{ ...subscription, ...body, filter: { range: 'last_90_days', dateField: 'reported' } }];
          return jsonResponse(saved[0], { status: 201 });
        },
      },
    });
    renderApp(<AppRouter />, { path: '/reports' });
    fireEvent.click(await screen.findByRole('button', { name: 'Email me this report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Email me this report' });
    expect(dialog.textContent).toContain('Last 90 days by reported date · all your companies.');
    expect(dialog.textContent).toContain('the period moves with the calendar');
    const name = await within(dialog).findByRole('textbox', { name: 'Name' });
    expect((name as HTMLInputElement).value).toBe('Last 90 days');

    fireEvent.change(name, { target: { value: '  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', SUBSCRIPTIONS)).toEqual([]);

    fireEvent.change(name, { target: { value: 'Taken' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    expect(await within(dialog).findByText('Name is taken')).toBeTruthy();

    fireEvent.change(name, { target: { value: 'Quarterly look' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: /Monthly/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, 'POST', SUBSCRIPTIONS).at(-1)).toEqual({
      name: 'Quarterly look',
      cadence: 'monthly',
      filter: { range: 'last_90_days', dateField: 'reported' },
    });
    expect(await screen.findByText('Report subscription saved')).toBeTruthy();
    const list = await screen.findByRole('region', { name: 'My report subscriptions' });
    const item = within(list).getByRole('listitem', { name: 'Quarterly look' });
    expect(item.textContent).toContain('Last 90 days by reported date · all your companies');
    expect(item.textContent).toContain('The 1st of each month at 6:00');
  });

  it('lists my subscriptions with their delivery log, PDFs and Cancel', async () => {
    let saved = [{ ...subscription, lastDelivery: delivery({}) }];
    const { fetchMock } = fakeApi({
      user: manager,
      companies,
      routes: {
        [DEFAULT_QUERY]: () => jsonResponse(buildReport()),
        [`GET ${SUBSCRIPTIONS}`]: () => jsonResponse(saved),
        [`GET ${SUBSCRIPTIONS}/${subscription.id}/deliveries`]: () =>
          jsonResponse([
            delivery({}),
            delivery({
              id: '6c6c6c6c-0000-4000-8000-000000000002',
              period: '2026-W47',
              status: 'empty',
              reason: 'No claims in the period matched the filters: nothing was sent.',
              span: { from: '2026-10-17', to: '2026-11-16' },
              claims: 0,
              mail: null,
            }),
            delivery({
              id: '6c6c6c6c-0000-4000-8000-000000000003',
              period: '2026-W46',
              span: { from: '2026-10-10', to: '2026-11-09' },
              claims: 3,
              mail: { delivery: 'sent', sentAt: '2026-11-09T14:01:00.000Z' },
            }),
          ]),
        [`DELETE ${SUBSCRIPTIONS}/${subscription.id}`]: () => {
          saved = [];
          return new Response(null, { status: 204 });
        },
      },
    });
    renderApp(<AppRouter />, { path: '/reports' });
    const list = await screen.findByRole('region', { name: 'My report subscriptions' });
    const item = within(list).getByRole('listitem', { name: 'Monday numbers' });
    expect(item.textContent).toContain('Last 30 days by reported date · Acme Rentals');
    // Without a mail server the report's mail is held, and the list says so rather than "sent" (issue 31).
    expect(item.textContent).toContain('Mondays at 6:00 · last: mail held: no mail server (2026-W48)');

    fireEvent.click(within(item).getByRole('button', { name: 'Deliveries' }));
    const log = await within(item).findByRole('table', { name: 'Deliveries of Monday numbers' });
    const rows = within(log)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent));
    expect(rows).toEqual([
      ['2026-W48', 'Oct 24, 2026 – Nov 23, 2026', '12', 'Mail held: no mail server', 'PDF of 2026-W48'],
      ['2026-W47', 'Oct 17, 2026 – Nov 16, 2026', '0', 'Not sent: no claims', 'PDF of 2026-W47'],
      ['2026-W46', 'Oct 10, 2026 – Nov 9, 2026', '3', 'Mail sent', 'PDF of 2026-W46'],
    ]);
    expect(within(log).getByRole('link', { name: 'PDF of 2026-W47' }).getAttribute('href')).toBe(
      '/api/report-deliveries/6c6c6c6c-0000-4000-8000-000000000002/pdf',
    );

    fireEvent.click(within(item).getByRole('button', { name: 'Cancel Monday numbers' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel this subscription?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByText('Subscription cancelled')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'My report subscriptions' })).toBeNull());
    expect(callsTo(fetchMock, 'DELETE', `${SUBSCRIPTIONS}/${subscription.id}`)).toHaveLength(1);
  });
});

describe('the report PDF export', () => {
  const PDF = 'GET /api/reports/pdf?range=last_90_days&dateField=reported';
  const FILE = 'fleetclaims-report-2026-08-23-to-2026-11-20.pdf';
  const click = HTMLAnchorElement.prototype.click;
  afterEach(() => {
    HTMLAnchorElement.prototype.click = click;
    vi.useRealTimers();
  });

  /** A streamed answer the test feeds chunk by chunk; aborting the request errors it, as a browser does. */
  function streamedPdf(headers: Record<string, string> = {}) {
    let feed!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (controller) => void (feed = controller) });
    const route = (init: RequestInit | undefined) => {
      init?.signal?.addEventListener('abort', () => feed.error(new DOMException('Aborted', 'AbortError')));
      return new Response(body, {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="${FILE}"`,
          ...headers,
        },
      });
    };
    return { route, send: (bytes: number) => feed.enqueue(new Uint8Array(bytes)), end: () => feed.close() };
  }
  function savedFiles() {
    const saved: string[] = [];
    URL.createObjectURL = () => 'blob:report';
    URL.revokeObjectURL = () => {};
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    };
    return saved;
  }

  it('shows the size received and the time elapsed while the server streams it, then saves it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const saved = savedFiles();
    const pdf = streamedPdf();
    fakeApi({
      user: manager,
      companies,
      routes: {
        [DEFAULT_QUERY]: () => jsonResponse(buildReport()),
        [`GET ${SUBSCRIPTIONS}`]: () => jsonResponse([]),
        [PDF]: pdf.route,
      },
    });
    renderApp(<AppRouter />, { path: '/reports' });
    fireEvent.click(await screen.findByRole('button', { name: 'Export PDF' }));
    expect(await screen.findByText('Preparing the PDF… 0 s')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Export PDF' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('progressbar', { name: 'PDF export' }).getAttribute('data-state')).toBe(
      'indeterminate',
    );

    act(() => void vi.advanceTimersByTime(3000));
    pdf.send(150 * 1024);
    expect(await screen.findByText('Receiving the PDF: 150 KB so far · 3 s')).toBeTruthy();
    pdf.send(50 * 1024);
    pdf.end();
    await waitFor(() => expect(saved).toEqual([`${FILE} blob:report`]));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect((screen.getByRole('button', { name: 'Export PDF' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('draws a bar when the size is known, and stops when cancelled', async () => {
    const saved = savedFiles();
    const pdf = streamedPdf({ 'content-length': String(400 * 1024) });
    fakeApi({
      user: manager,
      companies,
      routes: {
        [DEFAULT_QUERY]: () => jsonResponse(buildReport()),
        [`GET ${SUBSCRIPTIONS}`]: () => jsonResponse([]),
        [PDF]: pdf.route,
      },
    });
    renderApp(<AppRouter />, { path: '/reports' });
    fireEvent.click(await screen.findByRole('button', { name: 'Export PDF' }));
    pdf.send(100 * 1024);
    expect(await screen.findByText(/^Receiving the PDF: 100 KB of 400 KB/)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'PDF export' }).getAttribute('aria-valuenow')).toBe('25');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel export' }));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(saved).toEqual([]);
    expect(screen.queryByText('Could not export the PDF')).toBeNull();
  });
});
