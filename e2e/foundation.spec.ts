import { expect, test } from './fixtures';

test('a visitor who is not logged in is sent to the login page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect(page.getByLabel('Password')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});

test('the login page shows every element the spec lists', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
  // This server has no Google sign-in configured, so its button is not offered (shown when configured:
  // src/web/app/pages/login-page.test.tsx).
  await expect(page.getByRole('link', { name: 'Contact Us for a Demo' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Contact Us for a Demo' })).toHaveAttribute('href', '/support');
  await expect(page.getByText(/new accounts can only be created by administrators/i)).toBeVisible();
  await expect(page.getByRole('link', { name: /privacy policy/i })).toHaveAttribute(
    'href',
    '/privacy-policy',
  );
  await expect(page.getByRole('link', { name: /terms/i })).toHaveAttribute('href', '/terms');
  await expect(page.getByRole('link', { name: /^support$/i })).toHaveAttribute('href', '/support');
});

test('the login form validates before sending', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Username is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
});

test('an unknown path shows the not-found page', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible();
});

test('hashed assets are cached for a year and the page itself is revalidated', async ({ page }) => {
  const assetCaching: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/assets/')) {
      assetCaching.push(response.headers()['cache-control'] ?? '');
    }
  });
  const response = await page.goto('/auth');
  expect(response?.headers()['cache-control']).toBe('no-cache');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByLabel('Username')).toBeVisible();
  expect(assetCaching.length).toBeGreaterThan(0);
  expect(new Set(assetCaching)).toEqual(new Set(['public, max-age=31536000, immutable']));
});

test('the API documentation renders under its own strict CSP', async ({ page }) => {
  await page.goto('/api/docs');
  // Swagger UI parses and draws the whole document (every operation) before its heading shows: on a busy
  // two-core machine that took longer than the default five seconds.
  await expect(page.getByRole('heading', { name: /FleetClaims API/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('/api/login').first()).toBeVisible();
});
