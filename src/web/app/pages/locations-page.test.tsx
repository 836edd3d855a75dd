import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CompanySummary } from '@shared/users';

import { buildUser, callsTo, fakeApi } from '../../test/fake-api';
import { jsonResponse } from '../../test/fetch-stub';
import { buildLocation, pageOf } from '../../test/fleet-factory';
import { renderApp } from '../../test/render-app';
import { findFormDialog } from '../../test/find-form-dialog';
import { AppRouter } from '../router';

const admin = buildUser({ role: 'admin', username: 'root' });
const companies: CompanySummary[] = [
  { id: 'c1a1a1a1-0000-4000-8000-000000000001', name: 'Acme Rentals', code: 'ACME' },
  { id: 'c1a1a1a1-0000-4000-8000-000000000002', name: 'Bay Delivery', code: 'BAY' },
];
const [acme, bay] = companies as [CompanySummary, CompanySummary];

const denver = buildLocation({
  companyId: acme.id,
  companyName: acme.name,
  name: 'Denver Depot',
  code: 'ACM1',
  summary: { openClaims: 4, vehiclesDown: 2, averageDowntimeDays: 1 },
});
const oakland = buildLocation({
  companyId: bay.id,
  companyName: bay.name,
  name: 'Oakland Yard',
  code: 'BAY1',
  address: null,
});

const FIRST_PAGE = 'GET /api/locations?page=1&pageSize=25';
type Routes = Record<string, (init: RequestInit | undefined) => Response | Promise<Response>>;

function openLocations(routes: Routes, { path = '/locations', user = admin } = {}) {
  const api = fakeApi({ user, companies, routes });
  const view = renderApp(<AppRouter />, { path });
  return { api, ...view };
}

const lastPath = (location: { history?: string[] }) => location.history?.at(-1);

async function choose(combobox: HTMLElement, option: string) {
  fireEvent.keyDown(combobox, { key: 'Enter' });
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('locations', () => {
  // The page is a lazy chunk: loaded once here, so no test waits for its first transform on a busy machine.
  beforeAll(() => import('./locations-page'), 30_000);

  it('lists locations with their company and figures linking to their open claims', async () => {
    openLocations({ [FIRST_PAGE]: pageOf([denver, oakland]) });
    const table = await screen.findByRole('table', { name: 'Locations' });
    const row = within(table).getByText('Denver Depot').closest('tr')!;
    expect(row.textContent).toContain('ACM1');
    expect(row.textContent).toContain('Acme Rentals');
    expect(row.textContent).toContain('5408 Industrial Way, Denver, CO');
    expect(
      within(row).getByRole('link', { name: '4 open claims at Denver Depot' }).getAttribute('href'),
    ).toBe(`/vehicles?locationId=${denver.id}&open=true`);
    expect(within(row).getByText('1 day')).toBeTruthy();
  });

  it('filters by company through the address and the company select', async () => {
    const { location } = openLocations(
      {
        [`GET /api/locations?companyId=${bay.id}&page=1&pageSize=25`]: pageOf([oakland]),
        [`GET /api/locations?companyId=${acme.id}&page=1&pageSize=25`]: pageOf([denver]),
      },
      { path: `/locations?companyId=${bay.id}` },
    );
    expect(await screen.findByText('Oakland Yard')).toBeTruthy();
    await choose(screen.getByRole('combobox', { name: 'Company' }), 'Acme Rentals');
    await waitFor(() => expect(lastPath(location)).toBe(`/locations?companyId=${acme.id}`));
    expect(await screen.findByText('Denver Depot')).toBeTruthy();
  });

  it('ignores a malformed company id in the address', async () => {
    const { api } = openLocations({ [FIRST_PAGE]: pageOf([denver]) }, { path: '/locations?companyId=nope' });
    expect(await screen.findByText('Denver Depot')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'GET', '/api/locations?companyId=nope&page=1&pageSize=25')).toHaveLength(0);
  });

  it('creates a location for the company the list is filtered to', async () => {
    const created = buildLocation({
      companyId: bay.id,
      companyName: bay.name,
      name: 'San Jose Hub',
      code: 'BAY2',
    });
    const { api } = openLocations(
      {
        [`GET /api/locations?companyId=${bay.id}&page=1&pageSize=25`]: pageOf([oakland]),
        'POST /api/locations': () => jsonResponse(created, { status: 201 }),
      },
      { path: `/locations?companyId=${bay.id}` },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Create location' }));
    const dialog = await findFormDialog('Create location');
    expect(within(dialog).getByRole('combobox', { name: 'Company' }).textContent).toBe('Bay Delivery');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'San Jose Hub' } });
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: 'bay2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create location' }));

    expect(await screen.findByText('Location created')).toBeTruthy();
    expect(screen.getByText('San Jose Hub (BAY2) was added to Bay Delivery.')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', '/api/locations')).toEqual([
      {
        companyId: bay.id,
        name: 'San Jose Hub',
        code: 'BAY2',
        address: null,
        phone: null,
        contactName: null,
      },
    ]);
  });

  it('asks for a company, and puts a code taken in that company under the Code field', async () => {
    const { api } = openLocations({
      [FIRST_PAGE]: pageOf([denver]),
      'POST /api/locations': () =>
        jsonResponse(
          {
            message: 'This company already has a location with this code',
            fieldErrors: { code: ['This company already has a location with this code'] },
          },
          { status: 409 },
        ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Create location' }));
    const dialog = await findFormDialog('Create location');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Second Denver' } });
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: 'ACM1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create location' }));
    expect(await within(dialog).findByText('Choose a company')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', '/api/locations')).toHaveLength(0);

    await choose(within(dialog).getByRole('combobox', { name: 'Company' }), 'Acme Rentals');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create location' }));
    expect(
      await within(dialog).findByText('This company already has a location with this code'),
    ).toBeTruthy();
  });

  it('edits a location without moving it to another company', async () => {
    const { api } = openLocations({
      [FIRST_PAGE]: pageOf([denver]),
      [`PATCH /api/locations/${denver.id}`]: () => jsonResponse({ ...denver, phone: '(303) 555-0199' }),
    });
    fireEvent.keyDown(await screen.findByRole('button', { name: 'Actions for Denver Depot' }), {
      key: 'Enter',
    });
    fireEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Edit' }));
    const dialog = await findFormDialog('Edit location');
    expect(within(dialog).getByRole('combobox', { name: 'Company' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Phone'), { target: { value: '(303) 555-0199' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Location updated')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'PATCH', `/api/locations/${denver.id}`)).toEqual([
      {
        name: 'Denver Depot',
        code: 'ACM1',
        address: '5408 Industrial Way, Denver, CO',
        phone: '(303) 555-0199',
        contactName: 'Lee Park',
      },
    ]);
  });

  it('shows a manager the locations read-only', async () => {
    openLocations({ [FIRST_PAGE]: pageOf([denver]) }, { user: buildUser({ role: 'manager' }) });
    expect(await screen.findByText('Denver Depot')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create location' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions for Denver Depot' })).toBeNull();
    // Managers edit vehicles, so they print the location's vehicle cards.
    const cards = screen.getByRole('link', { name: 'Download vehicle cards for Denver Depot' });
    expect(cards.getAttribute('href')).toBe(`/api/locations/${denver.id}/vehicle-cards.pdf`);
    expect(cards.hasAttribute('download')).toBe(true);
  });
});
