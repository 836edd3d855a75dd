import { describe, expect, it } from 'vitest';

import { loginPathFor, returnPath } from './return-to';

describe('returning after login', () => {
  it('carries the asked-for page, with its query, to the login page and back', () => {
    const login = loginPathFor('/vehicles/7d0c', 'tab=notes');
    expect(login).toBe('/auth?next=%2Fvehicles%2F7d0c%3Ftab%3Dnotes');
    expect(returnPath(login.split('?')[1]!)).toBe('/vehicles/7d0c?tab=notes');
  });

  it('sends a visitor of the dashboard to the plain login page', () => {
    expect(loginPathFor('/', '')).toBe('/auth');
    expect(returnPath('')).toBe('/');
  });

  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example', 'vehicles'])(
    'never follows %s off the app',
    (next) => {
      expect(returnPath(new URLSearchParams({ next }).toString())).toBe('/');
    },
  );
});
