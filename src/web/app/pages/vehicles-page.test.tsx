import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLAIMS_COUNT_CAP, type ClaimListItem, type ClaimPage } from '@shared/claims';
import type { CompanySummary } from '@shared/users';

import { buildRelatedClaim } from '../../test/claim-factory';
import { buildUser, callsTo, fakeApi } from '../../test/fake-api';
import { jsonResponse, heldResponse } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { setViewportWidth } from '../../test/viewport';
import { AppRouter } from '../router';

const manager = buildUser({ role: 'manager' });
const viewer = buildUser({ role: 'viewer' });
const companies: CompanySummary[] = [
  { id: 'c0c0c0c0-0000-4000-8000-000000000001', name: 'Acme Rentals', code: 'ACME' },
  { id: 'c0c0c0c0-0000-4000-8000-000000000002', name: 'Metro Delivery', code: 'METRO' },
];

const transit = buildRelatedClaim({
  id: '0a0a0a0a-0000-4000-8000-000000000001',
  claimNumber: 'CLM-000123',
  status: 'in_repair',
  workflow: 'collision',
  priority: 'urgent',
  facilityName: 'Eastside Collision',
  assignee: { id: manager.id, username: manager.username, name: 'Dana Reyes' },
  downtimeDays: 4,
});
const pickup = buildRelatedClaim({
  id: '0a0a0a0a-0000-4000-8000-000000000002',
  claimNumber: 'CLM-000124',
  status: 'diagnosis',
  workflow: 'mechanical',
  vehicle: {
    ...transit.vehicle,
    id: '0b0b0b0b-0000-4000-8000-000000000002',
    unitNumber: 'ME-2001',
    vin: '1FTFW1E50PFA12345',
    make: 'Ford',
    model: 'F-150',
    year: 2023,
  },
});

const DEFAULTS = 'sort=updatedAt&order=desc';
const FIRST_PAGE = `GET /api/vehicles?${DEFAULTS}&page=1&pageSize=25`;

const answer =
  (items: ClaimListItem[], extra: Partial<ClaimPage> = {}) =>
  () =>
    jsonResponse({
      items,
      total: items.length,
      totalCapped: false,
      page: 1,
      pageSize: 25,
      nextCursor: null,
      ...extra,
    } satisfies ClaimPage);

/** The filter lists the page loads besides the claims. */
const optionRoutes = {
  'GET /api/repair-facilities?pageSize=100': () =>
    jsonResponse({ items: [], total: 0, page: 1, pageSize: 100 }),
};

function openList(
  routes: Record<string, (init?: RequestInit) => Response | Promise<Response>>,
  { path = '/vehicles', user = manager } = {},
) {
  const api = fakeApi({ user, companies, routes: { ...optionRoutes, ...routes } });
  return { api, ...renderApp(<AppRouter />, { path }) };
}

const lastPath = (location: { history?: string[] }) => location.history?.at(-1);
const claimRequests = (api: ReturnType<typeof fakeApi>) =>
  api.fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/vehicles?'));

async function choose(label: string, option: string) {
  fireEvent.keyDown(screen.getByRole('combobox', { name: label }), { key: 'Enter' });
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('all claims: the table', () => {
  it('shows each claim with status, vehicle, company, facility, assignee, dates and downtime', async () => {
    openList({ [FIRST_PAGE]: answer([transit, pickup]) });

    const table = await screen.findByRole('table', { name: 'Claims' });
    const row = within(table).getByRole('link', { name: 'CLM-000123' }).closest('tr')!;
    expect(within(row).getByText('In repair')).toBeTruthy();
    expect(row.textContent).toContain('Collision');
    expect(row.textContent).toContain('Urgent');
    expect(row.textContent).toContain('AC-1042');
    expect(row.textContent).toContain('2022 Ford Transit 250');
    expect(row.textContent).toContain('…MKA00001'); // the VIN's last 8
    expect(row.textContent).toContain('Acme Rentals');
    expect(row.textContent).toContain('Eastside Collision');
    expect(row.textContent).toContain('Dana Reyes');
    expect(row.textContent).toContain('4 days');
    expect(within(table).getByRole('link', { name: 'CLM-000124' }).getAttribute('href')).toBe(
      `/vehicles/${pickup.id}`,
    );
    expect(screen.getByText('Showing 1–2 of 2 claims')).toBeTruthy();
  });

  it('shows the estimate and approved amounts, and sorts by them', async () => {
    const priced = {
      ...transit,
      estimateAmountCents: 162_147,
      approvedAmountCents: 122_223,
      finalAmountCents: 99,
    };
    const { location } = openList({
      [FIRST_PAGE]: answer([priced, pickup]),
      [`GET /api/vehicles?sort=approvedAmount&order=desc&page=1&pageSize=25`]: answer([priced, pickup]),
    });
    const table = await screen.findByRole('table', { name: 'Claims' });
    const row = within(table).getByRole('link', { name: 'CLM-000123' }).closest('tr')!;
    expect(row.textContent).toContain('$1,621.47');
    expect(row.textContent).toContain('$1,222.23');
    // The final amount is a column the user turns on.
    expect(within(table).queryByRole('columnheader', { name: /Final/ })).toBeNull();
    expect(row.textContent).not.toContain('$0.99');
    fireEvent.click(within(table).getByRole('button', { name: 'Approved' }));
    await waitFor(() => expect(lastPath(location)).toBe('/vehicles?sort=approvedAmount&order=desc'));
  });

  it('lets the user choose the columns, and remembers the choice', async () => {
    const priced = { ...transit, finalAmountCents: 170_005 };
    const first = openList({ [FIRST_PAGE]: answer([priced]) });
    const table = await screen.findByRole('table', { name: 'Claims' });
    fireEvent.pointerDown(screen.getByRole('button', { name: /^Columns/ }), { button: 0, ctrlKey: false });
    const menu = await screen.findByRole('menu');
    fireEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Final amount' }));
    fireEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Vehicle' }));
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(within(table).getByRole('columnheader', { name: /Final/ })).toBeTruthy());
    expect(within(table).queryByRole('columnheader', { name: 'Vehicle' })).toBeNull();
    expect(table.textContent).toContain('$1,700.05');
    first.unmount();

    // Another visit: the same columns.
    openList({ [FIRST_PAGE]: answer([priced]) });
    const again = await screen.findByRole('table', { name: 'Claims' });
    expect(within(again).getByRole('columnheader', { name: /Final/ })).toBeTruthy();
    expect(within(again).queryByRole('columnheader', { name: 'Vehicle' })).toBeNull();
    expect(screen.getByRole('button', { name: /Columns/ }).textContent).toContain('1 hidden');
  });

  it('shows a loading state, then says when there are no claims yet', async () => {
    const respond = heldResponse();
    openList({ [FIRST_PAGE]: respond.route });

    expect(await screen.findByRole('table', { name: 'Loading claims' })).toBeTruthy();
    respond.release(answer([])());
    expect(await screen.findByText('No claims yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a claim' }).getAttribute('href')).toBe('/add-vehicle');
  });

  it('says when the claims cannot be loaded and tries again', async () => {
    const { api } = openList({
      [FIRST_PAGE]: () => jsonResponse({ message: 'Database unavailable' }, { status: 503 }),
    });
    expect(await screen.findByText('The claims could not be loaded')).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();

    api.fetchMock.mockImplementation(async (url) =>
      String(url).startsWith('/api/vehicles?') ? answer([transit])() : jsonResponse([]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'CLM-000123' })).toBeTruthy();
  });

  it('shows cards instead of a table below 768 px', async () => {
    setViewportWidth(500);
    openList({ [FIRST_PAGE]: answer([transit]) });

    const cards = await screen.findByRole('list', { name: 'Claims' });
    expect(
      within(cards)
        .getByRole('link', { name: /CLM-000123/ })
        .getAttribute('href'),
    ).toBe(`/vehicles/${transit.id}`);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers Add Claim to a manager but not to a viewer', async () => {
    openList({ [FIRST_PAGE]: answer([transit]) });
    await screen.findByRole('table', { name: 'Claims' });
    const addLinks = screen.getAllByRole('link', { name: 'Add Claim' });
    expect(addLinks.length).toBe(2); // the sidebar's and the page's
    expect(addLinks.every((link) => link.getAttribute('href') === '/add-vehicle')).toBe(true);
  });

  it('shows a viewer the list without Add Claim and without the location filter', async () => {
    const { api } = openList({ [FIRST_PAGE]: answer([transit]) }, { user: viewer });
    await screen.findByRole('table', { name: 'Claims' });
    // The sidebar's Add Claim and the page's are both absent.
    expect(screen.queryByRole('link', { name: 'Add Claim' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await choose('Company', 'Acme Rentals');
    await waitFor(() => expect(claimRequests(api).some((url) => url.includes('companyId='))).toBe(true));
    expect(screen.queryByRole('combobox', { name: 'Location' })).toBeNull();
    expect(api.fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/locations'))).toBe(false);
  });
});

describe('all claims: search, filters and sort in the address', () => {
  it('searches on arrival from the sidebar (/vehicles?search=…)', async () => {
    const { api } = openList(
      { [`GET /api/vehicles?search=ford+f-150&${DEFAULTS}&page=1&pageSize=25`]: answer([pickup]) },
      { path: '/vehicles?search=ford%20f-150' },
    );
    expect(await screen.findByRole('link', { name: 'CLM-000124' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search in All Claims' })).toHaveProperty(
      'value',
      'ford f-150',
    );
    expect(claimRequests(api)).toEqual([`/api/vehicles?search=ford+f-150&${DEFAULTS}&page=1&pageSize=25`]);
  });

  it('searches as the user types, after a pause, and keeps the search in the address', async () => {
    const { api, location } = openList({
      [FIRST_PAGE]: answer([transit, pickup]),
      [`GET /api/vehicles?search=me-2&${DEFAULTS}&page=1&pageSize=25`]: answer([pickup]),
    });
    await screen.findByRole('link', { name: 'CLM-000123' });
    const box = screen.getByRole('searchbox', { name: 'Search in All Claims' });
    fireEvent.change(box, { target: { value: 'me' } });
    fireEvent.change(box, { target: { value: 'me-2' } });

    await waitFor(() => expect(screen.queryByRole('link', { name: 'CLM-000123' })).toBeNull());
    expect(lastPath(location)).toBe('/vehicles?search=me-2');
    expect(claimRequests(api).filter((url) => url.includes('search='))).toHaveLength(1);
  });

  it('reads every filter, the sort and the page from the address', async () => {
    const companyId = companies[0]!.id;
    const query =
      `workflow=mechanical&status=diagnosis&status=on_hold&open=true&companyId=${companyId}` +
      `&from=2026-01-01&to=2026-03-31&sort=lossDate&order=asc`;
    const { api } = openList(
      {
        [`GET /api/vehicles?${query}&page=2&pageSize=50`]: answer([pickup], {
          total: 51,
          page: 2,
          pageSize: 50,
        }),
        [`GET /api/locations?companyId=${companyId}&pageSize=100`]: () =>
          jsonResponse({ items: [], total: 0, page: 1, pageSize: 100 }),
      },
      { path: `/vehicles?${query}&page=2&pageSize=50` },
    );
    expect(await screen.findByText('Showing 51–51 of 51 claims')).toBeTruthy();
    expect(claimRequests(api)).toEqual([`/api/vehicles?${query}&page=2&pageSize=50`]);
    // The panel opens by itself when filters are set.
    expect(screen.getByRole('button', { name: 'Status: 2 statuses' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Workflow' }).textContent).toBe('Mechanical');
    expect(screen.getByLabelText('Loss from')).toHaveProperty('value', '2026-01-01');
    expect(screen.getByRole('columnheader', { name: /Loss/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('filters by workflow and several statuses, back on page 1', async () => {
    const { api, location } = openList(
      {
        [`GET /api/vehicles?${DEFAULTS}&page=2&pageSize=25`]: answer([transit], { total: 30, page: 2 }),
        [`GET /api/vehicles?workflow=collision&${DEFAULTS}&page=1&pageSize=25`]: answer([transit]),
        [`GET /api/vehicles?workflow=collision&status=in_repair&${DEFAULTS}&page=1&pageSize=25`]: answer([
          transit,
        ]),
        [`GET /api/vehicles?workflow=collision&status=in_repair&status=on_hold&${DEFAULTS}&page=1&pageSize=25`]:
          answer([transit]),
      },
      { path: '/vehicles?page=2' },
    );
    await screen.findByRole('link', { name: 'CLM-000123' });
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await choose('Workflow', 'Collision');
    await waitFor(() => expect(lastPath(location)).toBe('/vehicles?workflow=collision'));

    fireEvent.click(screen.getByRole('button', { name: 'Status: Any status' }));
    const statuses = await screen.findByRole('list', { name: 'Statuses' });
    // Only the collision workflow's statuses are offered.
    expect(within(statuses).queryByRole('checkbox', { name: 'Diagnosis' })).toBeNull();
    fireEvent.click(within(statuses).getByRole('checkbox', { name: 'In repair' }));
    fireEvent.click(within(statuses).getByRole('checkbox', { name: 'On hold' }));

    await waitFor(() =>
      expect(lastPath(location)).toBe('/vehicles?workflow=collision&status=in_repair&status=on_hold'),
    );
    expect(claimRequests(api).at(-1)).toBe(
      `/api/vehicles?workflow=collision&status=in_repair&status=on_hold&${DEFAULTS}&page=1&pageSize=25`,
    );
    expect(screen.getByRole('button', { name: 'Filters (2 active)' })).toBeTruthy();
  });

  it('filters by overdue ETA, vehicles down and the completion dates (the dashboard’s links)', async () => {
    const { api, location } = openList(
      {
        [`GET /api/vehicles?overdue=true&${DEFAULTS}&page=1&pageSize=25`]: answer([transit]),
        [`GET /api/vehicles?overdue=true&down=true&${DEFAULTS}&page=1&pageSize=25`]: answer([transit]),
        [`GET /api/vehicles?overdue=true&down=true&completedFrom=2026-08-01&${DEFAULTS}&page=1&pageSize=25`]:
          answer([]),
      },
      { path: '/vehicles?overdue=true' },
    );
    await screen.findByRole('link', { name: 'CLM-000123' });
    expect(screen.getByRole('combobox', { name: 'ETA' }).textContent).toBe('Overdue');
    await choose('Vehicle', 'Down now');
    await waitFor(() => expect(lastPath(location)).toBe('/vehicles?overdue=true&down=true'));
    fireEvent.change(screen.getByLabelText('Completed from'), { target: { value: '2026-08-01' } });
    await waitFor(() =>
      expect(lastPath(location)).toBe('/vehicles?overdue=true&down=true&completedFrom=2026-08-01'),
    );
    expect(claimRequests(api).at(-1)).toBe(
      `/api/vehicles?overdue=true&down=true&completedFrom=2026-08-01&${DEFAULTS}&page=1&pageSize=25`,
    );
    expect(screen.getByRole('button', { name: 'Filters (3 active)' })).toBeTruthy();
    await choose('ETA', 'Any ETA');
    await waitFor(() => expect(lastPath(location)).toBe('/vehicles?down=true&completedFrom=2026-08-01'));
  });

  it('sorts by a column when its header is clicked, and reverses on a second click', async () => {
    const { location } = openList({
      [FIRST_PAGE]: answer([transit]),
      [`GET /api/vehicles?sort=lossDate&order=desc&page=1&pageSize=25`]: answer([transit]),
      [`GET /api/vehicles?sort=lossDate&order=asc&page=1&pageSize=25`]: answer([transit]),
    });
    await screen.findByRole('link', { name: 'CLM-000123' });
    expect(screen.getByRole('columnheader', { name: /Updated/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Loss' }));
    await waitFor(() => expect(lastPath(location)).toBe('/vehicles?sort=lossDate&order=desc'));
    fireEvent.click(screen.getByRole('button', { name: 'Loss' }));
    await waitFor(() => expect(lastPath(location)).toBe('/vehicles?sort=lossDate&order=asc'));
    expect(screen.getByRole('columnheader', { name: /Loss/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('says when nothing matches, and clears the filters', async () => {
    const { location } = openList(
      {
        [`GET /api/vehicles?search=zzz&${DEFAULTS}&page=1&pageSize=25`]: answer([]),
        [FIRST_PAGE]: answer([transit]),
      },
      { path: '/vehicles?search=zzz' },
    );
    expect(await screen.findByText('No claims match “zzz”')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!);
    expect(await screen.findByRole('link', { name: 'CLM-000123' })).toBeTruthy();
    expect(lastPath(location)).toBe('/vehicles');
    expect(screen.getByRole('searchbox', { name: 'Search in All Claims' })).toHaveProperty('value', '');
  });

  it('says why a reversed date range lists nothing', async () => {
    const query = `from=2026-12-01&to=2026-01-01&${DEFAULTS}&page=1&pageSize=25`;
    openList(
      { [`GET /api/vehicles?${query}`]: answer([]) },
      { path: '/vehicles?from=2026-12-01&to=2026-01-01' },
    );
    expect(await screen.findByText('No claims match these filters')).toBeTruthy();
    expect(
      screen.getByText('No claim fits every filter chosen: clear some of them to see more.'),
    ).toBeTruthy();
    const message = screen.getByRole('alert');
    expect(message.textContent).toBe('Loss to is before loss from');
    const to = screen.getByLabelText('Loss to');
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(to.getAttribute('aria-describedby')).toBe(message.id);
  });

  it('exports the current filter and sort as CSV', async () => {
    openList(
      {
        [`GET /api/vehicles?workflow=mechanical&open=false&sort=eta&order=asc&page=1&pageSize=25`]: answer([
          pickup,
        ]),
      },
      { path: '/vehicles?workflow=mechanical&open=false&sort=eta&order=asc' },
    );
    await screen.findByRole('link', { name: 'CLM-000124' });
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/vehicles/export.csv?workflow=mechanical&open=false&sort=eta&order=asc',
    );
  });
});

describe('all claims: pages', () => {
  it('pages through numbered pages and changes the page size', async () => {
    const { location } = openList({
      [FIRST_PAGE]: answer([transit], { total: 60 }),
      [`GET /api/vehicles?${DEFAULTS}&page=2&pageSize=25`]: answer([pickup], { total: 60, page: 2 }),
      [`GET /api/vehicles?${DEFAULTS}&page=1&pageSize=100`]: answer([transit, pickup], {
        total: 60,
        pageSize: 100,
      }),
    });
    await screen.findByText('Showing 1–1 of 60 claims');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'CLM-000124' })).toBeTruthy();
    expect(lastPath(location)).toBe('/vehicles?page=2');
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');

    await choose('Rows per page', '100');
    await waitFor(() => expect(lastPath(location)).toBe('/vehicles?pageSize=100'));
  });

  it('goes past the numbered pages by cursor, and back along the cursors seen', async () => {
    // 50 a page: the last numbered page ends at the count cap; the ones after it are reached by cursor.
    const last = CLAIMS_COUNT_CAP / 50;
    const n = (value: number) => value.toLocaleString('en-US');
    const capped = { total: CLAIMS_COUNT_CAP, totalCapped: true, pageSize: 50 };
    const { api, location } = openList(
      {
        [`GET /api/vehicles?${DEFAULTS}&page=${last}&pageSize=50`]: answer([transit], {
          ...capped,
          page: last,
          nextCursor: 'c1',
        }),
        [`GET /api/vehicles?${DEFAULTS}&cursor=c1&pageSize=50`]: answer([pickup], {
          ...capped,
          nextCursor: 'c2',
        }),
        [`GET /api/vehicles?${DEFAULTS}&cursor=c2&pageSize=50`]: answer([transit], {
          ...capped,
          nextCursor: null,
        }),
      },
      { path: `/vehicles?page=${last}&pageSize=50` },
    );
    const more = `of ${n(CLAIMS_COUNT_CAP)}+ claims`;
    const lastNumbered = `Showing ${n(CLAIMS_COUNT_CAP - 49)}–${n(CLAIMS_COUNT_CAP - 49)} ${more}`;
    expect(await screen.findByText(lastNumbered)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const firstPast = `Showing ${n(CLAIMS_COUNT_CAP + 1)}–${n(CLAIMS_COUNT_CAP + 1)} ${more}`;
    expect(await screen.findByText(firstPast)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', false),
    );
    expect(lastPath(location)).toBe(`/vehicles?pageSize=50&cursor=c1&start=${CLAIMS_COUNT_CAP + 1}`);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText(`Showing ${n(CLAIMS_COUNT_CAP + 51)}–${n(CLAIMS_COUNT_CAP + 51)} ${more}`),
    ).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText(firstPast)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText(lastNumbered)).toBeTruthy();
    expect(lastPath(location)).toBe(`/vehicles?pageSize=50&page=${last}`);
    // A numbered page past the cap would be refused: it is never asked for.
    expect(
      callsTo(api.fetchMock, 'GET', `/api/vehicles?${DEFAULTS}&page=${last + 1}&pageSize=50`),
    ).toHaveLength(0);
  });
});
