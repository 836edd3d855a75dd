import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FleetDashboard } from '@shared/fleet-dashboard';

import { renderApp } from '../../../test/render-app';
import { FleetDashboardSections } from './fleet-dashboard-sections';

const none = (filter: Record<string, string>) => ({ count: 0, filter });
const company = { id: '0a0a0a0a-0000-4000-8000-000000000001', name: 'New Fleet' };

/** A company's Fleet Dashboard before any claim: every figure zero, every list empty. */
const emptyFleet = (open = 0): FleetDashboard => ({
  company,
  companies: [company],
  today: '2026-11-28',
  asOf: '2026-11-28T12:00:00.000Z',
  down: {
    vehicles: 0,
    claims: none({ companyId: company.id, down: 'true' }),
    overdue: none({ companyId: company.id, down: 'true', overdue: 'true' }),
    open: { count: open, filter: { companyId: company.id, open: 'true' } },
    items: [],
  },
  downtimeTrend: [],
  spend: {
    year: 2026,
    months: [],
    thisYear: { ...none({ companyId: company.id }), cents: 0 },
    lastYear: { ...none({ companyId: company.id }), cents: 0 },
  },
  locations: [],
  mostDowntime: [],
  upcomingReturns: [],
});

describe('the Fleet Dashboard figures', () => {
  // Issue 31: "0 vehicles — Every vehicle with an open claim is drivable…" said of a fleet with no claims.
  it('says no vehicle is down because there are no open claims, for a fleet without any', () => {
    renderApp(<FleetDashboardSections data={emptyFleet()} />);
    const today = screen.getByRole('region', { name: 'Today' });
    expect(within(today).getByText('No open claims, so no vehicle is down.')).toBeTruthy();
    expect(within(today).queryByText(/Every vehicle with an open claim/)).toBeNull();
  });

  it('says every vehicle with an open claim is still on the road when none keeps one down', () => {
    renderApp(<FleetDashboardSections data={emptyFleet(2)} />);
    const today = screen.getByRole('region', { name: 'Today' });
    expect(
      within(today).getByText('Every vehicle with an open claim is drivable and not at a shop.'),
    ).toBeTruthy();
  });

  // The empty chart was scaled $0.01–$0.04 with nothing on it.
  it('says no claim was completed with a final amount instead of drawing an empty spend chart', () => {
    const months = Array.from({ length: 11 }, (_, index) => ({
      month: index + 1,
      thisYearCents: 0,
      lastYearCents: 0,
    }));
    renderApp(
      <FleetDashboardSections data={{ ...emptyFleet(1), spend: { ...emptyFleet().spend, months } }} />,
    );
    const spend = screen.getByRole('region', { name: 'Spend by month' });
    expect(
      within(spend).getByText('No claim was completed with a final amount in 2026 or 2025.'),
    ).toBeTruthy();
  });

  // A vehicle down since this morning made the trend rise while this list said no vehicle was down at all.
  it('says the list counts whole days when no vehicle was down a whole day', () => {
    renderApp(<FleetDashboardSections data={emptyFleet(2)} />);
    const most = screen.getByRole('region', { name: 'Most downtime' });
    expect(
      within(most).getByText('Vehicles with the most whole days down over the last 365 days.'),
    ).toBeTruthy();
    expect(within(most).getByText('No vehicle was down a whole day in the last 365 days.')).toBeTruthy();
  });
});
