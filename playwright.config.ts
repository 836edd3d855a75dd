import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_APP_URL, E2E_PORT, E2E_SMTP_PORT, INITIAL_ADMIN_PASSWORD } from './e2e/support/env';

const port = E2E_PORT;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetclaims-e2e-'));

/** End-to-end tests drive the production build (npm test builds it first) in Debian's Chromium. */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${port}`,
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
  webServer: {
    command: 'node dist/server/main.js',
    url: `http://localhost:${port}/api/ready`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      APP_URL: E2E_APP_URL,
      LOG_LEVEL: 'warn',
      INITIAL_ADMIN_PASSWORD,
      // Lets /tekmetric-admin store a client secret (e2e/tekmetric.spec.ts).
      SECRETS_KEY: randomBytes(32).toString('hex'),
      // The fake Tekmetric of e2e/tekmetric.spec.ts is on http://127.0.0.1: the operator's allowance for it.
      INTEGRATION_ALLOW_HTTP: 'true',
      INTEGRATION_ALLOW_PRIVATE_NETWORKS: '127.0.0.0/8',
      // The tests' own SMTP server (e2e/support/mailbox.ts) receives what the app sends.
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
    },
  },
});
