import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BugReport } from '@shared/support';

import { buildUser, callsTo, fakeApi } from '../../test/fake-api';
import { jsonResponse, heldResponse } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { AppRouter } from '../router';

const admin = buildUser({ role: 'admin', username: 'root', firstName: 'Riley', lastName: 'Admin' });

function report(overrides: Partial<BugReport> = {}): BugReport {
  return {
    id: '3e0f5a5c-1b1e-4c47-9a3c-5b9a8f0d2e11',
    title: 'Claim search finds nothing for a plate with a space',
    description: 'Searching "7ABC 123" returns no claims.\nWithout the space it works.',
    severity: 'medium',
    status: 'new',
    pageUrl: 'https://claims.example.com/vehicles?search=7ABC%20123',
    browser: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0',
    reporter: { id: '6b1f0c1e-4a43-4c55-9a3e-2f5c7d8e9a10', username: 'dana', name: 'Dana Reyes' },
    createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString(),
    updatedAt: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString(),
    ...overrides,
  };
}

const search = report();
const upload = report({
  id: '8a7b6c5d-0000-4000-8000-000000000002',
  title: 'Photo upload spins forever',
  severity: 'critical',
  status: 'triaged',
  reporter: null,
});

const page =
  (items: BugReport[], extra: Record<string, number> = {}) =>
  () =>
    jsonResponse({ items, total: items.length, page: 1, pageSize: 25, ...extra });

const FIRST_PAGE = 'GET /api/bug-reports?page=1&pageSize=25';

function openBugReports(
  routes: Record<string, (init?: RequestInit) => Response | Promise<Response>>,
  path = '/admin/bug-reports',
) {
  const api = fakeApi({ user: admin, routes });
  return { api, ...renderApp(<AppRouter />, { path }) };
}

const lastPath = (location: { history?: string[] }) => location.history?.at(-1);

async function openReport(title: string) {
  fireEvent.click(await screen.findByRole('button', { name: title }));
  return screen.findByRole('dialog', { name: title });
}

async function chooseStatus(sheet: HTMLElement, status: string) {
  fireEvent.keyDown(within(sheet).getByRole('combobox', { name: 'Status' }), { key: 'Enter' });
  fireEvent.click(await screen.findByRole('option', { name: status }));
}

describe('bug reports: access', () => {
  it("tells a non-admin they don't have access, without asking for the list", async () => {
    const api = fakeApi({ user: buildUser({ role: 'manager' }) });
    renderApp(<AppRouter />, { path: '/admin/bug-reports' });
    expect(await screen.findByRole('heading', { name: "You don't have access to this page" })).toBeTruthy();
    expect(api.fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/bug-reports'))).toBe(false);
  });
});

describe('bug reports: the list', () => {
  it('shows each report with severity, reporter, page, status and age', async () => {
    openBugReports({ [FIRST_PAGE]: page([search, upload]) });
    const table = await screen.findByRole('table', { name: 'Bug reports' });
    const row = within(table).getByRole('button', { name: search.title }).closest('tr')!;
    expect(within(row).getAllByText('Medium').length).toBeGreaterThan(0);
    expect(within(row).getAllByText('Dana Reyes').length).toBeGreaterThan(0);
    expect(row.textContent).toContain('/vehicles?search=7ABC%20123');
    expect(within(row).getByText('New')).toBeTruthy();
    expect(within(row).getByText('2 hours ago')).toBeTruthy();
    const other = within(table).getByRole('button', { name: upload.title }).closest('tr')!;
    expect(within(other).getByText('Triaged')).toBeTruthy();
    expect(within(other).getAllByText('Deleted user').length).toBeGreaterThan(0);
    expect(screen.getByText('Showing 1–2 of 2 reports')).toBeTruthy();
  });

  it('shows a loading state, then an empty state', async () => {
    const answer = heldResponse();
    openBugReports({ [FIRST_PAGE]: answer.route });
    expect(await screen.findByRole('table', { name: 'Loading bug reports' })).toBeTruthy();
    answer.release(jsonResponse({ items: [], total: 0, page: 1, pageSize: 25 }));
    expect(await screen.findByText('No bug reports yet')).toBeTruthy();
  });

  it('says when the list cannot be loaded and tries again', async () => {
    let fail = true;
    openBugReports({
      [FIRST_PAGE]: () =>
        fail ? jsonResponse({ message: 'Database unavailable' }, { status: 503 }) : page([search])(),
    });
    expect(await screen.findByText('The bug reports could not be loaded')).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: search.title })).toBeTruthy();
  });

  it('searches once typing pauses, and keeps the search in the address', async () => {
    const { api, location } = openBugReports({
      [FIRST_PAGE]: page([search, upload]),
      'GET /api/bug-reports?search=photo&page=1&pageSize=25': page([upload]),
    });
    await screen.findByRole('button', { name: search.title });
    fireEvent.change(screen.getByLabelText('Search bug reports'), { target: { value: 'ph' } });
    fireEvent.change(screen.getByLabelText('Search bug reports'), { target: { value: 'photo' } });

    await waitFor(() => expect(screen.queryByRole('button', { name: search.title })).toBeNull());
    expect(lastPath(location)).toBe('/admin/bug-reports?search=photo');
    const searches = api.fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.includes('search='));
    expect(searches).toEqual(['/api/bug-reports?search=photo&page=1&pageSize=25']);
  });

  it('filters by status, reads filters from the address, and pages', async () => {
    const { location } = openBugReports(
      {
        'GET /api/bug-reports?status=triaged&page=2&pageSize=25': page([upload], { total: 30, page: 2 }),
        'GET /api/bug-reports?status=resolved&page=1&pageSize=25': page([]),
        'GET /api/bug-reports?page=1&pageSize=25': page([search]),
      },
      '/admin/bug-reports?status=triaged&page=2',
    );
    expect(await screen.findByText('Showing 26–30 of 30 reports')).toBeTruthy();

    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Status' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('option', { name: 'Resolved' }));
    await waitFor(() => expect(lastPath(location)).toBe('/admin/bug-reports?status=resolved'));
    expect(await screen.findByText('No reports match these filters')).toBeTruthy();

    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(await screen.findByRole('button', { name: search.title })).toBeTruthy();
    expect(lastPath(location)).toBe('/admin/bug-reports');
  });
});

describe('bug reports: one report', () => {
  it('shows everything about it', async () => {
    openBugReports({
      [FIRST_PAGE]: page([search]),
      [`GET /api/bug-reports/${search.id}`]: () => jsonResponse(search),
    });
    const sheet = await openReport(search.title);
    expect(within(sheet).getByText('Reported by Dana Reyes')).toBeTruthy();
    expect(within(sheet).getByText('@dana')).toBeTruthy();
    expect(within(sheet).getByRole('link', { name: search.pageUrl }).getAttribute('target')).toBe('_blank');
    expect(within(sheet).getByText(search.browser)).toBeTruthy();
    expect(within(sheet).getByText(/Without the space it works\./)).toBeTruthy();
    expect(within(sheet).getByRole('combobox', { name: 'Status' }).textContent).toContain('New');
  });

  it('changes the status at once, before the server answers', async () => {
    const answer = heldResponse();
    const { api } = openBugReports({
      [FIRST_PAGE]: page([search]),
      [`GET /api/bug-reports/${search.id}`]: () => jsonResponse(search),
      [`PATCH /api/bug-reports/${search.id}`]: answer.route,
    });
    const sheet = await openReport(search.title);
    await chooseStatus(sheet, 'In progress');

    const table = screen.getByRole('table', { name: 'Bug reports', hidden: true });
    await waitFor(() => expect(within(table).getByText('In progress')).toBeTruthy());
    expect(within(sheet).getByRole('combobox', { name: 'Status' }).textContent).toContain('In progress');
    expect(callsTo(api.fetchMock, 'PATCH', `/api/bug-reports/${search.id}`)).toEqual([
      { status: 'in_progress' },
    ]);

    answer.release(jsonResponse({ ...search, status: 'in_progress' }));
    expect(await screen.findByText('Status updated')).toBeTruthy();
    expect(screen.getByText(`“${search.title}” is now In progress.`)).toBeTruthy();
  });

  it('puts the status back when the change fails', async () => {
    openBugReports({
      [FIRST_PAGE]: page([search]),
      [`GET /api/bug-reports/${search.id}`]: () => jsonResponse(search),
      [`PATCH /api/bug-reports/${search.id}`]: () =>
        jsonResponse({ message: 'Bug report not found' }, { status: 404 }),
    });
    const sheet = await openReport(search.title);
    await chooseStatus(sheet, 'Resolved');

    expect(await screen.findByText('Could not change the status')).toBeTruthy();
    expect(screen.getByText('Bug report not found')).toBeTruthy();
    await waitFor(() =>
      expect(within(sheet).getByRole('combobox', { name: 'Status' }).textContent).toContain('New'),
    );
  });
});
