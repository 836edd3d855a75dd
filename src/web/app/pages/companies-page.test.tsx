import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { buildUser, callsTo, fakeApi } from '../../test/fake-api';
import { jsonResponse, heldResponse } from '../../test/fetch-stub';
import { buildCompany, pageOf } from '../../test/fleet-factory';
import { renderApp } from '../../test/render-app';
import { findFormDialog } from '../../test/find-form-dialog';
import { setViewportWidth } from '../../test/viewport';
import { AppRouter } from '../router';

const admin = buildUser({ role: 'admin', username: 'root', firstName: 'Riley' });
const manager = buildUser({ role: 'manager' });

const acme = buildCompany({
  name: 'Acme Rentals',
  code: 'ACME',
  summary: { openClaims: 12, vehiclesDown: 5, averageDowntimeDays: 3.5 },
});
const bay = buildCompany({
  name: 'Bay Delivery',
  code: 'BAY',
  contactName: null,
  contactEmail: null,
  contactPhone: null,
  active: false,
});

const FIRST_PAGE = 'GET /api/companies?page=1&pageSize=25';
type Routes = Record<string, (init: RequestInit | undefined) => Response | Promise<Response>>;

function openCompanies(routes: Routes, { path = '/companies', user = admin } = {}) {
  const api = fakeApi({ user, routes });
  const view = renderApp(<AppRouter />, { path });
  return { api, ...view };
}

const lastPath = (location: { history?: string[] }) => location.history?.at(-1);

async function openRowMenu(name: string) {
  fireEvent.keyDown(await screen.findByRole('button', { name: `Actions for ${name}` }), { key: 'Enter' });
  return screen.findByRole('menu');
}

describe('companies: access', () => {
  it("tells a viewer they don't have access, without asking for the list", async () => {
    const { api } = openCompanies({}, { user: buildUser({ role: 'viewer' }) });
    expect(await screen.findByRole('heading', { name: "You don't have access to this page" })).toBeTruthy();
    expect(screen.getByText(/Companies is for administrators and managers/)).toBeTruthy();
    expect(api.fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/companies'))).toBe(false);
  });

  it('shows a manager their companies read-only: no Create, no row menu, no Edit in the details', async () => {
    openCompanies(
      { [FIRST_PAGE]: pageOf([acme]), [`GET /api/companies/${acme.id}`]: () => jsonResponse(acme) },
      {
        user: manager,
      },
    );
    const table = await screen.findByRole('table', { name: 'Companies' });
    expect(within(table).getByText('Acme Rentals')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create company' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions for Acme Rentals' })).toBeNull();

    fireEvent.click(within(table).getByRole('button', { name: 'Acme Rentals' }));
    const sheet = await screen.findByRole('dialog', { name: 'Acme Rentals' });
    expect(within(sheet).getByText('Jordan Reyes')).toBeTruthy();
    expect(within(sheet).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(sheet).queryByRole('button', { name: 'Deactivate' })).toBeNull();
  });
});

describe('companies: the list', () => {
  it('shows each company with its code, contact, figures linking to the claims behind them, and status', async () => {
    openCompanies({ [FIRST_PAGE]: pageOf([acme, bay]) });
    const table = await screen.findByRole('table', { name: 'Companies' });
    const acmeRow = within(table).getByText('Acme Rentals').closest('tr')!;
    expect(acmeRow.textContent).toContain('ACME');
    expect(acmeRow.textContent).toContain('fleet@acme.example');
    expect(within(acmeRow).getByText('Active')).toBeTruthy();
    const claims = `/vehicles?companyId=${acme.id}&open=true`;
    expect(
      within(acmeRow).getByRole('link', { name: '12 open claims at Acme Rentals' }).getAttribute('href'),
    ).toBe(claims);
    expect(
      within(acmeRow).getByRole('link', { name: '5 vehicles down at Acme Rentals' }).getAttribute('href'),
    ).toBe(`/vehicles?companyId=${acme.id}&down=true`);
    const downtime = within(acmeRow).getByRole('link', { name: /Average downtime 3.5 days/ });
    expect(downtime.textContent).toBe('3.5 days');
    expect(downtime.getAttribute('href')).toBe(claims);

    const bayRow = within(table).getByText('Bay Delivery').closest('tr')!;
    expect(within(bayRow).getByText('Inactive')).toBeTruthy();
    expect(within(bayRow).queryByRole('link')).toBeNull(); // nothing open: nothing to follow
    expect(screen.getByText('Showing 1–2 of 2 companies')).toBeTruthy();
  });

  it('shows cards instead of a table below 768 px', async () => {
    setViewportWidth(500);
    openCompanies({ [FIRST_PAGE]: pageOf([acme]) });
    const cards = await screen.findByRole('list', { name: 'Companies' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(cards).getByText('Open claims')).toBeTruthy();
    expect(within(cards).getByRole('link', { name: '12 open claims at Acme Rentals' })).toBeTruthy();
  });

  it('shows a loading state, then says there are no companies yet', async () => {
    const answer = heldResponse();
    openCompanies({ [FIRST_PAGE]: answer.route });
    expect(await screen.findByRole('table', { name: 'Loading companies' })).toBeTruthy();
    answer.release(jsonResponse({ items: [], total: 0, page: 1, pageSize: 25 }));
    expect(await screen.findByText('No companies yet')).toBeTruthy();
  });

  it('says when the list cannot be loaded and tries again', async () => {
    let fail = true;
    openCompanies({
      [FIRST_PAGE]: () =>
        fail ? jsonResponse({ message: 'Database unavailable' }, { status: 503 }) : pageOf([acme])(),
    });
    expect(await screen.findByText('The companies could not be loaded')).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Acme Rentals')).toBeTruthy();
  });

  it('searches after a pause in typing and keeps the search in the address', async () => {
    const { api, location } = openCompanies({
      [FIRST_PAGE]: pageOf([acme, bay]),
      'GET /api/companies?search=bay&page=1&pageSize=25': pageOf([bay]),
    });
    await screen.findByText('Acme Rentals');
    fireEvent.change(screen.getByLabelText('Search companies'), { target: { value: 'b' } });
    fireEvent.change(screen.getByLabelText('Search companies'), { target: { value: 'bay' } });

    await waitFor(() => expect(screen.queryByText('Acme Rentals')).toBeNull());
    expect(screen.getByText('Bay Delivery')).toBeTruthy();
    expect(lastPath(location)).toBe('/companies?search=bay');
    const searches = api.fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.includes('search='));
    expect(searches).toEqual(['/api/companies?search=bay&page=1&pageSize=25']);
  });

  it('reads search, status and page from the address', async () => {
    const { api } = openCompanies(
      {
        'GET /api/companies?search=ba&active=false&page=2&pageSize=25': pageOf([bay], { total: 26, page: 2 }),
      },
      { path: '/companies?search=ba&active=false&page=2' },
    );
    expect(await screen.findByText('Bay Delivery')).toBeTruthy();
    expect(screen.getByText('Showing 26–26 of 26 companies')).toBeTruthy();
    expect((screen.getByLabelText('Search companies') as HTMLInputElement).value).toBe('ba');
    expect(callsTo(api.fetchMock, 'GET', '/api/companies?page=1&pageSize=25')).toHaveLength(0);
  });

  it('filters by status and goes back to page 1; pages forward', async () => {
    const { location } = openCompanies(
      {
        'GET /api/companies?page=2&pageSize=25': pageOf([acme], { total: 30, page: 2 }),
        'GET /api/companies?active=false&page=1&pageSize=25': pageOf([bay]),
      },
      { path: '/companies?page=2' },
    );
    await screen.findByText('Showing 26–30 of 30 companies');
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Status' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('option', { name: 'Inactive' }));
    await waitFor(() => expect(lastPath(location)).toBe('/companies?active=false'));
    expect(await screen.findByText('1 company')).toBeTruthy();
  });

  it('says when no company matches, with a way to clear the filters', async () => {
    const { location } = openCompanies(
      { 'GET /api/companies?search=zed&page=1&pageSize=25': pageOf([]), [FIRST_PAGE]: pageOf([acme]) },
      { path: '/companies?search=zed' },
    );
    expect(await screen.findByText('No companies match these filters')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(await screen.findByText('Acme Rentals')).toBeTruthy();
    expect(lastPath(location)).toBe('/companies');
  });
});

describe('companies: details', () => {
  it('opens a company with every field, fresh from the server, and a link to its locations', async () => {
    openCompanies({
      [FIRST_PAGE]: pageOf([acme]),
      [`GET /api/companies/${acme.id}`]: () => jsonResponse({ ...acme, notes: 'Approves up to $2,500.' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Acme Rentals' }));
    const sheet = await screen.findByRole('dialog', { name: 'Acme Rentals' });
    expect(await within(sheet).findByText('Approves up to $2,500.')).toBeTruthy();
    expect(within(sheet).getByRole('link', { name: 'fleet@acme.example' }).getAttribute('href')).toBe(
      'mailto:fleet@acme.example',
    );
    expect(within(sheet).getByRole('link', { name: 'View open claims' }).getAttribute('href')).toBe(
      `/vehicles?companyId=${acme.id}&open=true`,
    );
    expect(
      within(sheet)
        .getByRole('link', { name: /Locations of Acme Rentals/ })
        .getAttribute('href'),
    ).toBe(`/locations?companyId=${acme.id}`);
  });

  it('offers an administrator "Add location", which opens the location form with the company chosen', async () => {
    const { location } = openCompanies({
      [FIRST_PAGE]: pageOf([acme]),
      [`GET /api/companies/${acme.id}`]: () => jsonResponse(acme),
      [`GET /api/locations?companyId=${acme.id}&page=1&pageSize=25`]: pageOf([]),
      'GET /api/user/companies': () => jsonResponse([{ id: acme.id, name: acme.name, code: acme.code }]),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Acme Rentals' }));
    const sheet = await screen.findByRole('dialog', { name: 'Acme Rentals' });
    fireEvent.click(within(sheet).getByRole('link', { name: 'Add location' }));

    expect(lastPath(location)).toBe(`/locations?companyId=${acme.id}&new=1`);
    const form = await findFormDialog('Create location');
    expect(within(form).getByRole('combobox', { name: 'Company' }).textContent).toBe('Acme Rentals');
  });

  it('offers a manager no "Add location" (only administrators manage locations)', async () => {
    openCompanies(
      { [FIRST_PAGE]: pageOf([acme]), [`GET /api/companies/${acme.id}`]: () => jsonResponse(acme) },
      { user: manager },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Acme Rentals' }));
    const sheet = await screen.findByRole('dialog', { name: 'Acme Rentals' });
    expect(within(sheet).getByRole('link', { name: /Locations of Acme Rentals/ })).toBeTruthy();
    expect(within(sheet).queryByRole('link', { name: 'Add location' })).toBeNull();
  });
});

describe('companies: creating and editing', () => {
  async function openCreate(routes: Routes = {}) {
    const view = openCompanies({ [FIRST_PAGE]: pageOf([acme]), ...routes });
    fireEvent.click(await screen.findByRole('button', { name: 'Create company' }));
    const dialog = await findFormDialog('Create company');
    return { ...view, dialog };
  }
  const set = (dialog: HTMLElement, label: string, value: string) =>
    fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

  it('puts focus in the name field once the form has loaded, not on the close button', async () => {
    const { dialog } = await openCreate();
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('Name')));
  });

  it('validates with the shared company schema before sending anything', async () => {
    const { api, dialog } = await openCreate();
    set(dialog, 'Contact email', 'not-an-email');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create company' }));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByText('Code is required')).toBeTruthy();
    expect(within(dialog).getByText('Please enter a valid email address')).toBeTruthy();

    set(dialog, 'Code', 'a b');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create company' }));
    expect(
      await within(dialog).findByText('Code may contain only letters, digits, dashes and underscores'),
    ).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', '/api/companies')).toHaveLength(0);
  });

  it('creates a company: the code upper-case, empty fields as null', async () => {
    const created = buildCompany({ name: 'Coastal Couriers', code: 'COAST' });
    const { api, dialog } = await openCreate({
      'POST /api/companies': () => jsonResponse(created, { status: 201 }),
    });
    set(dialog, 'Name', '  Coastal Couriers ');
    set(dialog, 'Code', 'coast');
    expect((within(dialog).getByLabelText('Code') as HTMLInputElement).value).toBe('COAST');
    set(dialog, 'Contact email', 'ops@coastal.example');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create company' }));

    expect(await screen.findByText('Company created')).toBeTruthy();
    expect(screen.getByText('Coastal Couriers (COAST) was added.')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', '/api/companies')).toEqual([
      {
        name: 'Coastal Couriers',
        code: 'COAST',
        contactName: null,
        contactEmail: 'ops@coastal.example',
        contactPhone: null,
        billingAddress: null,
        notes: null,
        autoApprovalLimitCents: null,
        paymentTermsDays: 30,
        taxRatePercent: 0,
        billingEmail: null,
        invoiceRemindersEnabled: true,
        monthlyStatementsEnabled: false,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create company' })).toBeNull());
  });

  /** The time zone combobox and its list of options (hidden while closed). */
  const timeZonePicker = (dialog: HTMLElement) => {
    const input = within(dialog).getByRole('combobox', { name: 'Time zone' }) as HTMLInputElement;
    const list = document.getElementById(input.getAttribute('aria-controls')!)!;
    const options = () =>
      within(list)
        .queryAllByRole('option')
        .map((option) => option.textContent);
    const active = () =>
      document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.textContent;
    return { input, list, options, active };
  };

  it('finds a time zone by its city as one types, and sends the zone chosen with a click', async () => {
    const created = buildCompany({ name: 'Coastal Couriers', code: 'COAST', timeZone: 'America/New_York' });
    const { api, dialog } = await openCreate({
      'POST /api/companies': () => jsonResponse(created, { status: 201 }),
    });
    set(dialog, 'Name', 'Coastal Couriers');
    set(dialog, 'Code', 'COAST');
    const picker = timeZonePicker(dialog);
    expect(picker.input.getAttribute('aria-expanded')).toBe('false');
    fireEvent.change(picker.input, { target: { value: 'Chicago' } });
    expect(picker.input.getAttribute('aria-expanded')).toBe('true');
    expect(picker.options()).toEqual(['America/Chicago — Chicago']);

    fireEvent.change(picker.input, { target: { value: 'new york' } });
    expect(picker.options()).toEqual(['America/New_York — New York']);
    fireEvent.mouseDown(within(picker.list).getByRole('option', { name: 'America/New_York — New York' }));
    expect(picker.input.value).toBe('America/New_York');
    expect(picker.input.getAttribute('aria-expanded')).toBe('false');
    expect(picker.list.hidden).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create company' }));
    expect(await screen.findByText('Company created')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', '/api/companies')).toEqual([
      expect.objectContaining({ name: 'Coastal Couriers', timeZone: 'America/New_York' }),
    ]);
  });

  it('chooses a time zone with the keyboard, and takes a city typed out when the field is left', async () => {
    const { dialog } = await openCreate();
    const picker = timeZonePicker(dialog);
    fireEvent.change(picker.input, { target: { value: 'Indiana' } });
    // The city that starts with what is typed first, then the other zones named after it.
    expect(picker.options()[0]).toBe('America/Indiana/Indianapolis — Indianapolis');
    expect(picker.options()).toContain('America/Indiana/Knox — Knox');
    expect(picker.active()).toBe('America/Indiana/Indianapolis — Indianapolis');
    fireEvent.keyDown(picker.input, { key: 'ArrowDown' });
    expect(picker.active()).toBe(picker.options()[1]);
    fireEvent.keyDown(picker.input, { key: 'ArrowUp' });
    fireEvent.keyDown(picker.input, { key: 'Enter' });
    expect(picker.input.value).toBe('America/Indiana/Indianapolis');
    expect(picker.input.getAttribute('aria-expanded')).toBe('false');

    // ↓ opens the list again on the zone chosen; Escape closes the list, not the form.
    fireEvent.keyDown(picker.input, { key: 'ArrowDown' });
    expect(picker.active()).toBe('America/Indiana/Indianapolis — Indianapolis');
    fireEvent.keyDown(picker.input, { key: 'Escape' });
    expect(picker.input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('dialog', { name: 'Create company' })).toBeTruthy();

    // The hint's own example: "Chicago" typed and left is Chicago's zone, not an error.
    fireEvent.change(picker.input, { target: { value: 'Chicago' } });
    fireEvent.blur(picker.input);
    expect(picker.input.value).toBe('America/Chicago');
  });

  it('says so when no time zone matches', async () => {
    const { dialog } = await openCreate();
    const picker = timeZonePicker(dialog);
    fireEvent.change(picker.input, { target: { value: 'Gotham' } });
    expect(picker.options()).toEqual([]);
    expect(
      within(picker.list).getByText('No time zone matches “Gotham”. Try the nearest large city.'),
    ).toBeTruthy();
  });

  it('puts a taken code under the Code field, without a toast', async () => {
    const { dialog } = await openCreate({
      'POST /api/companies': () =>
        jsonResponse(
          {
            message: 'Another company already uses this code',
            code: 'conflict',
            fieldErrors: { code: ['Another company already uses this code'] },
          },
          { status: 409 },
        ),
    });
    set(dialog, 'Name', 'Acme Two');
    set(dialog, 'Code', 'ACME');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create company' }));

    expect(await within(dialog).findByText('Another company already uses this code')).toBeTruthy();
    expect(within(dialog).getByLabelText('Code').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Could not create the company')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Create company' })).toBeTruthy();
  });

  it('edits a company from its row', async () => {
    const { api } = openCompanies({
      [FIRST_PAGE]: pageOf([acme]),
      [`PATCH /api/companies/${acme.id}`]: () => jsonResponse({ ...acme, contactName: 'Sam Ortiz' }),
    });
    fireEvent.click(within(await openRowMenu('Acme Rentals')).getByRole('menuitem', { name: 'Edit' }));
    const dialog = await findFormDialog('Edit company');
    expect((within(dialog).getByLabelText('Billing address') as HTMLTextAreaElement).value).toBe(
      '100 Main St\nDenver, CO',
    );
    fireEvent.change(within(dialog).getByLabelText('Contact name'), { target: { value: 'Sam Ortiz' } });
    fireEvent.change(within(dialog).getByLabelText('Auto-approval limit'), { target: { value: '1,500' } });
    fireEvent.change(within(dialog).getByLabelText('Payment terms (days)'), { target: { value: '45' } });
    fireEvent.change(within(dialog).getByLabelText('Tax rate (%)'), { target: { value: '8.875' } });
    fireEvent.change(within(dialog).getByLabelText('Billing email'), {
      target: { value: 'ap@acme.example' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Send overdue reminders' }));
    const statements = within(dialog).getByRole('checkbox', { name: 'Email monthly statements' });
    expect(statements.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(statements);
    expect((within(dialog).getByLabelText('Time zone') as HTMLInputElement).value).toBe('America/Denver');
    fireEvent.change(within(dialog).getByLabelText('Time zone'), { target: { value: 'Mars/Olympus' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(
      await within(dialog).findByText(
        'Not a known time zone: choose one from the list, e.g. America/Chicago',
      ),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Time zone'), { target: { value: 'america/chicago' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Company updated')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'PATCH', `/api/companies/${acme.id}`)).toEqual([
      {
        name: 'Acme Rentals',
        code: 'ACME',
        contactName: 'Sam Ortiz',
        contactEmail: 'fleet@acme.example',
        contactPhone: '(303) 555-0100',
        billingAddress: '100 Main St\nDenver, CO',
        notes: null,
        autoApprovalLimitCents: 150_000,
        paymentTermsDays: 45,
        taxRatePercent: 8.875,
        billingEmail: 'ap@acme.example',
        invoiceRemindersEnabled: false,
        monthlyStatementsEnabled: true,
        timeZone: 'America/Chicago',
      },
    ]);
  });

  it('deactivates after confirming, and reactivates at once', async () => {
    const { api } = openCompanies({
      [FIRST_PAGE]: pageOf([acme, bay]),
      [`PATCH /api/companies/${acme.id}`]: () => jsonResponse({ ...acme, active: false }),
      [`PATCH /api/companies/${bay.id}`]: () => jsonResponse({ ...bay, active: true }),
    });
    fireEvent.click(within(await openRowMenu('Acme Rentals')).getByRole('menuitem', { name: 'Deactivate' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Deactivate Acme Rentals?' });
    expect(callsTo(api.fetchMock, 'PATCH', `/api/companies/${acme.id}`)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Company deactivated')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'PATCH', `/api/companies/${acme.id}`)).toEqual([{ active: false }]);

    fireEvent.click(within(await openRowMenu('Bay Delivery')).getByRole('menuitem', { name: 'Reactivate' }));
    expect(await screen.findByText('Company reactivated')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'PATCH', `/api/companies/${bay.id}`)).toEqual([{ active: true }]);
  });
});
