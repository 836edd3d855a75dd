import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { AppRouter } from '../../../app/router';
import { buildUser, callsTo, fakeApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';

const actingAsDana = buildUser({ isImpersonating: true, originalAdmin: { username: 'root' } });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('impersonation banner', () => {
  it('shows, in red, who the admin is acting as and who they really are', async () => {
    fakeApi({ user: actingAsDana });
    renderApp(<AppRouter />, { path: '/' });

    const banner = await screen.findByRole('region', { name: 'Impersonation' });
    expect(banner.textContent).toContain('dana');
    expect(banner.textContent).toContain('root');
    expect(banner.className).toContain('bg-destructive');
    expect(within(banner).getByRole('button', { name: 'Return to Admin' })).toBeTruthy();
  });

  it('is not there when nobody is being impersonated', async () => {
    fakeApi({ user: buildUser() });
    renderApp(<AppRouter />, { path: '/' });
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.queryByRole('region', { name: 'Impersonation' })).toBeNull();
  });

  it("'Return to Admin' ends the impersonation and reloads the app at /", async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const api = fakeApi({
      user: actingAsDana,
      routes: { 'POST /api/return-to-admin': () => jsonResponse({ message: 'Returned to root' }) },
    });
    renderApp(<AppRouter />, { path: '/users' });
    fireEvent.click(await screen.findByRole('button', { name: 'Return to Admin' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(callsTo(api.fetchMock, 'POST', '/api/return-to-admin')).toHaveLength(1);
  });

  it('says why when returning fails, in a destructive toast', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    fakeApi({
      user: actingAsDana,
      routes: {
        'POST /api/return-to-admin': () =>
          jsonResponse({ message: 'You are not impersonating anyone' }, { status: 400 }),
      },
    });
    renderApp(<AppRouter />, { path: '/' });
    fireEvent.click(await screen.findByRole('button', { name: 'Return to Admin' }));

    expect(await screen.findByText('You are not impersonating anyone')).toBeTruthy();
    const toast = screen.getByText('You are not impersonating anyone').closest('[data-slot="toast"]');
    expect(toast?.getAttribute('data-variant')).toBe('destructive');
    expect(assign).not.toHaveBeenCalled();
  });
});
