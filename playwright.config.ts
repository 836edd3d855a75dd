import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import type { E2EOptions } from './e2e/fixtures';
import { E2E_PORT, E2E_SMTP_PORT, INITIAL_ADMIN_PASSWORD } from './e2e/support/env';

/**
 * Two workers, each with a server and a database of its own (issue 29): the spec files are dealt in turn to two
 * projects, each project has its own server (port, PGlite directory, SMTP port) and runs one file at a time, so no
 * two tests ever share a server. The two projects run side by side.
 */
const SERVERS = 2;
const specs = fs
  .readdirSync(path.join(import.meta.dirname, 'e2e'))
  .filter((name) => name.endsWith('.spec.ts'))
  .sort();
const servers = Array.from({ length: SERVERS }, (_, index) => ({
  index,
  port: E2E_PORT + index,
  smtpPort: E2E_SMTP_PORT + index,
  dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'fleetclaims-e2e-')),
}));
// Lets /tekmetric-admin store a client secret (e2e/tekmetric.spec.ts).
const secretsKey = randomBytes(32).toString('hex');

/** End-to-end tests drive the production build (npm test builds it first) in Debian's Chromium. */
export default defineConfig<E2EOptions>({
  testDir: 'e2e',
  fullyParallel: false,
  workers: SERVERS,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: servers.map(({ index, port, smtpPort }) => ({
    name: `server-${index + 1}`,
    // One file at a time on this project's server.
    workers: 1,
    testMatch: specs.filter((_, i) => i % SERVERS === index),
    use: { baseURL: `http://localhost:${port}`, smtpPort },
  })),
  webServer: servers.map(({ port, smtpPort, dataDir }) => ({
    command: 'node dist/server/main.js',
    url: `http://localhost:${port}/api/ready`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      APP_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      INITIAL_ADMIN_PASSWORD,
      // Lets /tekmetric-admin store a client secret (e2e/tekmetric.spec.ts).
      SECRETS_KEY: secretsKey,
      // The fake Tekmetric of e2e/tekmetric.spec.ts is on http://127.0.0.1: the operator's allowance for it.
      INTEGRATION_ALLOW_HTTP: 'true',
      INTEGRATION_ALLOW_PRIVATE_NETWORKS: '127.0.0.0/8',
      // The tests' own SMTP server (e2e/support/mailbox.ts, the `mailbox` fixture) receives what the app sends.
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    },
  })),
});
