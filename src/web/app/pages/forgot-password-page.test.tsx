import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { callsTo, dana, fakeApi } from '../../test/fake-api';
import { jsonResponse } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { AppRouter } from '../router';

const FORGOT = 'POST /api/auth/forgot-password';
const SENT = 'If an account exists with this email, you will receive password reset instructions.';

const answer = (remainingAttempts: number) => () => jsonResponse({ message: SENT, remainingAttempts });

async function openPage() {
  const view = renderApp(<AppRouter />, { path: '/forgot-password' });
  await screen.findByRole('heading', { name: 'Forgot your password?' });
  return view;
}

function submit(email: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
}

const submitButton = () => screen.getByRole('button', { name: 'Send reset link' });

describe('forgot-password page', () => {
  it('checks the email address before sending anything', async () => {
    const api = fakeApi({ user: null });
    await openPage();
    submit('not-an-email');

    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', '/api/auth/forgot-password')).toHaveLength(0);
  });

  it('sends the address, then shows the success view and the Check Your Email toast', async () => {
    const api = fakeApi({ user: null, routes: { [FORGOT]: answer(4) } });
    await openPage();
    submit(' fleet@example.com ');

    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeTruthy();
    expect(screen.getAllByText('Check Your Email')).toHaveLength(2); // the view's heading and the toast
    expect(screen.getAllByText(SENT).length).toBeGreaterThan(0);
    expect(callsTo(api.fetchMock, 'POST', '/api/auth/forgot-password')).toEqual([
      { email: 'fleet@example.com' },
    ]);
    expect(screen.queryByText(/attempt\(s\) remaining/)).toBeNull();
  });

  it('says how many attempts remain once fewer than 3 do', async () => {
    fakeApi({ user: null, routes: { [FORGOT]: answer(2) } });
    await openPage();
    submit('fleet@example.com');
    expect(await screen.findByText('You have 2 attempt(s) remaining.')).toBeTruthy();
  });

  it("resets the form with 'Try Another Email'", async () => {
    fakeApi({ user: null, routes: { [FORGOT]: answer(4) } });
    await openPage();
    submit('fleet@example.com');
    fireEvent.click(await screen.findByRole('button', { name: 'Try Another Email' }));

    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
    expect(submitButton().hasAttribute('disabled')).toBe(false);
  });

  it('at 0 attempts says the maximum is reached and disables the submit button for that address', async () => {
    fakeApi({ user: null, routes: { [FORGOT]: answer(0) } });
    await openPage();
    submit('fleet@example.com');

    const maxed = "You've reached the maximum number of attempts. Please try again later.";
    expect(await screen.findByText(maxed)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Another Email' }));

    expect(await screen.findByText(maxed)).toBeTruthy();
    expect(submitButton().hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'FLEET@example.com' } });
    expect(submitButton().hasAttribute('disabled')).toBe(true);

    // The limit counts per address: another address may still ask.
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'other@example.com' } });
    await waitFor(() => expect(submitButton().hasAttribute('disabled')).toBe(false));
    expect(screen.queryByText(maxed)).toBeNull();
  });

  it('shows the success view for any answer other than 429', async () => {
    fakeApi({
      user: null,
      routes: { [FORGOT]: () => jsonResponse({ message: 'Mail server unavailable' }, { status: 503 }) },
    });
    await openPage();
    submit('fleet@example.com');
    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeTruthy();
    expect(screen.queryByText('Mail server unavailable')).toBeNull();
  });

  it("says 'Too Many Attempts' with the server's message on a 429 and stays on the form", async () => {
    fakeApi({
      user: null,
      routes: {
        [FORGOT]: () =>
          jsonResponse(
            { message: 'Too many password reset attempts. Please try again later.' },
            { status: 429 },
          ),
      },
    });
    await openPage();
    submit('fleet@example.com');

    expect(await screen.findByText('Too Many Attempts')).toBeTruthy();
    expect(screen.getByText('Too many password reset attempts. Please try again later.')).toBeTruthy();
    const item = screen.getByText('Too Many Attempts').closest('[data-slot="toast"]');
    expect(item?.getAttribute('data-variant')).toBe('destructive');
    expect(screen.getByRole('heading', { name: 'Forgot your password?' })).toBeTruthy();
    expect(submitButton().hasAttribute('disabled')).toBe(true);
  });

  it('tells the user when the request could not be sent at all', async () => {
    fakeApi({
      user: null,
      routes: { [FORGOT]: () => Promise.reject(new TypeError('Failed to fetch')) },
    });
    await openPage();
    submit('fleet@example.com');

    expect(
      await screen.findByText('Cannot reach FleetClaims right now. Check your connection and try again.'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Forgot your password?' })).toBeTruthy();
  });

  it('links back to the log-in page', async () => {
    fakeApi({ user: null });
    await openPage();
    expect(screen.getByRole('link', { name: 'Back to log in' }).getAttribute('href')).toBe('/login');
  });

  it('is open to a signed-in user too', async () => {
    fakeApi({ user: dana });
    await openPage();
    expect(screen.getByLabelText('Email')).toBeTruthy();
  });
});
