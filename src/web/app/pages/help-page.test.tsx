import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_STALE_CLAIM_DAYS } from '@shared/settings';
import type { BugReport } from '@shared/support';

import { buildUser, callsTo, fakeApi } from '../../test/fake-api';
import { jsonResponse } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { AppRouter } from '../router';

const manager = buildUser({ role: 'manager' });

const created: BugReport = {
  id: '3e0f5a5c-1b1e-4c47-9a3c-5b9a8f0d2e11',
  title: 'Search finds nothing',
  description: 'Typed a plate, got nothing.',
  severity: 'high',
  status: 'new',
  pageUrl: 'http://localhost:3000/',
  browser: 'test',
  reporter: { id: manager.id, username: manager.username, name: 'Dana Reyes' },
  createdAt: '2026-11-22T08:00:00.000Z',
  updatedAt: '2026-11-22T08:00:00.000Z',
};

async function openHelp(routes: Record<string, () => Response> = {}) {
  const api = fakeApi({ user: manager, routes });
  const view = renderApp(<AppRouter />, { path: '/help' });
  // The first render of the whole app and its lazily loaded screen can take more than the 5 s default on a
  // machine busy with other work (it failed so on main under load).
  await screen.findByRole('heading', { level: 1, name: 'Help' }, { timeout: 12_000 });
  return { api, ...view };
}

const bugForm = () => screen.getByRole('form', { name: 'Report a bug' });

describe('help page', () => {
  it('has a how-to section for each area of the app, each listed in the contents', async () => {
    await openHelp();
    const contents = screen.getByRole('navigation', { name: 'On this page' });
    const targets = within(contents)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    const sections = [...document.querySelectorAll('section[id]')].map((section) => `#${section.id}`);
    expect(targets).toEqual(sections);
    for (const title of [
      'Dashboard',
      'All Claims and search',
      'Add a claim',
      'A claim’s page and its workflow',
      'Claim Manager board',
      'Notifications and @mentions',
      'Reports',
      'Locations and Companies',
      'Accounting',
      'CCC Integration',
      'Tekmetric',
      'User Management, roles and permissions',
      'Edit Profile and passwords',
      'Frequently asked questions',
      'Report a bug',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: title }), title).toBeTruthy();
    }
  });

  it('shows both workflows in order', async () => {
    await openHelp();
    const collision = screen.getByRole('list', { name: 'Collision workflow' });
    expect(
      within(collision)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual([
      'Reported',
      'Awaiting estimate',
      'Estimate review',
      'Approved',
      'Parts ordered',
      'In repair',
      'Quality check',
      'Ready for pickup',
      'Completed',
      'Closed',
    ]);
    expect(screen.getByRole('list', { name: 'Mechanical workflow' }).textContent).toContain(
      'Authorization requested',
    );
  });

  it('tells what each role may do, from the permission table the server uses', async () => {
    await openHelp();
    const table = screen.getByRole('table', { name: 'What each role may do' });
    const row = within(table).getByText('Add claims').closest('tr')!;
    expect(within(row).getByLabelText('Manager: yes')).toBeTruthy();
    expect(within(row).getByLabelText('Viewer: no')).toBeTruthy();
    const users = within(table).getByText('Create and edit user accounts').closest('tr')!;
    expect(within(users).getByLabelText('Admin: yes')).toBeTruthy();
    expect(within(users).getByLabelText('Manager: no')).toBeTruthy();
  });

  it('states the board’s stale rule with the days in force, and the default, from the setting the board uses', async () => {
    await openHelp();
    const board = () => document.getElementById('claim-manager')!.textContent;
    await waitFor(() =>
      expect(board()).toContain(`(Stale: ${DEFAULT_STALE_CLAIM_DAYS}+ days in the same status)`),
    );
    expect(board()).toContain('Stale: 7+ days in the same status');
    expect(board()).toContain('in the same status for 7 days or more is highlighted');
    expect(board()).toContain('The default is 7 days');
    expect(board()).toContain('Compact columns');
  });

  it('quotes the number of days an administrator chose', async () => {
    await openHelp({
      'GET /api/settings/public': () => jsonResponse({ fleetDashboardCompanyId: null, staleClaimDays: 10 }),
    });
    const board = () => document.getElementById('claim-manager')!.textContent;
    await waitFor(() => expect(board()).toContain('(Stale: 10+ days in the same status)'));
    expect(board()).toContain('The default is 7 days');
  });

  it('opens a frequently asked question', async () => {
    await openHelp();
    const question = screen.getByRole('button', { name: 'Who can open a window tag?' });
    expect(question.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(question);
    expect(question.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByText(/Anyone who holds the printed tag/)).toBeTruthy();
  });
});

describe('help page: report a bug', () => {
  it('asks for a title, a description and a severity before sending', async () => {
    const { api } = await openHelp();
    fireEvent.click(within(bugForm()).getByRole('button', { name: 'Send report' }));

    expect(await within(bugForm()).findByText('Title is required')).toBeTruthy();
    expect(within(bugForm()).getByText('Description is required')).toBeTruthy();
    expect(within(bugForm()).getByText('Choose a severity')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', '/api/bug-reports')).toHaveLength(0);
  });

  it('shows the page and browser it will send, read-only', async () => {
    await openHelp();
    const page = within(bugForm()).getByLabelText('Page') as HTMLTextAreaElement;
    const browser = within(bugForm()).getByLabelText('Browser') as HTMLTextAreaElement;
    expect(page.readOnly).toBe(true);
    expect(page.value).toBe(window.location.href);
    expect(browser.readOnly).toBe(true);
    expect(browser.value).toBe(navigator.userAgent);
  });

  it('sends the report with the page and browser, thanks the user and clears the form', async () => {
    const { api } = await openHelp({
      'POST /api/bug-reports': () => jsonResponse(created, { status: 201 }),
    });
    fireEvent.change(within(bugForm()).getByLabelText('Title'), {
      target: { value: ' Search finds nothing ' },
    });
    fireEvent.change(within(bugForm()).getByLabelText('What happened?'), {
      target: { value: 'Typed a plate, got nothing.' },
    });
    fireEvent.keyDown(within(bugForm()).getByRole('combobox', { name: 'Severity' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('option', { name: 'High' }));
    expect(within(bugForm()).getByText('Part of my work is blocked')).toBeTruthy();
    fireEvent.click(within(bugForm()).getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText('Bug report sent')).toBeTruthy();
    expect(screen.getByText('Thank you. An administrator will look into it.')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', '/api/bug-reports')).toEqual([
      {
        title: 'Search finds nothing',
        description: 'Typed a plate, got nothing.',
        severity: 'high',
        pageUrl: window.location.href,
        browser: navigator.userAgent,
      },
    ]);
    await waitFor(() =>
      expect((within(bugForm()).getByLabelText('Title') as HTMLInputElement).value).toBe(''),
    );
  });

  it('says so when the report cannot be sent, keeping what was written', async () => {
    await openHelp({
      'POST /api/bug-reports': () => jsonResponse({ message: 'Service unavailable' }, { status: 503 }),
    });
    fireEvent.change(within(bugForm()).getByLabelText('Title'), { target: { value: 'Broken' } });
    fireEvent.change(within(bugForm()).getByLabelText('What happened?'), { target: { value: 'It broke.' } });
    fireEvent.keyDown(within(bugForm()).getByRole('combobox', { name: 'Severity' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('option', { name: 'Low' }));
    fireEvent.click(within(bugForm()).getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText('Could not send the report')).toBeTruthy();
    expect(screen.getByText('Service unavailable')).toBeTruthy();
    expect((within(bugForm()).getByLabelText('Title') as HTMLInputElement).value).toBe('Broken');
  });
});
