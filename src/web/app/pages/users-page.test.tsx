import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompanySummary, ManagedUser, UserList } from '@shared/users';

import { buildUser, callsTo, fakeApi } from '../../test/fake-api';
import { jsonResponse, heldResponse } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { findFormDialog } from '../../test/find-form-dialog';
import { AppRouter } from '../router';

const admin = buildUser({
  id: '0f8fad5b-d9cb-469f-a165-70867728950e',
  username: 'root',
  firstName: 'Riley',
  lastName: 'Admin',
  role: 'admin',
});

const companies: CompanySummary[] = [
  { id: 'c1a1a1a1-0000-4000-8000-000000000001', name: 'Acme Rentals', code: 'ACME' },
  { id: 'c1a1a1a1-0000-4000-8000-000000000002', name: 'Bay Delivery', code: 'BAY' },
  { id: 'c1a1a1a1-0000-4000-8000-000000000003', name: 'City Utilities', code: 'CITY' },
];

function managedUser(overrides: Partial<ManagedUser> = {}): ManagedUser {
  return {
    id: '6b1f0c1e-4a43-4c55-9a3e-2f5c7d8e9a10',
    username: 'dana',
    email: 'dana@example.com',
    firstName: 'Dana',
    lastName: 'Reyes',
    role: 'manager',
    profileImageUrl: null,
    active: true,
    mustChangePassword: false,
    lastLoginAt: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString(),
    createdAt: '2025-01-10T09:00:00.000Z',
    companyIds: [companies[0]!.id, companies[1]!.id],
    ...overrides,
  };
}

const dana = managedUser();
const sam = managedUser({
  id: '7c6f2a0e-6a55-4a4b-9d55-8f0f7f1f6f01',
  username: 'sam',
  email: 'sam@example.com',
  firstName: 'Sam',
  lastName: 'Okafor',
  role: 'viewer',
  active: false,
  lastLoginAt: null,
  companyIds: [],
});
const self = managedUser({
  id: admin.id,
  username: 'root',
  firstName: 'Riley',
  lastName: 'Admin',
  role: 'admin',
});

const list =
  (items: ManagedUser[], extra: Partial<UserList> = {}) =>
  () =>
    jsonResponse({ items, total: items.length, page: 1, pageSize: 25, ...extra });

const FIRST_PAGE = 'GET /api/users?page=1&pageSize=25';

function openUsers(routes: Record<string, () => Response | Promise<Response>>, path = '/users') {
  const api = fakeApi({ user: admin, companies, routes });
  const view = renderApp(<AppRouter />, { path });
  return { api, ...view };
}

const lastPath = (location: { history?: string[] }) => location.history?.at(-1);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('user management: access', () => {
  it("tells a non-admin they don't have access, without asking for the list", async () => {
    const api = fakeApi({ user: buildUser({ role: 'manager' }) });
    renderApp(<AppRouter />, { path: '/users' });

    expect(await screen.findByRole('heading', { name: "You don't have access to this page" })).toBeTruthy();
    expect(api.fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/users'))).toBe(false);
  });
});

describe('user management: the list', () => {
  it('shows each user with name, username, email, role, companies, status and last login', async () => {
    openUsers({ [FIRST_PAGE]: list([dana, sam]) });

    const table = await screen.findByRole('table', { name: 'Users' });
    const danaRow = within(table).getByText('Dana Reyes').closest('tr')!;
    expect(danaRow.textContent).toContain('@dana');
    expect(danaRow.textContent).toContain('dana@example.com');
    expect(within(danaRow).getByText('Manager')).toBeTruthy();
    expect(danaRow.textContent).toContain('Acme Rentals, Bay Delivery');
    expect(within(danaRow).getByText('Active')).toBeTruthy();
    expect(within(danaRow).getByText('2 hours ago')).toBeTruthy();

    const samRow = within(table).getByText('Sam Okafor').closest('tr')!;
    expect(within(samRow).getByText('Inactive')).toBeTruthy();
    expect(within(samRow).getByText('Never')).toBeTruthy();
    expect(within(samRow).getByText('Viewer')).toBeTruthy();
    expect(screen.getByText('Showing 1–2 of 2 users')).toBeTruthy();
  });

  it('shows a loading state, then an empty state', async () => {
    const answer = heldResponse();
    openUsers({ [FIRST_PAGE]: answer.route });

    expect(await screen.findByRole('table', { name: 'Loading users' })).toBeTruthy();
    answer.release(jsonResponse({ items: [], total: 0, page: 1, pageSize: 25 }));
    expect(await screen.findByText('No users yet')).toBeTruthy();
  });

  it('says when the list cannot be loaded and tries again', async () => {
    const { api } = openUsers({
      [FIRST_PAGE]: () => jsonResponse({ message: 'Database unavailable' }, { status: 503 }),
    });
    expect(await screen.findByText('The users could not be loaded')).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();

    api.fetchMock.mockImplementation(async (url) =>
      String(url).startsWith('/api/users') ? list([dana])() : jsonResponse([]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Dana Reyes')).toBeTruthy();
  });

  it('searches as the user types, after a pause, and keeps the search in the address', async () => {
    const { api, location } = openUsers({
      [FIRST_PAGE]: list([dana, sam]),
      'GET /api/users?search=sam&page=1&pageSize=25': list([sam]),
    });
    await screen.findByText('Dana Reyes');
    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: 's' } });
    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: 'sam' } });

    await waitFor(() => expect(screen.queryByText('Dana Reyes')).toBeNull());
    expect(screen.getByText('Sam Okafor')).toBeTruthy();
    expect(lastPath(location)).toBe('/users?search=sam');
    const searches = api.fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.includes('search='));
    expect(searches).toEqual(['/api/users?search=sam&page=1&pageSize=25']); // not one per keystroke
  });

  it('reads its filters and page from the address', async () => {
    const companyId = companies[2]!.id;
    const { api } = openUsers(
      {
        [`GET /api/users?role=viewer&companyId=${companyId}&active=false&page=2&pageSize=25`]: list([sam], {
          total: 26,
          page: 2,
        }),
      },
      `/users?role=viewer&companyId=${companyId}&active=false&page=2`,
    );
    expect(await screen.findByText('Sam Okafor')).toBeTruthy();
    expect(screen.getByText('Showing 26–26 of 26 users')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
    expect(callsTo(api.fetchMock, 'GET', '/api/users?page=1&pageSize=25')).toHaveLength(0);
  });

  it('filters by role and goes back to page 1', async () => {
    const { location } = openUsers(
      {
        'GET /api/users?page=2&pageSize=25': list([dana], { total: 30, page: 2 }),
        'GET /api/users?role=manager&page=1&pageSize=25': list([dana]),
      },
      '/users?page=2',
    );
    await screen.findByText('Dana Reyes');
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Role' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('option', { name: 'Manager' }));

    await waitFor(() => expect(lastPath(location)).toBe('/users?role=manager'));
    expect(await screen.findByText('1 user')).toBeTruthy();
  });

  it('pages through the list', async () => {
    const { location } = openUsers({
      [FIRST_PAGE]: list([dana], { total: 30 }),
      'GET /api/users?page=2&pageSize=25': list([sam], { total: 30, page: 2 }),
    });
    await screen.findByText('Showing 1–25 of 30 users');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Showing 26–30 of 30 users')).toBeTruthy();
    expect(lastPath(location)).toBe('/users?page=2');
  });

  it('says when no user matches the filters, with a way to clear them', async () => {
    const { location } = openUsers(
      {
        'GET /api/users?search=zed&page=1&pageSize=25': list([]),
        [FIRST_PAGE]: list([dana]),
      },
      '/users?search=zed',
    );
    expect(await screen.findByText('No users match these filters')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(await screen.findByText('Dana Reyes')).toBeTruthy();
    expect(lastPath(location)).toBe('/users');
    expect((screen.getByLabelText('Search users') as HTMLInputElement).value).toBe('');
  });
});

async function openRowMenu(username: string) {
  const trigger = await screen.findByRole('button', { name: `Actions for ${username}` });
  fireEvent.keyDown(trigger, { key: 'Enter' });
  return screen.findByRole('menu');
}

describe('user management: creating a user', () => {
  async function openCreate(routes: Record<string, () => Response | Promise<Response>> = {}) {
    const view = openUsers({ [FIRST_PAGE]: list([dana]), ...routes });
    fireEvent.click(await screen.findByRole('button', { name: 'Create user' }));
    const dialog = await findFormDialog('Create user');
    return { ...view, dialog };
  }

  function fillDetails(dialog: HTMLElement) {
    const set = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    set('First name', 'Erin');
    set('Last name', 'Cole');
    set('Username', 'erin.cole');
    set('Email', 'erin@example.com');
  }

  it('validates the form with the register schema', async () => {
    const { api, dialog } = await openCreate();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(await within(dialog).findByText('First name is required')).toBeTruthy();
    expect(within(dialog).getByText('Username must be at least 3 characters')).toBeTruthy();
    expect(within(dialog).getByText('Please enter a valid email address')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', '/api/register')).toHaveLength(0);
  });

  it('by default mails a set-password link: no password is sent', async () => {
    const created = managedUser({
      id: '9d9d9d9d-0000-4000-8000-000000000009',
      username: 'erin.cole',
      firstName: 'Erin',
      lastName: 'Cole',
    });
    const { api, dialog } = await openCreate({
      'POST /api/register': () => jsonResponse(created, { status: 201 }),
    });
    fillDetails(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Companies' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: /Bay Delivery/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));

    expect(await screen.findByText('Registration successful')).toBeTruthy();
    expect(screen.getByText('Welcome, Erin! Account created for Erin Cole (erin.cole).')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', '/api/register')).toEqual([
      {
        firstName: 'Erin',
        lastName: 'Cole',
        username: 'erin.cole',
        email: 'erin@example.com',
        role: 'viewer',
        companyIds: [companies[1]!.id],
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create user' })).toBeNull());
  });

  it('sends a temporary password when the admin chooses to set one', async () => {
    const { api, dialog } = await openCreate({
      'POST /api/register': () => jsonResponse(managedUser({ firstName: 'Erin' }), { status: 201 }),
    });
    fillDetails(dialog);
    fireEvent.click(within(dialog).getByRole('radio', { name: /Set a temporary password/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(await within(dialog).findByText('Password must be at least 6 characters')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Temporary password'), { target: { value: 'Temp-1234' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(callsTo(api.fetchMock, 'POST', '/api/register')).toHaveLength(1));
    expect(callsTo(api.fetchMock, 'POST', '/api/register')[0]).toMatchObject({ password: 'Temp-1234' });
  });

  it("puts a taken username under its field and says 'Registration failed'", async () => {
    const { dialog } = await openCreate({
      'POST /api/register': () =>
        jsonResponse(
          { message: 'This username is taken', fieldErrors: { username: ['This username is taken'] } },
          { status: 409 },
        ),
    });
    fillDetails(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));

    expect(await screen.findByText('Registration failed')).toBeTruthy();
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Username').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(within(dialog).getByText('This username is taken')).toBeTruthy();
  });
});

describe('user management: row actions', () => {
  it('edits names, email, role and companies', async () => {
    const { api } = openUsers({
      [FIRST_PAGE]: list([dana]),
      [`PATCH /api/users/${dana.id}`]: () => jsonResponse({ ...dana, lastName: 'Reyes-Ortiz' }),
    });
    fireEvent.click(within(await openRowMenu('dana')).getByRole('menuitem', { name: 'Edit' }));
    const dialog = await findFormDialog('Edit user');
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('dana@example.com');
    fireEvent.change(within(dialog).getByLabelText('Last name'), { target: { value: 'Reyes-Ortiz' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('User updated')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'PATCH', `/api/users/${dana.id}`)).toEqual([
      {
        firstName: 'Dana',
        lastName: 'Reyes-Ortiz',
        email: 'dana@example.com',
        role: 'manager',
        companyIds: dana.companyIds,
      },
    ]);
  });

  it('deactivates a user after confirming', async () => {
    const { api } = openUsers({
      [FIRST_PAGE]: list([dana]),
      [`PATCH /api/users/${dana.id}`]: () => jsonResponse({ ...dana, active: false }),
    });
    fireEvent.click(within(await openRowMenu('dana')).getByRole('menuitem', { name: 'Deactivate' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Deactivate Dana Reyes?' });
    expect(callsTo(api.fetchMock, 'PATCH', `/api/users/${dana.id}`)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));

    expect(await screen.findByText('User deactivated')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'PATCH', `/api/users/${dana.id}`)).toEqual([{ active: false }]);
  });

  it('reactivates an inactive user', async () => {
    const { api } = openUsers({
      [FIRST_PAGE]: list([sam]),
      [`PATCH /api/users/${sam.id}`]: () => jsonResponse({ ...sam, active: true }),
    });
    fireEvent.click(within(await openRowMenu('sam')).getByRole('menuitem', { name: 'Reactivate' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Reactivate Sam Okafor?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Reactivate' }));

    expect(await screen.findByText('User reactivated')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'PATCH', `/api/users/${sam.id}`)).toEqual([{ active: true }]);
  });

  it('queues a password reset email, and says it is queued', async () => {
    const message =
      'The password reset email to dana@example.com is queued: it goes out on the next delivery.';
    const { api } = openUsers({
      [FIRST_PAGE]: list([dana]),
      [`POST /api/users/${dana.id}/send-password-reset`]: () => jsonResponse({ message, delivery: 'queued' }),
    });
    fireEvent.click(within(await openRowMenu('dana')).getByRole('menuitem', { name: 'Send reset email' }));

    expect(await screen.findByText('Reset email queued')).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(api.fetchMock, 'POST', `/api/users/${dana.id}/send-password-reset`)).toHaveLength(1);
  });

  it('impersonates a user after confirming, then reloads at /', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { api } = openUsers({
      [FIRST_PAGE]: list([dana]),
      [`POST /api/users/${dana.id}/impersonate`]: () =>
        jsonResponse({ message: 'You are now acting as dana' }),
    });
    fireEvent.click(within(await openRowMenu('dana')).getByRole('menuitem', { name: 'Impersonate' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Impersonate Dana Reyes?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Impersonate' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(callsTo(api.fetchMock, 'POST', `/api/users/${dana.id}/impersonate`)).toHaveLength(1);
  });

  it('offers no way to deactivate or impersonate yourself', async () => {
    openUsers({ [FIRST_PAGE]: list([self]) });
    const menu = await openRowMenu('root');
    expect(within(menu).queryByRole('menuitem', { name: 'Deactivate' })).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'Impersonate' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
  });
});
