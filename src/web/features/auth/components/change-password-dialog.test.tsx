import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIRST_CHANGE_DUMMY_PASSWORD, UNCHANGED_PASSWORD_MESSAGE } from '@shared/passwords';

import { AppRouter } from '../../../app/router';
import { buildUser, callsTo, fakeApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';

const CHANGE = 'POST /api/change-password';
const firstLogin = buildUser({ username: 'admin', role: 'admin', mustChangePassword: true });

/** A click on the dimmed page around the dialog (Radix listens only from the tick after opening). */
async function clickOutside() {
  await new Promise((resolve) => setTimeout(resolve, 10));
  const overlay = document.querySelector('[data-slot="dialog-overlay"]')!;
  fireEvent.pointerDown(overlay);
  fireEvent.mouseDown(overlay);
  fireEvent.click(overlay);
}

function fill(fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
}

describe('forced password change', () => {
  async function openForced(routes = {}) {
    const api = fakeApi({ user: firstLogin, routes });
    const view = renderApp(<AppRouter />, { path: '/' });
    const dialog = await screen.findByRole('dialog', { name: 'Set a new password' });
    return { api, dialog, ...view };
  }

  it('opens by itself for a user who must change their password, without a current-password field', async () => {
    const { dialog } = await openForced();
    expect(within(dialog).queryByLabelText('Current password')).toBeNull();
    expect(within(dialog).getByLabelText('New password')).toBeTruthy();
    expect(within(dialog).getByLabelText('Confirm new password')).toBeTruthy();
  });

  it('cannot be closed: no close button, and Escape or a click outside leave it open', async () => {
    const { dialog } = await openForced();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();

    fireEvent.keyDown(within(dialog).getByLabelText('New password'), { key: 'Escape', code: 'Escape' });
    await clickOutside();
    await new Promise((resolve) => setTimeout(resolve, 10));

    expect(screen.getByRole('dialog', { name: 'Set a new password' })).toBeTruthy();
  });

  it("checks the spec's rules before sending", async () => {
    const { api } = await openForced();
    fill({ 'New password': '12345', 'Confirm new password': '12345' });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeTruthy();

    fill({ 'New password': '123456', 'Confirm new password': '1234567' });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText("Passwords don't match")).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', '/api/change-password')).toHaveLength(0);
  });

  it('sends the dummy current password, refetches the user and closes once the change is done', async () => {
    const { api } = await openForced({
      [CHANGE]: () => {
        api.state.user = { ...firstLogin, mustChangePassword: false };
        return jsonResponse({ message: 'Password changed' });
      },
    });
    const userLoads = callsTo(api.fetchMock, 'GET', '/api/user').length;
    fill({ 'New password': 'n3w-secret', 'Confirm new password': 'n3w-secret' });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Password changed successfully')).toBeTruthy();
    expect(screen.getByText('Your password has been updated.')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', '/api/change-password')).toEqual([
      { currentPassword: FIRST_CHANGE_DUMMY_PASSWORD, newPassword: 'n3w-secret' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Set a new password' })).toBeNull());
    expect(callsTo(api.fetchMock, 'GET', '/api/user').length).toBeGreaterThan(userLoads);
  });

  it('asks the dashboard behind it again with the new session, which the change left unanswered', async () => {
    let changed = false;
    const { api } = await openForced({
      [CHANGE]: () => {
        changed = true;
        api.state.user = { ...firstLogin, mustChangePassword: false };
        return jsonResponse({ message: 'Password changed' });
      },
      // Asked with the session the change ends: answered as the server does.
      'GET /api/dashboard/summary': () =>
        jsonResponse(
          { message: changed ? 'Not found' : 'You are not logged in' },
          { status: changed ? 404 : 401 },
        ),
    });
    await waitFor(() =>
      expect(callsTo(api.fetchMock, 'GET', '/api/dashboard/summary').length).toBeGreaterThan(0),
    );
    const asked = callsTo(api.fetchMock, 'GET', '/api/dashboard/summary').length;
    fill({ 'New password': 'n3w-secret', 'Confirm new password': 'n3w-secret' });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Set a new password' })).toBeNull());
    await waitFor(() =>
      expect(callsTo(api.fetchMock, 'GET', '/api/dashboard/summary').length).toBeGreaterThan(asked),
    );
  });

  it("shows 'Error' with the server's message when the change fails, and stays open", async () => {
    await openForced({
      [CHANGE]: () => jsonResponse({ message: 'Database unavailable' }, { status: 503 }),
    });
    fill({ 'New password': 'n3w-secret', 'Confirm new password': 'n3w-secret' });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    const toast = screen.getByText('Error').closest('[data-slot="toast"]');
    expect(toast?.getAttribute('data-variant')).toBe('destructive');
    expect(screen.getByRole('dialog', { name: 'Set a new password' })).toBeTruthy();
  });

  it('puts the refusal of the password given at first under the new password, and stays open', async () => {
    const { dialog } = await openForced({
      [CHANGE]: () =>
        jsonResponse(
          {
            message: UNCHANGED_PASSWORD_MESSAGE,
            fieldErrors: { newPassword: [UNCHANGED_PASSWORD_MESSAGE] },
          },
          { status: 400 },
        ),
    });
    fill({ 'New password': 'Temp-pass-1', 'Confirm new password': 'Temp-pass-1' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));

    await waitFor(() =>
      expect(within(dialog).getByLabelText('New password').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(within(dialog).getByText('Choose a new password that differs from your current one')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Set a new password' })).toBeTruthy();
  });

  it('is not shown to an admin impersonating such a user', async () => {
    fakeApi({
      user: { ...firstLogin, isImpersonating: true, originalAdmin: { username: 'root' } },
    });
    renderApp(<AppRouter />, { path: '/' });
    await screen.findByRole('region', { name: 'Impersonation' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is not shown to a user who has already chosen a password', async () => {
    fakeApi({ user: buildUser() });
    renderApp(<AppRouter />, { path: '/' });
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('changing the password from Edit Profile', () => {
  async function openFromProfile(routes = {}) {
    const api = fakeApi({ user: buildUser(), routes });
    renderApp(<AppRouter />, { path: '/profile' });
    fireEvent.click(await screen.findByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    return { api, dialog };
  }

  it('asks for the current password and sends it', async () => {
    const { api, dialog } = await openFromProfile({
      [CHANGE]: () => jsonResponse({ message: 'Password changed' }),
    });
    fill({
      'Current password': 'old-secret',
      'New password': 'n3w-secret',
      'Confirm new password': 'n3w-secret',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(callsTo(api.fetchMock, 'POST', '/api/change-password')).toEqual([
        { currentPassword: 'old-secret', newPassword: 'n3w-secret' },
      ]),
    );
    expect(await screen.findByText('Password changed successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('requires the current password', async () => {
    const { api, dialog } = await openFromProfile();
    fill({ 'New password': 'n3w-secret', 'Confirm new password': 'n3w-secret' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Enter your current password')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', '/api/change-password')).toHaveLength(0);
  });

  it("puts the server's verdict on the current password under that field, and toasts 'Error'", async () => {
    const { dialog } = await openFromProfile({
      [CHANGE]: () =>
        jsonResponse(
          {
            message: 'Current password is incorrect',
            fieldErrors: { currentPassword: ['Current password is incorrect'] },
          },
          { status: 400 },
        ),
    });
    fill({
      'Current password': 'wrong',
      'New password': 'n3w-secret',
      'Confirm new password': 'n3w-secret',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));

    await waitFor(() =>
      expect(within(dialog).getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(within(dialog).getByText('Current password is incorrect')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
  });

  it('closes with a click outside, unlike the forced one', async () => {
    await openFromProfile();
    await clickOutside();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes with Escape, unlike the forced one', async () => {
    const { dialog } = await openFromProfile();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
    fireEvent.keyDown(within(dialog).getByLabelText('Current password'), { key: 'Escape', code: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
