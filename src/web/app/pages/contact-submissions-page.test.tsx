import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ContactSubmission } from '@shared/support';

import { buildUser, callsTo, fakeApi } from '../../test/fake-api';
import { jsonResponse, heldResponse } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { AppRouter } from '../router';

const admin = buildUser({ role: 'admin', username: 'root' });

function submission(overrides: Partial<ContactSubmission> = {}): ContactSubmission {
  return {
    id: '5d1c9a3e-7b2f-4e4a-9c1d-0e2f3a4b5c6d',
    name: 'Priya Natarajan',
    email: 'priya@coastalrentals.com',
    company: 'Coastal Rentals',
    phone: '+1 (415) 555-0134',
    topic: 'demo',
    message: 'We run about 420 vehicles across 9 branches.\nCould we see a demo?',
    status: 'new',
    createdAt: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString(),
    updatedAt: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString(),
    ...overrides,
  };
}

const priya = submission();
const marcus = submission({
  id: '6e2d0b4f-8c3a-4f5b-8d2e-1f3a4b5c6d7e',
  name: 'Marcus Bell',
  email: 'mbell@metroutility.gov',
  company: '',
  phone: '',
  topic: 'support',
  message: 'Who can add a new administrator?',
  status: 'contacted',
});

const page =
  (items: ContactSubmission[], extra: Record<string, number> = {}) =>
  () =>
    jsonResponse({ items, total: items.length, page: 1, pageSize: 25, ...extra });

const FIRST_PAGE = 'GET /api/contact-submissions?page=1&pageSize=25';

function openSubmissions(
  routes: Record<string, () => Response | Promise<Response>>,
  path = '/admin/contact-submissions',
) {
  const api = fakeApi({ user: admin, routes });
  return { api, ...renderApp(<AppRouter />, { path }) };
}

describe('contact submissions', () => {
  it("tells a non-admin they don't have access, without asking for the list", async () => {
    const api = fakeApi({ user: buildUser({ role: 'viewer' }) });
    renderApp(<AppRouter />, { path: '/admin/contact-submissions' });
    expect(await screen.findByRole('heading', { name: "You don't have access to this page" })).toBeTruthy();
    expect(api.fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/contact'))).toBe(false);
  });

  it('lists the messages with sender, company, topic, status and age', async () => {
    openSubmissions({ [FIRST_PAGE]: page([priya, marcus]) });
    const table = await screen.findByRole('table', { name: 'Contact submissions' });
    const row = within(table).getByRole('button', { name: 'Priya Natarajan' }).closest('tr')!;
    expect(row.textContent).toContain('priya@coastalrentals.com');
    expect(row.textContent).toContain('Coastal Rentals');
    expect(within(row).getAllByText('Request a demo').length).toBeGreaterThan(0);
    expect(within(row).getByText('New')).toBeTruthy();
    expect(within(row).getByText('3 days ago')).toBeTruthy();
    const other = within(table).getByRole('button', { name: 'Marcus Bell' }).closest('tr')!;
    expect(within(other).getByText('Contacted')).toBeTruthy();
    expect(screen.getByText('Showing 1–2 of 2 messages')).toBeTruthy();
  });

  it('says when there are no messages yet', async () => {
    openSubmissions({ [FIRST_PAGE]: page([]) });
    expect(await screen.findByText('No messages yet')).toBeTruthy();
  });

  it('searches and filters by status through the address, and pages', async () => {
    const { location } = openSubmissions({
      [FIRST_PAGE]: page([priya], { total: 30 }),
      'GET /api/contact-submissions?page=2&pageSize=25': page([marcus], { total: 30, page: 2 }),
      'GET /api/contact-submissions?status=contacted&page=1&pageSize=25': page([marcus]),
      'GET /api/contact-submissions?search=bell&status=contacted&page=1&pageSize=25': page([marcus]),
    });
    await screen.findByText('Showing 1–25 of 30 messages');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 26–30 of 30 messages')).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/admin/contact-submissions?page=2');

    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Status' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('option', { name: 'Contacted' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/admin/contact-submissions?status=contacted'));

    fireEvent.change(screen.getByLabelText('Search contact submissions'), { target: { value: 'bell' } });
    await waitFor(() =>
      expect(location.history?.at(-1)).toBe('/admin/contact-submissions?status=contacted&search=bell'),
    );
    expect(await screen.findByText('1 message')).toBeTruthy();
  });

  it('opens a message in full, with ways to answer it', async () => {
    openSubmissions({
      [FIRST_PAGE]: page([priya]),
      [`GET /api/contact-submissions/${priya.id}`]: () => jsonResponse(priya),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Priya Natarajan' }));
    const sheet = await screen.findByRole('dialog', { name: 'Priya Natarajan' });
    expect(within(sheet).getByRole('link', { name: 'priya@coastalrentals.com' }).getAttribute('href')).toBe(
      'mailto:priya@coastalrentals.com',
    );
    expect(within(sheet).getByRole('link', { name: '+1 (415) 555-0134' }).getAttribute('href')).toBe(
      'tel:+14155550134',
    );
    expect(within(sheet).getByText(/Could we see a demo\?/)).toBeTruthy();
    expect(within(sheet).getByRole('link', { name: 'Reply by email' }).getAttribute('href')).toMatch(
      /^mailto:priya@coastalrentals\.com\?subject=Re%3A%20your%20FleetClaims%20demo%20request$/,
    );
  });

  it('marks a message contacted at once, and says so when the server agrees', async () => {
    const answer = heldResponse();
    const { api } = openSubmissions({
      [FIRST_PAGE]: page([priya]),
      [`GET /api/contact-submissions/${priya.id}`]: () => jsonResponse(priya),
      [`PATCH /api/contact-submissions/${priya.id}`]: answer.route,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Priya Natarajan' }));
    const sheet = await screen.findByRole('dialog', { name: 'Priya Natarajan' });
    fireEvent.keyDown(within(sheet).getByRole('combobox', { name: 'Status' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('option', { name: 'Contacted' }));

    const table = screen.getByRole('table', { name: 'Contact submissions', hidden: true });
    await waitFor(() => expect(within(table).getByText('Contacted')).toBeTruthy());
    expect(callsTo(api.fetchMock, 'PATCH', `/api/contact-submissions/${priya.id}`)).toEqual([
      { status: 'contacted' },
    ]);
    answer.release(jsonResponse({ ...priya, status: 'contacted' }));
    expect(await screen.findByText("Priya Natarajan's message is now Contacted.")).toBeTruthy();
  });
});
