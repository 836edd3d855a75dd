import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UserRole } from '@shared/auth';

import { AppRouter } from '../router';
import { buildUser, callsTo, fakeApi } from '../../test/fake-api';
import { jsonResponse } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { setViewportWidth } from '../../test/viewport';

const FLEET_COMPANY = { id: '0b7e7a6e-7d0a-4b8e-9b8a-3f1b1f6c2a01', name: 'Metro Transit', code: 'MTR' };
const OTHER_COMPANY = { id: '5c2d8f3a-1e4b-4c6d-8a7f-9b0e1d2c3f45', name: 'Coastal Rentals', code: 'CST' };

const never = () => new Promise<Response>(() => {});
const currentPath = (location: { history?: string[] }) => location.history?.at(-1);

function userWithRole(role: UserRole) {
  return buildUser({ role, username: role, firstName: null, lastName: null });
}

async function openApp({ path = '/', width = 1400 }: { path?: string; width?: number } = {}) {
  setViewportWidth(width);
  const view = renderApp(<AppRouter />, { path });
  await screen.findByRole('navigation', { name: 'Main' });
  return view;
}

/** The entry labels of the sidebar, outside and inside the System Settings group. */
function sidebarEntries() {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  const group = within(nav).queryByRole('region', { name: 'System Settings' });
  const groupLinks = group ? within(group).getAllByRole('link') : [];
  const mainLinks = within(nav)
    .getAllByRole('link')
    .filter((link) => !groupLinks.includes(link));
  const name = (link: HTMLElement) => link.textContent?.trim();
  return { main: mainLinks.map(name), systemSettings: groupLinks.map(name) };
}

const ALL_MAIN = [
  'Fleet Dashboard',
  'Dashboard',
  'Notifications',
  'Claim Manager',
  'Driver Reports',
  'All Claims',
  'Accounting',
  'Reports',
  'Locations',
  'Companies',
  'Repair Facilities',
  'Help',
];

describe('sidebar visibility', () => {
  it('shows an admin every entry, the System Settings group, Add Claim, Edit Profile and Logout', async () => {
    fakeApi({ user: userWithRole('admin') });
    await openApp();

    await waitFor(() =>
      expect(sidebarEntries()).toEqual({
        main: ALL_MAIN,
        systemSettings: [
          'User Management',
          'CCC Integration',
          'Tekmetric Admin',
          'Email Templates',
          'Mail Outbox',
          'API & Webhooks',
          'Bug Reports',
          'Contact Submissions',
        ],
      }),
    );
    expect(screen.getByRole('link', { name: 'Add Claim' }).getAttribute('href')).toBe('/add-vehicle');
    expect(screen.getByRole('link', { name: 'Edit Profile' }).getAttribute('href')).toBe('/profile');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('shows a manager no Accounting and no System Settings', async () => {
    fakeApi({ user: userWithRole('manager'), companies: [OTHER_COMPANY] });
    await openApp();

    await waitFor(() =>
      expect(sidebarEntries()).toEqual({
        main: ALL_MAIN.filter((label) => label !== 'Accounting'),
        systemSettings: [],
      }),
    );
    expect(screen.queryByRole('heading', { name: 'System Settings' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Add Claim' })).toBeTruthy();
  });

  it('shows a manager linked to no company no Fleet Dashboard, which the server would refuse them', async () => {
    fakeApi({ user: userWithRole('manager'), companies: [] });
    await openApp();

    await waitFor(() => expect(sidebarEntries().main).toContain('All Claims'));
    expect(screen.queryByRole('link', { name: 'Fleet Dashboard' })).toBeNull();
  });

  it('shows a viewer outside the fleet-dashboard company neither Fleet Dashboard nor Add Claim', async () => {
    fakeApi({
      user: userWithRole('viewer'),
      companies: [OTHER_COMPANY],
      fleetDashboardCompanyId: FLEET_COMPANY.id,
    });
    await openApp();

    await waitFor(() =>
      expect(sidebarEntries().main).toEqual([
        'Dashboard',
        'Notifications',
        'Claim Manager',
        'All Claims',
        'Reports',
        'Help',
      ]),
    );
    expect(screen.queryByRole('link', { name: 'Fleet Dashboard' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add Claim' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Edit Profile' })).toBeTruthy();
  });

  it('shows a viewer of the fleet-dashboard company the Fleet Dashboard', async () => {
    fakeApi({
      user: userWithRole('viewer'),
      companies: [OTHER_COMPANY, FLEET_COMPANY],
      fleetDashboardCompanyId: FLEET_COMPANY.id,
    });
    await openApp();

    await waitFor(() =>
      expect(sidebarEntries().main).toEqual([
        'Fleet Dashboard',
        'Dashboard',
        'Notifications',
        'Claim Manager',
        'All Claims',
        'Reports',
        'Help',
      ]),
    );
    expect(screen.getByRole('link', { name: 'Fleet Dashboard' }).getAttribute('href')).toBe(
      '/fleet-dashboard',
    );
  });

  it('shows a viewer no Fleet Dashboard while the server has no fleet-dashboard setting (404)', async () => {
    fakeApi({
      user: userWithRole('viewer'),
      companies: [FLEET_COMPANY],
      routes: { 'GET /api/settings/public': () => jsonResponse({ message: 'Not found' }, { status: 404 }) },
    });
    await openApp();

    await waitFor(() => expect(sidebarEntries().main).toContain('All Claims'));
    expect(screen.queryByRole('link', { name: 'Fleet Dashboard' })).toBeNull();
  });
});

describe('while the permissions are loading', () => {
  it('shows no permission-gated entry and no Add Claim', async () => {
    fakeApi({
      user: userWithRole('manager'),
      companies: [OTHER_COMPANY],
      routes: { 'GET /api/user/permissions': never },
    });
    await openApp();

    // The Fleet Dashboard entry follows the manager's companies, not the permissions.
    await waitFor(() =>
      expect(sidebarEntries().main).toEqual([
        'Fleet Dashboard',
        'Dashboard',
        'Notifications',
        'Claim Manager',
        'Help',
      ]),
    );
    expect(screen.queryByRole('link', { name: 'Add Claim' })).toBeNull();
  });

  it('shows an admin only the ungated System Settings entries', async () => {
    fakeApi({ user: userWithRole('admin'), routes: { 'GET /api/user/permissions': never } });
    await openApp();

    expect(sidebarEntries()).toEqual({
      main: ['Fleet Dashboard', 'Dashboard', 'Notifications', 'Claim Manager', 'Accounting', 'Help'],
      systemSettings: ['Bug Reports', 'Contact Submissions'],
    });
  });

  it('shows a viewer no Fleet Dashboard while their companies are loading', async () => {
    fakeApi({
      user: userWithRole('viewer'),
      fleetDashboardCompanyId: FLEET_COMPANY.id,
      routes: { 'GET /api/user/companies': never },
    });
    await openApp();

    await waitFor(() => expect(sidebarEntries().main).toContain('All Claims'));
    expect(screen.queryByRole('link', { name: 'Fleet Dashboard' })).toBeNull();
  });
});

describe('the current page', () => {
  it('is marked with aria-current, also on a sub-page of its section', async () => {
    fakeApi({ user: userWithRole('manager') });
    await openApp({ path: '/vehicles/4f7e2a10-5b7c-4d8e-9f01-23456789abcd' });

    const allClaims = await screen.findByRole('link', { name: 'All Claims' });
    expect(allClaims.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
  });

  it('moves with navigation while the sidebar stays mounted', async () => {
    fakeApi({ user: userWithRole('manager') });
    await openApp();
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });

    fireEvent.click(await screen.findByRole('link', { name: 'Reports' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Sidebar' })).toBe(sidebar);
    expect(screen.getByRole('link', { name: 'Reports' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
  });
});

describe('the count of new driver reports', () => {
  const threeNew = { 'GET /api/driver-reports/count': () => jsonResponse({ new: 3 }) };

  it('shows a manager how many wait beside Driver Reports, as part of the entry’s name', async () => {
    fakeApi({ user: userWithRole('manager'), companies: [OTHER_COMPANY], routes: threeNew });
    await openApp();

    const entry = await screen.findByRole('link', { name: /^Driver Reports ?, 3 new$/ });
    expect(entry.getAttribute('href')).toBe('/driver-reports');
  });

  it('shows the count over the icon when the sidebar is icons only, and says it in the tooltip', async () => {
    fakeApi({ user: userWithRole('manager'), routes: threeNew });
    await openApp({ width: 1000 });

    const entry = await screen.findByRole('link', { name: /^Driver Reports ?, 3 new$/ });
    act(() => entry.focus());
    expect((await screen.findByRole('tooltip')).textContent).toBe('Driver Reports (3 new)');
  });

  it('asks nothing for a viewer, who may not triage the reports', async () => {
    const api = fakeApi({ user: userWithRole('viewer'), companies: [OTHER_COMPANY] });
    await openApp();

    await waitFor(() => expect(sidebarEntries().main).toContain('All Claims'));
    expect(screen.queryByRole('link', { name: /Driver Reports/ })).toBeNull();
    expect(callsTo(api.fetchMock, 'GET', '/api/driver-reports/count')).toEqual([]);
  });
});

describe('claim search', () => {
  function search(text: string) {
    const box = screen.getByRole('searchbox', { name: 'Search claims' });
    fireEvent.change(box, { target: { value: text } });
    fireEvent.submit(box);
  }

  it('goes to /vehicles?search={text}', async () => {
    fakeApi({ user: userWithRole('manager') });
    const { location } = await openApp();

    search('CLM-000123');

    expect(await screen.findByRole('heading', { level: 1, name: 'All Claims' })).toBeTruthy();
    expect(currentPath(location)).toBe('/vehicles?search=CLM-000123');
    expect(screen.getByRole('searchbox', { name: 'Search in All Claims' })).toHaveProperty(
      'value',
      'CLM-000123',
    );
    expect(screen.getByRole('searchbox', { name: 'Search claims' })).toHaveProperty('value', '');
  });

  it('encodes the text and trims the spaces around it', async () => {
    fakeApi({ user: userWithRole('manager') });
    const { location } = await openApp();

    search('  Ford F-150 & co ');

    await waitFor(() => expect(currentPath(location)).toBe('/vehicles?search=Ford%20F-150%20%26%20co'));
  });

  it.each(['', '   '])('goes to /vehicles when the text is empty (%j)', async (text) => {
    fakeApi({ user: userWithRole('manager') });
    const { location } = await openApp();

    search(text);

    await waitFor(() => expect(currentPath(location)).toBe('/vehicles'));
  });
});

describe('responsive sidebar', () => {
  it('is expanded at 1280 px and above, with a collapse toggle that is remembered', async () => {
    fakeApi({ user: userWithRole('manager') });
    const { unmount } = await openApp({ width: 1280 });
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    expect(sidebar.dataset.mode).toBe('full');

    fireEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));

    expect(sidebar.dataset.mode).toBe('rail');
    expect(screen.getByRole('button', { name: 'Expand sidebar' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    unmount();

    await openApp({ width: 1400 });
    expect(screen.getByRole('complementary', { name: 'Sidebar' }).dataset.mode).toBe('rail');
    fireEvent.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(screen.getByRole('complementary', { name: 'Sidebar' }).dataset.mode).toBe('full');
  });

  it('shows icons only from 768 to 1279 px, without a toggle, and labels them in tooltips', async () => {
    fakeApi({ user: userWithRole('manager') });
    await openApp({ width: 1000 });
    expect(screen.getByRole('complementary', { name: 'Sidebar' }).dataset.mode).toBe('rail');
    expect(screen.queryByRole('button', { name: /collapse sidebar|expand sidebar/i })).toBeNull();

    const reports = await screen.findByRole('link', { name: 'Reports' });
    act(() => reports.focus());

    expect((await screen.findByRole('tooltip')).textContent).toBe('Reports');
  });

  it('switches mode when the window is resized', async () => {
    fakeApi({ user: userWithRole('manager') });
    setViewportWidth(700);
    renderApp(<AppRouter />, { path: '/' });
    expect(await screen.findByRole('button', { name: 'Open navigation' })).toBeTruthy();
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).toBeNull();

    act(() => setViewportWidth(900));
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    expect(sidebar.dataset.mode).toBe('rail');
    expect(screen.queryByRole('button', { name: 'Open navigation' })).toBeNull();

    act(() => setViewportWidth(1400));
    await waitFor(() => expect(sidebar.dataset.mode).toBe('full'));
  });
});

describe('the drawer below 768 px', () => {
  async function openDrawer(path = '/') {
    fakeApi({ user: userWithRole('manager') });
    setViewportWidth(500);
    const view = renderApp(<AppRouter />, { path });
    const trigger = await screen.findByRole('button', { name: 'Open navigation' });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    fireEvent.click(trigger);
    const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
    // Radix starts listening for outside clicks on the next tick after opening.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    return { ...view, trigger, drawer };
  }

  it('opens from the floating button with the whole sidebar inside', async () => {
    const { drawer } = await openDrawer();
    expect(within(drawer).getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(within(drawer).getByRole('searchbox', { name: 'Search claims' })).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('moves focus to the current page’s entry, not to the search box', async () => {
    // Reports depends on the permissions: the layout loads them before the drawer is ever opened.
    const { drawer } = await openDrawer('/reports');
    expect(document.activeElement).toBe(within(drawer).getByRole('link', { name: 'Reports' }));
  });

  it('closes on Escape and gives focus back to the button', async () => {
    const { trigger } = await openDrawer();

    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Navigation' })).toBeNull());
    expect(document.activeElement).toBe(trigger);
  });

  it('closes on a click on the backdrop', async () => {
    await openDrawer();
    const backdrop = document.querySelector('[data-slot="sheet-overlay"]');
    expect(backdrop).toBeTruthy();

    fireEvent.pointerDown(backdrop!);
    fireEvent.click(backdrop!);

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Navigation' })).toBeNull());
  });

  it('closes when a link is followed', async () => {
    const { drawer, location } = await openDrawer();

    fireEvent.click(within(drawer).getByRole('link', { name: 'Help' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Navigation' })).toBeNull());
    expect(currentPath(location)).toBe('/help');
  });

  it('closes after a claim search', async () => {
    const { drawer, location } = await openDrawer();
    const box = within(drawer).getByRole('searchbox', { name: 'Search claims' });

    fireEvent.change(box, { target: { value: '1FTFW1E50PFA12345' } });
    fireEvent.submit(box);

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Navigation' })).toBeNull());
    expect(currentPath(location)).toBe('/vehicles?search=1FTFW1E50PFA12345');
  });
});
