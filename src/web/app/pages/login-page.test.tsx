import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { callsTo, dana, fakeApi } from '../../test/fake-api';
import { jsonResponse } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { AppRouter } from '../router';

afterEach(() => {
  vi.restoreAllMocks();
});

async function openLoginPage(path = '/auth') {
  const view = renderApp(<AppRouter />, { path });
  await screen.findByRole('button', { name: 'Log in' });
  return view;
}

function fillAndSubmit(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login page', () => {
  it('labels its fields with autocomplete hints for password managers', async () => {
    fakeApi({ user: null });
    await openLoginPage();
    expect(screen.getByLabelText('Username').getAttribute('autocomplete')).toBe('username');
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
  });

  it('requires a username and a password before calling the server', async () => {
    const api = fakeApi({ user: null });
    await openLoginPage();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(api.fetchMock, 'POST', '/api/login')).toHaveLength(0);
  });

  it('logs in, welcomes the user by first name and goes to the dashboard', async () => {
    const api = fakeApi({ user: null, logsIn: dana });
    const { location } = await openLoginPage();
    fillAndSubmit(' dana ', 'correct horse');

    expect(await screen.findByText('Login successful')).toBeTruthy();
    expect(screen.getByText('Welcome back, Dana!')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/');
    expect(callsTo(api.fetchMock, 'POST', '/api/login')).toEqual([
      { username: 'dana', password: 'correct horse' },
    ]);
  });

  it('welcomes a user without a first name by username', async () => {
    const noName = { ...dana, firstName: null };
    fakeApi({ user: null, logsIn: noName });
    await openLoginPage();
    fillAndSubmit('dana', 'correct horse');
    expect(await screen.findByText('Welcome back, dana!')).toBeTruthy();
  });

  it("shows the server's message when login fails, and no session-expired notice", async () => {
    fakeApi({
      user: null,
      routes: {
        'POST /api/login': () => jsonResponse({ message: 'Invalid username or password' }, { status: 401 }),
      },
    });
    await openLoginPage();
    fillAndSubmit('dana', 'wrong');

    expect(await screen.findByText('Login failed')).toBeTruthy();
    expect(screen.getByText('Invalid username or password')).toBeTruthy();
    expect(screen.queryByText('Session Expired')).toBeNull();
  });

  it("puts the server's field errors under the fields", async () => {
    fakeApi({
      user: null,
      routes: {
        'POST /api/login': () =>
          jsonResponse(
            { message: 'Username is too long', fieldErrors: { username: ['Username is too long'] } },
            { status: 400 },
          ),
      },
    });
    await openLoginPage();
    fillAndSubmit('dana', 'pw');

    await waitFor(() => expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('Username is too long').length).toBeGreaterThan(0);
  });

  it('shows the pending state while logging in', async () => {
    fakeApi({ user: null, routes: { 'POST /api/login': () => new Promise<Response>(() => {}) } });
    await openLoginPage();
    fillAndSubmit('dana', 'pw');

    const button = await screen.findByRole('button', { name: 'Logging in…' });
    expect(button.hasAttribute('disabled')).toBe(true);
  });

  it('sends Continue with Google to /api/auth/google, when the server has it configured', async () => {
    fakeApi({ user: null, routes: { 'GET /api/auth/options': () => jsonResponse({ googleSignIn: true }) } });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    await openLoginPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(assign).toHaveBeenCalledWith('/api/auth/google');
  });

  it('does not offer Continue with Google when the server has no Google sign-in', async () => {
    const api = fakeApi({
      user: null,
      routes: { 'GET /api/auth/options': () => jsonResponse({ googleSignIn: false }) },
    });
    await openLoginPage();
    await waitFor(() => expect(callsTo(api.fetchMock, 'GET', '/api/auth/options')).toHaveLength(1));
    await screen.findByRole('button', { name: 'Log in' });
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
  });

  it('shows the error Google sign-in sent back', async () => {
    fakeApi({ user: null });
    await openLoginPage('/auth?error=Your%20Google%20account%20is%20not%20linked');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Your Google account is not linked');
  });

  it('links to password recovery, the legal pages and support', async () => {
    fakeApi({ user: null });
    await openLoginPage();
    const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href('Forgot your password?')).toBe('/forgot-password');
    expect(href('Privacy Policy')).toBe('/privacy-policy');
    expect(href('Terms')).toBe('/terms');
    expect(href('Support')).toBe('/support');
    expect(href('Contact Us for a Demo')).toBe('/support');
  });

  it('says that only administrators create accounts', async () => {
    fakeApi({ user: null });
    await openLoginPage();
    expect(screen.getByText(/New accounts can only be created by administrators\./)).toBeTruthy();
  });
});
