import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CURRENT_USER_QUERY_KEY } from '@shared/constants';

import { callsTo, dana, fakeApi, unauthorized } from '../test/fake-api';
import { jsonResponse } from '../test/fetch-stub';
import { renderApp } from '../test/render-app';
import { AppRouter } from './router';

const currentPath = (location: { history?: string[] }) => location.history?.at(-1);

describe('routing', () => {
  it('sends a signed-out visitor of / to /auth', async () => {
    fakeApi({ user: null });
    const { location } = renderApp(<AppRouter />, { path: '/' });
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(currentPath(location)).toBe('/auth');
  });

  it('sends a signed-out visitor of a claim to /auth, and back to the claim after logging in', async () => {
    fakeApi({ user: null, logsIn: dana });
    const { location } = renderApp(<AppRouter />, { path: '/vehicles/c-1?tab=notes' });
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(currentPath(location)).toBe('/auth?next=%2Fvehicles%2Fc-1%3Ftab%3Dnotes');

    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'dana' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret-pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(currentPath(location)).toBe('/vehicles/c-1?tab=notes'));
  });

  it('shows a spinner while the session is being checked', async () => {
    fakeApi({ routes: { 'GET /api/user': () => new Promise<Response>(() => {}) } });
    renderApp(<AppRouter />, { path: '/' });
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeTruthy();
  });

  it('shows the dashboard to a signed-in user', async () => {
    const api = fakeApi({ user: dana });
    renderApp(<AppRouter />, { path: '/' });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    await waitFor(() => expect(callsTo(api.fetchMock, 'GET', '/api/dashboard/summary')).toHaveLength(1));
  });

  it.each(['/auth', '/login'])('shows the login page at %s', async (path) => {
    fakeApi({ user: null });
    renderApp(<AppRouter />, { path });
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it.each(['/auth', '/login'])('sends a signed-in user visiting %s to /', async (path) => {
    fakeApi({ user: dana });
    const { location } = renderApp(<AppRouter />, { path });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(currentPath(location)).toBe('/');
  });

  it('shows a not-found page with a way home for any other path', async () => {
    fakeApi({ user: null });
    renderApp(<AppRouter />, { path: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe('/');
  });

  it('says the server is unreachable instead of logging the user out, and retries', async () => {
    let reachable = false;
    fakeApi({
      user: dana,
      routes: {
        'GET /api/user': async () =>
          reachable ? jsonResponse(dana) : Promise.reject(new TypeError('Failed to fetch')),
      },
    });
    const { location } = renderApp(<AppRouter />, { path: '/' });
    expect(await screen.findByRole('heading', { name: "Can't reach FleetClaims" })).toBeTruthy();
    expect(currentPath(location)).toBe('/');

    // The server is back: it answers the session, then the permissions and the screen's data.
    reachable = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });
});

describe('session expiry', () => {
  it('shows the Session Expired toast and returns to /auth when a data call gets a 401', async () => {
    const api = fakeApi({ user: dana, routes: { 'GET /api/notifications': unauthorized } });
    const { client, location } = renderApp(<AppRouter />, { path: '/' });
    await screen.findByRole('heading', { name: 'Dashboard' });
    api.state.user = null; // the server has forgotten the session

    await client.fetchQuery({ queryKey: ['/api/notifications'] }).catch(() => undefined);

    expect(await screen.findByText('Session Expired')).toBeTruthy();
    expect(screen.getByText('Your session has expired. Please log in again.')).toBeTruthy();
    await waitFor(() => expect(currentPath(location)).toBe('/auth'));
  });
});

describe('logging out', () => {
  it('clears the user, says so, and returns to /auth', async () => {
    const api = fakeApi({
      user: dana,
      routes: { 'POST /api/logout': () => new Response(null, { status: 204 }) },
    });
    const { client, location } = renderApp(<AppRouter />, { path: '/' });
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Logged out')).toBeTruthy();
    expect(screen.getByText('You have been successfully logged out.')).toBeTruthy();
    expect(client.getQueryData(CURRENT_USER_QUERY_KEY)).toBeNull();
    expect(callsTo(api.fetchMock, 'POST', '/api/logout')).toHaveLength(1);
    await waitFor(() => expect(currentPath(location)).toBe('/auth'));
  });

  it('forgets cached data of the user who logged out', async () => {
    fakeApi({ user: dana, routes: { 'POST /api/logout': () => new Response(null, { status: 204 }) } });
    const { client } = renderApp(<AppRouter />, { path: '/' });
    client.setQueryData(['/api/vehicles'], [{ id: 'claim-1' }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));

    await screen.findByText('Logged out');
    expect(client.getQueryData(['/api/vehicles'])).toBeUndefined();
  });

  it('tells the user when logging out fails, and keeps them signed in', async () => {
    fakeApi({
      user: dana,
      routes: {
        'POST /api/logout': () => jsonResponse({ message: 'Database unavailable' }, { status: 503 }),
      },
    });
    const { client } = renderApp(<AppRouter />, { path: '/' });
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Logout failed')).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    expect(client.getQueryData(CURRENT_USER_QUERY_KEY)).toEqual(dana);
  });
});
