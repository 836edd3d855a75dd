/** Settings shared by playwright.config.ts (the server it starts) and the tests. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 5199);
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2599);
/** The server (and the SMTP port it mails to) of the Playwright worker with this `parallelIndex`. */
export const serverOf = (parallelIndex: number) => ({
  port: E2E_PORT + parallelIndex,
  smtpPort: E2E_SMTP_PORT + parallelIndex,
  baseURL: `http://localhost:${E2E_PORT + parallelIndex}`,
});
export const INITIAL_ADMIN_PASSWORD = 'E2e-admin-Passw0rd';
/** The admin's password after the forced first change, which the `admin` fixture performs once. */
export const ADMIN_PASSWORD = 'E2e-admin-Changed-1';
