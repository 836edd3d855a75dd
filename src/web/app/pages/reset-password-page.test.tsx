import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { callsTo, fakeApi } from '../../test/fake-api';
import { jsonResponse } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { AppRouter } from '../router';

const TOKEN = 'tok_3f9a';
const VERIFY = `GET /api/auth/verify-reset-token/${TOKEN}`;
const RESET = 'POST /api/auth/reset-password';
const valid = () => jsonResponse({ valid: true, message: 'Token is valid' });

afterEach(() => {
  vi.useRealTimers();
});

function openPage() {
  return renderApp(<AppRouter />, { path: `/reset-password/${TOKEN}` });
}

async function fillAndSubmit(newPassword: string, confirmPassword = newPassword) {
  fireEvent.change(await screen.findByLabelText('New password'), { target: { value: newPassword } });
  fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: confirmPassword } });
  fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
}

describe('reset-password page', () => {
  it('checks the token of the link first', async () => {
    const api = fakeApi({ user: null, routes: { [VERIFY]: () => new Promise<Response>(() => {}) } });
    openPage();
    expect(await screen.findByRole('heading', { name: 'Checking your reset link…' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    // The heading shows while the page's code and the session load; the check may start a moment later.
    await waitFor(() =>
      expect(callsTo(api.fetchMock, 'GET', `/api/auth/verify-reset-token/${TOKEN}`)).toHaveLength(1),
    );
  });

  it('shows the invalid-link view, with a way to ask for a new link, when the token is not valid', async () => {
    fakeApi({
      user: null,
      routes: { [VERIFY]: () => jsonResponse({ valid: false, message: 'Invalid or expired token' }) },
    });
    openPage();

    expect(await screen.findByRole('heading', { name: 'Invalid or Expired Link' })).toBeTruthy();
    expect(
      screen.getByText('This password reset link is invalid or has expired. Please request a new one.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('says so when the token cannot be checked, and checks again on request', async () => {
    const api = fakeApi({
      user: null,
      routes: { [VERIFY]: () => jsonResponse({ message: 'Internal error' }, { status: 500 }) },
    });
    openPage();

    const failed = 'Failed to validate reset link. Please try again.';
    await waitFor(() => expect(screen.getAllByText(failed)).toHaveLength(2)); // the view and the toast
    const toast = screen.getAllByText(failed).find((node) => node.closest('[data-slot="toast"]'));
    expect(toast?.closest('[data-slot="toast"]')?.getAttribute('data-variant')).toBe('destructive');

    api.fetchMock.mockImplementation(async () => valid());
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('New password')).toBeTruthy();
  });

  it.each([
    ['Ab1', 'Password must be at least 8 characters'],
    ['abcdefg1', 'Password must contain at least one uppercase letter'],
    ['ABCDEFG1', 'Password must contain at least one lowercase letter'],
    ['Abcdefgh', 'Password must contain at least one number'],
  ])('refuses %s with "%s"', async (password, message) => {
    const api = fakeApi({ user: null, routes: { [VERIFY]: valid } });
    openPage();
    await fillAndSubmit(password);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', '/api/auth/reset-password')).toHaveLength(0);
  });

  it('requires the confirmation to match', async () => {
    fakeApi({ user: null, routes: { [VERIFY]: valid } });
    openPage();
    await fillAndSubmit('Abcdefg1', 'Abcdefg2');
    expect(await screen.findByText("Passwords don't match")).toBeTruthy();
  });

  it('sets the password, shows the success view and goes to /login after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeApi({
      user: null,
      routes: {
        [VERIFY]: valid,
        [RESET]: () => jsonResponse({ message: 'Your password has been reset. You can now log in.' }),
      },
    });
    const { location } = openPage();
    await fillAndSubmit('Abcdefg1');

    expect(await screen.findByRole('heading', { name: 'Password Reset Successfully' })).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', '/api/auth/reset-password')).toEqual([
      { token: TOKEN, newPassword: 'Abcdefg1' },
    ]);

    act(() => vi.advanceTimersByTime(2_800));
    expect(location.history?.at(-1)).toBe(`/reset-password/${TOKEN}`);
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('titles the link of a welcome mail for setting a first password, not for a reset', async () => {
    const api = fakeApi({
      user: null,
      routes: {
        [VERIFY]: () =>
          jsonResponse({
            valid: true,
            message: 'The link to set your first password is valid.',
            firstPassword: true,
          }),
        [RESET]: () => jsonResponse({ message: 'Your password has been reset. You can now log in.' }),
      },
    });
    openPage();
    expect(await screen.findByRole('heading', { name: 'Set your password' })).toBeTruthy();
    expect(document.title).toBe('Set your password · FleetClaims');
    expect(screen.queryByText(/reset/i)).toBeNull();

    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Abcdefg1' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'Abcdefg1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('heading', { name: 'Password set' })).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', '/api/auth/reset-password')).toEqual([
      { token: TOKEN, newPassword: 'Abcdefg1' },
    ]);
  });

  it("shows the server's message when the reset fails", async () => {
    fakeApi({
      user: null,
      routes: {
        [VERIFY]: valid,
        [RESET]: () =>
          jsonResponse({ message: 'This password reset link is invalid or has expired' }, { status: 400 }),
      },
    });
    openPage();
    await fillAndSubmit('Abcdefg1');

    expect(await screen.findByText('This password reset link is invalid or has expired')).toBeTruthy();
    expect(screen.getByLabelText('New password')).toBeTruthy();
  });

  it("puts the server's field errors under the password", async () => {
    fakeApi({
      user: null,
      routes: {
        [VERIFY]: valid,
        [RESET]: () =>
          jsonResponse(
            { message: 'Password is too long', fieldErrors: { newPassword: ['Password is too long'] } },
            { status: 400 },
          ),
      },
    });
    openPage();
    await fillAndSubmit('Abcdefg1');

    await waitFor(() =>
      expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(screen.getByText('Password is too long')).toBeTruthy();
  });
});
