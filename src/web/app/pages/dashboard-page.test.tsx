import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ClaimPage } from '@shared/claims';
import type { DashboardActivity, DashboardSummary } from '@shared/dashboard';
import type { CompanySummary } from '@shared/users';
import { openStatusesOf } from '@shared/workflows';

import { buildRelatedClaim, maria } from '../../test/claim-factory';
import { buildUser, callsTo, fakeApi } from '../../test/fake-api';
import { jsonResponse, heldResponse } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { AppRouter } from '../router';

const manager = buildUser({ id: maria.id, role: 'manager' });
const companies: CompanySummary[] = [
  { id: 'c0c0c0c0-0000-4000-8000-000000000001', name: 'Acme Rentals', code: 'ACME' },
];

const counts: Record<string, number> = {
  'collision:reported': 2,
  'collision:in_repair': 5,
  'mechanical:authorization_pending': 3,
};

function buildSummary(overrides: Partial<DashboardSummary> = {}): DashboardSummary {
  const workflows = (['collision', 'mechanical'] as const).map((workflow) => {
    const statuses = openStatusesOf(workflow).map((status) => ({
      status,
      count: counts[`${workflow}:${status}`] ?? 0,
      filter: { workflow, status: [status] },
    }));
    return {
      workflow,
      total: {
        count: statuses.reduce((sum, row) => sum + row.count, 0),
        filter: { workflow, open: 'true' as const },
      },
      statuses,
    };
  });
  return {
    companies: 1,
    today: '2026-11-20',
    open: { total: { count: 10, filter: { open: 'true' } }, workflows },
    vehiclesDown: { vehicles: 4, claims: { count: 6, filter: { down: 'true' } } },
    overdue: { count: 2, filter: { overdue: 'true', sort: 'eta', order: 'asc' } },
    pendingAuthorizations: {
      count: 3,
      filter: { workflow: 'mechanical', status: ['authorization_pending'] },
    },
    cycleTime: {
      since: '2026-08-23',
      averageDays: 6.25,
      completed: { count: 12, filter: { completedFrom: '2026-08-23' } },
      workflows: [
        {
          workflow: 'collision',
          averageDays: 8.5,
          completed: { count: 7, filter: { workflow: 'collision', completedFrom: '2026-08-23' } },
        },
        {
          workflow: 'mechanical',
          averageDays: 3.1,
          completed: { count: 5, filter: { workflow: 'mechanical', completedFrom: '2026-08-23' } },
        },
      ],
    },
    myClaims: {
      open: { count: 7, filter: { assigneeId: maria.id, open: 'true' } },
      items: [
        buildRelatedClaim({
          id: '0a0a0a0a-0000-4000-8000-000000000001',
          claimNumber: 'CLM-000123',
          status: 'in_repair',
          workflow: 'collision',
          eta: '2026-11-25',
        }),
      ],
    },
    ...overrides,
  };
}

const activity: DashboardActivity = {
  items: [
    {
      id: '4c4c4c4c-0000-4000-8000-000000000001',
      claim: {
        id: '0a0a0a0a-0000-4000-8000-000000000002',
        claimNumber: 'CLM-000124',
        workflow: 'mechanical',
        unitNumber: 'ME-2001',
        companyName: 'Acme Rentals',
      },
      fromStatus: 'diagnosis',
      toStatus: 'authorization_pending',
      actor: maria,
      impersonator: null,
      note: null,
      createdAt: new Date(Date.now() - 5 * 60 * 1000).toISOString(),
    },
  ],
};

type Handler = () => Response | Promise<Response>;

function openDashboard({
  summary = () => jsonResponse(buildSummary()),
  recent = () => jsonResponse(activity),
  user = manager,
  routes = {},
}: { summary?: Handler; recent?: Handler; user?: typeof manager; routes?: Record<string, Handler> } = {}) {
  const api = fakeApi({
    user,
    companies,
    routes: {
      'GET /api/dashboard/summary': summary,
      'GET /api/dashboard/activity': recent,
      ...routes,
    },
  });
  return { api, ...renderApp(<AppRouter />, { path: '/' }) };
}

/** The first screen of a test waits for its lazily loaded page, which can take a while on a busy machine. */
const LOAD = { timeout: 5000 };

const hrefOf = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href');

describe('dashboard', () => {
  it('shows each figure with a link to exactly the claims it counts', async () => {
    openDashboard();

    const open = await screen.findByRole('article', { name: 'Open claims' }, LOAD);
    expect(within(open).getByText('10')).toBeTruthy();
    expect(open.textContent).toContain('7 collision · 3 mechanical');
    expect(hrefOf('View 10 open claims')).toBe('/vehicles?open=true');

    const down = screen.getByRole('article', { name: 'Vehicles down now' });
    expect(within(down).getByTestId('figure-down-value').textContent).toBe('4 vehicles');
    // Vehicles and claims are counted apart: the card says how 4 vehicles relate to 6 claims.
    expect(down.textContent).toContain(
      'Not drivable, or dropped off at the shop: 6 open claims between them, as some vehicles have more than one.',
    );
    expect(hrefOf('View the 6 open claims on these 4 vehicles')).toBe('/vehicles?down=true');

    expect(hrefOf('View 2 overdue claims')).toBe('/vehicles?overdue=true&sort=eta&order=asc');
    expect(hrefOf('View 3 claims awaiting authorization')).toBe(
      '/vehicles?workflow=mechanical&status=authorization_pending',
    );

    const cycle = screen.getByRole('article', { name: 'Average cycle time (90 days)' });
    expect(cycle.textContent).toContain('6.3 days');
    expect(cycle.textContent).toContain('Collision 8.5 d · Mechanical 3.1 d');
    expect(hrefOf('View 12 claims completed since Aug 23')).toBe('/vehicles?completedFrom=2026-08-23');
  });

  it('draws the open claims of each workflow by status, each bar opening its claims', async () => {
    openDashboard();

    const panel = await screen.findByRole('region', { name: 'Open claims by status' }, LOAD);
    const collision = within(panel).getByRole('region', { name: 'Collision' });
    expect(
      within(collision)
        .getByRole('link', { name: /^In repair\s*5\s*: view these collision claims$/ })
        .getAttribute('href'),
    ).toBe('/vehicles?workflow=collision&status=in_repair');
    expect(
      within(collision).getByRole('link', { name: 'View all 7 open collision claims' }).getAttribute('href'),
    ).toBe('/vehicles?workflow=collision&open=true');
    // A status without claims is shown, but opens nothing.
    expect(within(collision).getByText('Parts ordered')).toBeTruthy();
    expect(within(collision).queryByRole('link', { name: /Parts ordered/ })).toBeNull();
    const mechanical = within(panel).getByRole('region', { name: 'Mechanical' });
    expect(
      within(mechanical).getByRole('link', {
        name: /^Authorization requested\s*3\s*: view these mechanical claims$/,
      }),
    ).toBeTruthy();
  });

  it('lists my open claims and the recent activity, each linking to its claim', async () => {
    openDashboard();

    const mine = await screen.findByRole('region', { name: 'My open claims' }, LOAD);
    expect(mine.textContent).toContain('7 claims assigned to you');
    expect(within(mine).getByRole('link', { name: 'CLM-000123' }).getAttribute('href')).toBe(
      '/vehicles/0a0a0a0a-0000-4000-8000-000000000001',
    );
    expect(within(mine).getByText('In repair')).toBeTruthy();
    expect(
      within(mine).getByRole('link', { name: 'View all 7 of my open claims' }).getAttribute('href'),
    ).toBe(`/vehicles?assigneeId=${maria.id}&open=true`);

    const recent = screen.getByRole('region', { name: 'Recent activity' });
    const entry = await within(recent).findByRole('link', {
      name: 'CLM-000124, unit ME-2001: moved from Diagnosis to Authorization requested',
    });
    expect(entry.getAttribute('href')).toBe('/vehicles/0a0a0a0a-0000-4000-8000-000000000002');
    expect(recent.textContent).toContain('by Maria Manager · 5 minutes ago');
  });

  it('opens All Claims filtered as the figure says, and the filter shows in the panel', async () => {
    const { api, location } = openDashboard({
      routes: {
        'GET /api/vehicles?overdue=true&sort=eta&order=asc&page=1&pageSize=25': () =>
          jsonResponse({
            items: [buildRelatedClaim({ status: 'in_repair', eta: '2026-11-10' })],
            total: 2,
            totalCapped: false,
            page: 1,
            pageSize: 25,
            nextCursor: null,
          } satisfies ClaimPage),
        'GET /api/repair-facilities?pageSize=100': () =>
          jsonResponse({ items: [], total: 0, page: 1, pageSize: 100 }),
      },
    });

    fireEvent.click(await screen.findByRole('link', { name: 'View 2 overdue claims' }, LOAD));
    await screen.findByRole('heading', { name: 'All Claims' }, LOAD);
    expect(location.history?.at(-1)).toBe('/vehicles?overdue=true&sort=eta&order=asc');
    await waitFor(() =>
      expect(
        callsTo(api.fetchMock, 'GET', '/api/vehicles?overdue=true&sort=eta&order=asc&page=1&pageSize=25'),
      ).toHaveLength(1),
    );
    expect(screen.getByRole('combobox', { name: 'ETA' }).textContent).toBe('Overdue');
  }, 15_000); // Two lazily loaded screens.

  it('shows skeletons while loading, then the figures', async () => {
    const respond = heldResponse();
    openDashboard({ summary: respond.route });

    expect(await screen.findByLabelText('Loading the figures', undefined, LOAD)).toBeTruthy();
    expect(screen.getByLabelText('Loading the open claims by status')).toBeTruthy();
    respond.release(jsonResponse(buildSummary()));
    expect(await screen.findByRole('article', { name: 'Open claims' })).toBeTruthy();
    expect(screen.queryByLabelText('Loading the figures')).toBeNull();
  });

  it('says when the figures cannot be loaded and tries again; the activity still shows', async () => {
    let fail = true;
    const { api } = openDashboard({
      summary: () =>
        fail
          ? jsonResponse({ message: 'Database unavailable' }, { status: 503 })
          : jsonResponse(buildSummary()),
    });

    expect(await screen.findByText('The figures could not be loaded', undefined, LOAD)).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Recent activity' })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Open claims' })).toBeTruthy();
    expect(callsTo(api.fetchMock, 'GET', '/api/dashboard/summary')).toHaveLength(2);
  });

  it('says when the activity cannot be loaded, apart from the figures', async () => {
    openDashboard({ recent: () => jsonResponse({ message: 'Timed out' }, { status: 504 }) });

    expect(await screen.findByText('The recent activity could not be loaded', undefined, LOAD)).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Open claims' })).toBeTruthy();
  });

  it('tells a user without companies to ask an administrator, and an admin to add one', async () => {
    const empty = buildSummary({ companies: 0 });
    openDashboard({ summary: () => jsonResponse(empty), recent: () => jsonResponse({ items: [] }) });
    expect(await screen.findByText('You are not linked to a company yet', undefined, LOAD)).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Open claims' })).toBeNull();
  });

  it('offers an admin without companies to add one', async () => {
    const empty = buildSummary({ companies: 0 });
    openDashboard({
      user: buildUser({ role: 'admin' }),
      summary: () => jsonResponse(empty),
      recent: () => jsonResponse({ items: [] }),
    });
    expect(await screen.findByText('No companies yet', undefined, LOAD)).toBeTruthy();
    expect(hrefOf('Add a company')).toBe('/companies');
  });

  it('invites adding a claim when there is nothing yet, and says so in each panel', async () => {
    const zero = { count: 0, filter: { open: 'true' as const } };
    const nothing = buildSummary({
      open: {
        total: zero,
        workflows: buildSummary().open.workflows.map((row) => ({
          ...row,
          total: { ...row.total, count: 0 },
          statuses: row.statuses.map((status) => ({ ...status, count: 0 })),
        })),
      },
      cycleTime: {
        ...buildSummary().cycleTime,
        averageDays: null,
        completed: { count: 0, filter: {} },
        workflows: [],
      },
      vehiclesDown: { vehicles: 0, claims: { count: 0, filter: { down: 'true' } } },
      myClaims: { open: { count: 0, filter: { assigneeId: maria.id, open: 'true' } }, items: [] },
    });
    openDashboard({ summary: () => jsonResponse(nothing), recent: () => jsonResponse({ items: [] }) });

    expect(await screen.findByText('No open claims.', undefined, LOAD)).toBeTruthy();
    expect(hrefOf('Add a claim')).toBe('/add-vehicle');
    expect(screen.getByText('No open claims: every repair is finished.')).toBeTruthy();
    expect(screen.getByText('No open claim is assigned to you.')).toBeTruthy();
    // A fleet with no claims yet: nothing about what vehicles with an open claim are.
    const down = screen.getByRole('article', { name: 'Vehicles down now' });
    expect(within(down).getByTestId('figure-down-value').textContent).toBe('0 vehicles');
    expect(within(down).getByText('No open claims, so no vehicle is down.')).toBeTruthy();
    expect(await screen.findByText('No claim has been reported or moved yet.')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Average cycle time (90 days)' }).textContent).toContain('—');
  });

  it('does not invite a viewer to add a claim', async () => {
    const nothing = buildSummary({
      open: { ...buildSummary().open, total: { count: 0, filter: { open: 'true' } } },
      cycleTime: { ...buildSummary().cycleTime, completed: { count: 0, filter: {} } },
    });
    openDashboard({ user: buildUser({ role: 'viewer' }), summary: () => jsonResponse(nothing) });
    expect(await screen.findByRole('article', { name: 'Open claims' }, LOAD)).toBeTruthy();
    expect(screen.queryByText('No open claims.')).toBeNull();
  });
});
