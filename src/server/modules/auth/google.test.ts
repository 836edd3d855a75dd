import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, describe, expect, it } from 'vitest';
import { buildUser, sessionCookieOf } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { GOOGLE_MESSAGES } from './google.routes.js';

const errorRedirect = (message: string) => `/auth?error=${encodeURIComponent(message)}`;

describe('Google sign-in against a local OpenID Connect server', async () => {
  const issuer = new OAuth2Server();
  await issuer.issuer.keys.generate('RS256');
  await issuer.start(0, '127.0.0.1');
  afterAll(() => issuer.stop());
  // The issuer signs an access token and an ID token per exchange; both carry the claims of the test.
  let claimsOfNextLogin: Record<string, unknown> = {};
  issuer.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, claimsOfNextLogin));
  const { app, database } = await createTestApp({
    env: {
      GOOGLE_CLIENT_ID: 'fleetclaims-test',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_ISSUER_URL: issuer.issuer.url!,
    },
  });

  /** Walks the browser's part: our start → the issuer's authorize endpoint → back to our callback. */
  async function signInAs(claims: Record<string, unknown>) {
    claimsOfNextLogin = claims;
    const start = await app.inject({ method: 'GET', url: '/api/auth/google' });
    expect(start.statusCode).toBe(302);
    const authorizeUrl = new URL(String(start.headers.location));
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('state')).toBeTruthy();
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(
      'http://localhost:5000/api/auth/google/callback',
    );
    const pending = start.cookies.find((cookie) => cookie.name === 'fc_google')!;
    const authorize = await fetch(authorizeUrl, { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location')!);
    return app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: `fc_google=${encodeURIComponent(pending.value)}` },
    });
  }

  it('signs in the active user whose verified email matches', async () => {
    const user = await buildUser(database.db, { email: 'Maria.Lopez@example.com' });
    const response = await signInAs({ email: 'maria.lopez@example.com', email_verified: true });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/');
    const me = await app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: sessionCookieOf(response) },
    });
    expect(me.json().username).toBe(user.username);
  });

  it('creates no account for an unknown address', async () => {
    const response = await signInAs({ email: 'stranger@example.com', email_verified: true });
    expect(response.headers.location).toBe(errorRedirect(GOOGLE_MESSAGES.noAccount));
    expect(response.cookies.find((cookie) => cookie.name === 'fc_session')).toBeUndefined();
  });

  it('refuses an unverified address and a deactivated user', async () => {
    await buildUser(database.db, { email: 'unverified@example.com' });
    expect(
      (await signInAs({ email: 'unverified@example.com', email_verified: false })).headers.location,
    ).toBe(errorRedirect(GOOGLE_MESSAGES.unverified));
    await buildUser(database.db, { email: 'gone@example.com', active: false });
    expect((await signInAs({ email: 'gone@example.com', email_verified: true })).headers.location).toBe(
      errorRedirect(GOOGLE_MESSAGES.noAccount),
    );
  });

  it('tells the login page to offer it', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/options' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ googleSignIn: true });
  });

  it('refuses a callback without the pending state cookie (no login CSRF)', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/google/callback?code=abc&state=xyz' });
    expect(response.headers.location).toBe(errorRedirect(GOOGLE_MESSAGES.failed));
  });
});

describe('Google sign-in when not configured', async () => {
  const { app } = await createTestApp();

  it('tells the login page not to offer it', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/options' });
    expect(response.json()).toEqual({ googleSignIn: false });
  });

  it('returns to the login page saying so', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/google' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(errorRedirect(GOOGLE_MESSAGES.notConfigured));
  });
});
