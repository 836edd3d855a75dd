import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { MAIN_NAV, SYSTEM_SETTINGS_NAV } from './layout/navigation';
import { buildUser, fakeApi } from '../test/fake-api';
import { renderApp } from '../test/render-app';
import { AppRouter } from './router';

const admin = buildUser({ role: 'admin' });

describe('screens', () => {
  it.each(['/vehicles', '/help'])(
    '%s sends a signed-out visitor to /auth, to come back after',
    async (path) => {
      fakeApi({ user: null });
      const { location } = renderApp(<AppRouter />, { path });
      expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
      expect(location.history?.at(-1)).toBe(`/auth?next=${encodeURIComponent(path)}`);
    },
  );

  it('the window tag is public and shows its title without the sidebar', async () => {
    fakeApi({ user: null });
    const { location } = renderApp(<AppRouter />, {
      path: '/vehicles/4f7e2a10-5b7c-4d8e-9f01-23456789abcd/window-tag',
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Window tag' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(location.history?.at(-1)).toBe('/vehicles/4f7e2a10-5b7c-4d8e-9f01-23456789abcd/window-tag');
  });

  // Sixteen screens, each loaded and rendered in turn: more than the default 5 s on a busy machine.
  it('every sidebar entry leads to a page', { timeout: 20_000 }, async () => {
    for (const { href } of [...MAIN_NAV, ...SYSTEM_SETTINGS_NAV]) {
      fakeApi({ user: admin });
      const { unmount } = renderApp(<AppRouter />, { path: href });
      await screen.findByRole('navigation', { name: 'Main' });
      // The first screen of a feature loads its code (seconds on a busy machine) before its title shows.
      expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5000 }), href).toBeTruthy();
      expect(screen.queryByRole('heading', { name: 'Page not found' }), href).toBeNull();
      unmount();
    }
  });
});
