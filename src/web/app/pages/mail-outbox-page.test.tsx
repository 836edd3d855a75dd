import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OutboxMail } from '@shared/mail-outbox';

import { buildUser, callsTo, fakeApi } from '../../test/fake-api';
import { jsonResponse } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { AppRouter } from '../router';

const admin = buildUser({ role: 'admin', username: 'root' });
const FIRST_PAGE = 'GET /api/mail-outbox?page=1&pageSize=25';

function mail(overrides: Partial<OutboxMail> = {}): OutboxMail {
  return {
    id: '7a1c9a3e-7b2f-4e4a-9c1d-0e2f3a4b5c6d',
    to: 'morgan@acme.example',
    subject: 'Welcome to FleetClaims',
    text: 'Set your password (the link works once):\nhttp://localhost/reset-password/[hidden]',
    templateKey: 'welcome',
    status: 'held',
    attempts: 0,
    lastError: null,
    createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString(),
    ...overrides,
  };
}

const welcome = mail();
const refused = mail({
  id: '8b2d0b4f-8c3a-4f5b-8d2e-1f3a4b5c6d7e',
  to: 'dana@fleet.example',
  subject: 'CLM-000123 moved to In repair',
  templateKey: 'claim_status_changed',
  status: 'failed',
  attempts: 5,
  lastError: '550 5.1.1 mailbox unavailable',
});

const page =
  (items: OutboxMail[], extra: Record<string, number> = {}) =>
  () =>
    jsonResponse({ items, total: items.length, page: 1, pageSize: 25, ...extra });

function openOutbox(
  routes: Record<string, (init?: RequestInit) => Response | Promise<Response>>,
  user = admin,
  path = '/admin/mail-outbox',
) {
  const api = fakeApi({ user, routes });
  return { api, ...renderApp(<AppRouter />, { path }) };
}

describe('mail outbox', () => {
  it('lists held and failed mail with recipient, subject, template, status, attempts, last error and age', async () => {
    openOutbox({ [FIRST_PAGE]: page([welcome, refused]) });
    const table = await screen.findByRole('table', { name: 'Held and failed mail' }, { timeout: 5000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [first, second] = rows.map((row) => within(row));
    expect(first!.getByText('morgan@acme.example')).toBeTruthy();
    expect(first!.getByText('Welcome to FleetClaims')).toBeTruthy();
    expect(first!.getByText('Welcome')).toBeTruthy();
    expect(first!.getByText('Held: no mail server')).toBeTruthy();
    expect(first!.getByText('2 hours ago')).toBeTruthy();
    expect(second!.getByText('Claim status changed')).toBeTruthy();
    expect(second!.getByText('Failed')).toBeTruthy();
    expect(second!.getByText('5')).toBeTruthy();
    expect(second!.getByText('550 5.1.1 mailbox unavailable')).toBeTruthy();
  });

  it('filters by status through the address', async () => {
    const { location } = openOutbox({
      [FIRST_PAGE]: page([welcome, refused]),
      'GET /api/mail-outbox?status=failed&page=1&pageSize=25': page([refused]),
    });
    await screen.findByText('morgan@acme.example', {}, { timeout: 5000 });
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Status' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/admin/mail-outbox?status=failed'));
    await waitFor(() => expect(screen.queryByText('morgan@acme.example')).toBeNull());
    expect(screen.getByText('dana@fleet.example')).toBeTruthy();
  });

  it('resends a mail, says so in a toast, and reloads the list (it is on its way)', async () => {
    let resent = false;
    const { api } = openOutbox({
      [FIRST_PAGE]: () => (resent ? page([refused])() : page([welcome, refused])()),
      [`POST /api/mail-outbox/${welcome.id}/resend`]: () => {
        resent = true;
        return jsonResponse({ ...welcome, status: 'pending' });
      },
    });
    fireEvent.click(
      await screen.findByRole(
        'button',
        { name: 'Resend “Welcome to FleetClaims” to morgan@acme.example' },
        { timeout: 5000 },
      ),
    );
    expect(await screen.findByText('Mail queued')).toBeTruthy();
    expect(
      screen.getByText('“Welcome to FleetClaims” to morgan@acme.example goes out on the next delivery.'),
    ).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', `/api/mail-outbox/${welcome.id}/resend`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('morgan@acme.example')).toBeNull());
  });

  it('resends without a mail server: the toast says the mail is still held, and the list still shows it (issue 31)', async () => {
    openOutbox({
      [FIRST_PAGE]: page([welcome]),
      [`POST /api/mail-outbox/${welcome.id}/resend`]: () => jsonResponse(welcome),
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Resend/ }, { timeout: 5000 }));
    expect(await screen.findByText('Mail held: no mail server')).toBeTruthy();
    expect(
      screen.getByText(
        'No mail server is configured (SMTP_URL), so “Welcome to FleetClaims” to morgan@acme.example stays in the outbox. Resend it once a mail server is set up.',
      ),
    ).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Held and failed mail' });
    expect(within(table).getByText('morgan@acme.example')).toBeTruthy();
    expect(within(table).getByText('Held: no mail server')).toBeTruthy();
    expect(screen.queryByText('No held or failed mail')).toBeNull();
  });

  it('says why a resend failed', async () => {
    const message = 'Only held or failed mail can be sent again: this one is on its way or sent';
    openOutbox({
      [FIRST_PAGE]: page([welcome]),
      [`POST /api/mail-outbox/${welcome.id}/resend`]: () =>
        jsonResponse({ message, code: 'conflict' }, { status: 409 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Resend/ }, { timeout: 5000 }));
    expect(await screen.findByText('Could not resend the mail')).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
  });

  it('says when nothing is held or failed', async () => {
    openOutbox({ [FIRST_PAGE]: page([]) });
    expect(await screen.findByText('No held or failed mail', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('is for administrators only', async () => {
    openOutbox({}, buildUser({ role: 'manager' }));
    expect(
      await screen.findByRole('heading', { name: "You don't have access to this page" }, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('opens a held mail’s body with its link hidden, as the server answers it (issues 28 and 31)', async () => {
    openOutbox({ [FIRST_PAGE]: page([welcome]) });
    fireEvent.click(
      await screen.findByRole(
        'button',
        { name: 'Open “Welcome to FleetClaims” to morgan@acme.example' },
        { timeout: 5000 },
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to FleetClaims' });
    expect(within(dialog).getByText(/Set your password \(the link works once\)/).textContent).toContain(
      'http://localhost/reset-password/[hidden]',
    );
    expect(within(dialog).getByText(/Links that sign in are hidden/)).toBeTruthy();
    // The lost link is handed on as a new one, from Users, where it is shown to copy without a mail server.
    expect(within(dialog).getByText(/send morgan@acme.example a new reset link from/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Users' }).getAttribute('href')).toBe(
      '/users?search=morgan%40acme.example',
    );
  });

  it('opens a mail without a link that signs in without pointing to Users', async () => {
    openOutbox({ [FIRST_PAGE]: page([refused]) });
    fireEvent.click(await screen.findByRole('button', { name: /^Open/ }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'CLM-000123 moved to In repair' });
    expect(within(dialog).queryByRole('link', { name: 'Users' })).toBeNull();
  });
});
