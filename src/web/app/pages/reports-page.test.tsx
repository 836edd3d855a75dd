import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Report, ReportHeadline } from '@shared/reports';
import type { CompanySummary } from '@shared/users';

import { buildUser, fakeApi } from '../../test/fake-api';
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
