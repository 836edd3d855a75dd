import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RegisterResponse } from '@shared/users';

import { buildUser, fakeApi } from '../../test/fake-api';
import { jsonResponse } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { findFormDialog } from '../../test/find-form-dialog';
import { AppRouter } from '../router';

const admin = buildUser({ role: 'admin', username: 'root' });
const LINK = 'http://localhost:5000/reset-password/Qx7f0bT2yH1mZkP9wV3nL8sD4rG6cJ5aE2uY0iO1pKq';

const created: RegisterResponse = {
  id: '9d9d9d9d-0000-4000-8000-000000000009',
  username: 'erin.cole',
  email: 'erin@example.com',
  firstName: 'Erin',
  lastName: 'Cole',
  role: 'viewer',
  profileImageUrl: null,
  active: true,
  mustChangePassword: true,
  lastLoginAt: null,
  createdAt: '2026-11-25T09:00:00.000Z',
  companyIds: [],
};

async function createErin(answer: RegisterResponse) {
  fakeApi({
    user: admin,
    routes: {
      'GET /api/users?page=1&pageSize=25': () => jsonResponse({ items: [], total: 0, page: 1, pageSize: 25 }),
      'POST /api/register': () => jsonResponse(answer, { status: 201 }),
    },
  });
  renderApp(<AppRouter />, { path: '/users?new=1' });
  const dialog = await findFormDialog('Create user', { timeout: 15_000 });
  const set = (label: string, value: string) =>
    fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
  set('First name', 'Erin');
  set('Last name', 'Cole');
  set('Username', 'erin.cole');
  set('Email', 'erin@example.com');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
  expect(await screen.findByText('Registration successful')).toBeTruthy();
}

afterEach(() => vi.restoreAllMocks());

describe('creating a user when no mail server is configured', () => {
  it('says the mail was not sent and offers the set-password link to copy', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
    await createErin({ ...created, setPasswordUrl: LINK });

    const dialog = await screen.findByRole('dialog', { name: 'Send erin.cole their link' });
    expect(
      within(dialog).getByText('No mail server is set up, so the welcome mail was not sent'),
    ).toBeTruthy();
    const field = within(dialog).getByLabelText('Set-password link for erin.cole') as HTMLInputElement;
    expect(field.value).toBe(LINK);
    expect(field.readOnly).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(LINK));
    expect(await screen.findByText('Link copied')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes as before when the mail was sent (no link in the answer)', async () => {
    await createErin(created);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(/Set-password link/)).toBeNull();
  });
});

describe('sending a reset email when no mail server is configured', () => {
  it('says the mail is held and offers the reset link to copy', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
    const message =
      'No mail server is configured, so the password reset email to erin@example.com is held in the outbox. Copy the link and send it yourself.';
    fakeApi({
      user: admin,
      routes: {
        'GET /api/users?page=1&pageSize=25': () =>
          jsonResponse({ items: [created], total: 1, page: 1, pageSize: 25 }),
        [`POST /api/users/${created.id}/send-password-reset`]: () =>
          jsonResponse({ message, delivery: 'held', resetUrl: LINK }),
      },
    });
    renderApp(<AppRouter />, { path: '/users' });
    const actions = await screen.findByRole('button', { name: 'Actions for erin.cole' }, { timeout: 15_000 });
    fireEvent.keyDown(actions, { key: 'Enter' });
    fireEvent.click(
      within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Send reset email' }),
    );

    expect(await screen.findByText('Reset email held: no mail server')).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    const dialog = await screen.findByRole('dialog', { name: 'Send erin.cole their reset link' });
    expect(
      within(dialog).getByText('No mail server is set up, so the reset email was not sent'),
    ).toBeTruthy();
    const field = within(dialog).getByLabelText('Reset link for erin.cole') as HTMLInputElement;
    expect(field.value).toBe(LINK);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(LINK));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
