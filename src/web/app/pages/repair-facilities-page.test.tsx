import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { buildUser, callsTo, fakeApi } from '../../test/fake-api';
import { jsonResponse } from '../../test/fetch-stub';
import { buildRepairFacility, pageOf } from '../../test/fleet-factory';
import { renderApp } from '../../test/render-app';
import { findFormDialog } from '../../test/find-form-dialog';
import { AppRouter } from '../router';

const admin = buildUser({ role: 'admin', username: 'root' });

const frontRange = buildRepairFacility({
  name: 'Front Range Auto Body',
  kind: 'collision',
  laborRateCents: 12_550,
  summary: { openClaims: 20, vehiclesDown: 18, averageDowntimeDays: 30 },
});
const quickLube = buildRepairFacility({
  name: 'Quick Lube & Brake',
  kind: 'mechanical',
  laborRateCents: null,
  cccShopId: null,
});

const FIRST_PAGE = 'GET /api/repair-facilities?page=1&pageSize=25';
type Routes = Record<string, (init: RequestInit | undefined) => Response | Promise<Response>>;

function openFacilities(routes: Routes, { path = '/repair-facilities', user = admin } = {}) {
  const api = fakeApi({ user, routes });
  const view = renderApp(<AppRouter />, { path });
  return { api, ...view };
}

describe('repair facilities', () => {
  it('lists facilities with kind, labour rate, CCC id and figures, beside the CCC imports tab', async () => {
    openFacilities({ [FIRST_PAGE]: pageOf([frontRange, quickLube]) });
    const table = await screen.findByRole('table', { name: 'Repair facilities' });
    const row = within(table).getByText('Front Range Auto Body').closest('tr')!;
    expect(row.textContent).toContain('Collision');
    expect(row.textContent).toContain('$125.50/h');
    expect(row.textContent).toContain('CCC-1001');
    expect(
      within(row).getByRole('link', { name: '20 open claims at Front Range Auto Body' }).getAttribute('href'),
    ).toBe(`/vehicles?repairFacilityId=${frontRange.id}&open=true`);
    expect(screen.getByRole('tab', { name: 'Facilities', selected: true })).toBeTruthy();
    expect(screen.queryByText('Coming in a later release')).toBeNull();
  });

  it('switches to the CCC imports tab in the address, leaving the facilities’ filters behind', async () => {
    const { location } = openFacilities(
      {
        'GET /api/repair-facilities?kind=mechanical&page=1&pageSize=25': pageOf([quickLube]),
        'GET /api/ccc/imports?page=1&pageSize=25': pageOf([]),
        'GET /api/ccc/inbox': () =>
          jsonResponse({
            path: '/data/ccc-inbox',
            exists: false,
            waiting: 0,
            processed: 0,
            failed: 0,
            pollEveryMs: 60_000,
            maxFileBytes: 10_485_760,
            lastRunAt: null,
            lastRunStatus: null,
          }),
      },
      { path: '/repair-facilities?kind=mechanical' },
    );
    await screen.findByText('Quick Lube & Brake');
    const tab = screen.getByRole('tab', { name: 'CCC ONE imports' });
    fireEvent.mouseDown(tab, { button: 0 });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/repair-facilities?tab=ccc'));
    expect(await screen.findByText('No CCC files imported yet')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Upload estimates' })).toBeTruthy();
    expect(
      await screen.findByText('The folder does not exist yet: it is created on the first scan'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create facility' })).toBeNull();
  });

  it('filters by the kind of work, in the address', async () => {
    const { location } = openFacilities({
      [FIRST_PAGE]: pageOf([frontRange, quickLube]),
      'GET /api/repair-facilities?kind=mechanical&page=1&pageSize=25': pageOf([quickLube]),
    });
    await screen.findByText('Front Range Auto Body');
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Kind of work' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('option', { name: 'Does mechanical' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/repair-facilities?kind=mechanical'));
    await waitFor(() => expect(screen.queryByText('Front Range Auto Body')).toBeNull());
  });

  it('takes the labour rate in dollars and sends it in cents', async () => {
    const { api } = openFacilities({
      [FIRST_PAGE]: pageOf([frontRange]),
      'POST /api/repair-facilities': () =>
        jsonResponse(buildRepairFacility({ name: 'Eastside Collision' }), { status: 201 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Create facility' }));
    const dialog = await findFormDialog('Create repair facility');
    fireEvent.change(within(dialog).getByLabelText('Labour rate'), { target: { value: '12.345' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create facility' }));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByText('Choose what the facility repairs')).toBeTruthy();
    expect(within(dialog).getByText('Use at most two decimals (whole cents)')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Eastside Collision' } });
    fireEvent.keyDown(within(dialog).getByRole('combobox', { name: 'Repairs' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('option', { name: 'Collision & mechanical' }));
    fireEvent.change(within(dialog).getByLabelText('Labour rate'), { target: { value: '$1,125.5' } });
    fireEvent.change(within(dialog).getByLabelText('CCC ONE shop id'), { target: { value: 'CCC-2001' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create facility' }));

    expect(await screen.findByText('Repair facility created')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', '/api/repair-facilities')).toEqual([
      {
        name: 'Eastside Collision',
        kind: 'both',
        address: null,
        phone: null,
        email: null,
        contactName: null,
        laborRateCents: 112_550,
        cccShopId: 'CCC-2001',
        tekmetricShopId: null,
      },
    ]);
  });

  it('edits a facility with its rate shown in dollars, and clears the rate when emptied', async () => {
    const { api } = openFacilities({
      [FIRST_PAGE]: pageOf([frontRange]),
      [`GET /api/repair-facilities/${frontRange.id}`]: () => jsonResponse(frontRange),
      [`PATCH /api/repair-facilities/${frontRange.id}`]: () =>
        jsonResponse({ ...frontRange, laborRateCents: null }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Front Range Auto Body' }));
    const sheet = await screen.findByRole('dialog', { name: 'Front Range Auto Body' });
    expect(within(sheet).getByText('$125.50/h')).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Edit' }));
    const dialog = await findFormDialog('Edit repair facility');
    const rate = within(dialog).getByLabelText('Labour rate') as HTMLInputElement;
    expect(rate.value).toBe('125.50');
    fireEvent.change(rate, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Repair facility updated')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'PATCH', `/api/repair-facilities/${frontRange.id}`)[0]).toMatchObject({
      laborRateCents: null,
      kind: 'collision',
    });
  });

  it('gives a manager a read-only list, and the CCC imports tab', async () => {
    openFacilities({ [FIRST_PAGE]: pageOf([frontRange]) }, { user: buildUser({ role: 'manager' }) });
    expect(await screen.findByText('Front Range Auto Body')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create facility' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions for Front Range Auto Body' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'CCC ONE imports' })).toBeTruthy();
  });

  it('gives a viewer the list without the CCC imports tab', async () => {
    openFacilities({ [FIRST_PAGE]: pageOf([frontRange]) }, { user: buildUser({ role: 'viewer' }) });
    expect(await screen.findByText('Front Range Auto Body')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'CCC ONE imports' })).toBeNull();
  });
});
