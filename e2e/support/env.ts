/** Settings shared by playwright.config.ts (the server it starts) and the tests. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 5199);
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2599);
export const E2E_APP_URL = `http://localhost:${E2E_PORT}`;
export const INITIAL_ADMIN_PASSWORD = 'E2e-admin-Passw0rd';
/** The admin's password after the forced first change, which the `admin` fixture performs once. */
export const ADMIN_PASSWORD = 'E2e-admin-Changed-1';
