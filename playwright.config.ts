import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { INITIAL_ADMIN_PASSWORD, serverOf } from './e2e/support/env';
import { CHROMIUM_PATH } from './scripts/chromium-path.mjs';

/**
 * Two workers, each with a server and a database of its own (issue 29): worker N (its `parallelIndex`) talks to the
 * server on E2E_PORT + N and that server mails to E2E_SMTP_PORT + N (e2e/support/env.ts, `serverOf`), so no two
 * tests ever share a server. Playwright hands each free worker the next spec file, so a long file on one server does
 * not leave the other idle (the earlier split dealt the files in turn to two projects, up to 1.5 min apart).
 */
const SERVERS = 2;
const servers = Array.from({ length: SERVERS }, (_, index) => ({
  ...serverOf(index),
  dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'fleetclaims-e2e-')),
}));
// Lets /tekmetric-admin store a client secret (e2e/tekmetric.spec.ts).
const secretsKey = randomBytes(32).toString('hex');

/** End-to-end tests drive the production build (npm test builds it first) in Debian's Chromium. */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: SERVERS,
  forbidOnly: !!process.env.CI,
  // A test that fails runs once more, recording its trace (below), and the run fails all the same: a test that passes
  // only on its second attempt is flaky, and failOnFlakyTests makes the run fail on it.
  retries: 1,
  failOnFlakyTests: true,
  reporter: [['list']],
  // A test's whole budget and each expectation's wait. On the 2-core machine with both servers and both Chromiums busy
  // (load average 10, 60 % of the CPU in the kernel, measured 2026-11-28), a signed-in screen took 6-7 s from login
  // to its heading, past the 5 s default; the tests wait for what the user sees, only longer.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    // The second attempt of a failed test records its trace (each action's DOM, network and console), without the
    // screencast: recording frames made the GPU process the busiest on the machine (three specs on two workers,
    // 2026-11-29: full trace 112 s, DOM only 63 s, none 60 s). Recording every first attempt cost 13 % of the time
    // (three specs on the headless shell, two runs each: 64 s and 62 s -> 55 s and 55 s; CPU 87 and 81 -> 69 and 70 s).
    trace: { mode: 'on-first-retry', screenshots: false, snapshots: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's headless shell (scripts/chromium-path.mjs): the browser processes' work without a window layer.
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // Software compositing and raster in the renderer, not SwiftShader's emulated GPU in a process of its own:
        // the same three specs 82 s -> 63 s (the pixels of a screenshot are the same kind: no test reads WebGL).
        '--disable-gpu-compositing',
        '--disable-gpu-rasterization',
        '--disable-software-rasterizer',
      ],
    },
  },
  webServer: servers.map(({ port, smtpPort, dataDir }) => ({
    // The built app on a PostgreSQL database of its own, dropped when the run ends: PGlite in the server took as much
    // CPU as both Chromiums (the same three specs 80 s -> 60 s). The embedded database keeps its own end-to-end
    // runs: the fresh servers of first-day, accounts and demo-data (e2e/support/fresh-server.ts).
    command: 'node --import tsx e2e/support/postgres-server.ts',
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
    url: `http://localhost:${port}/api/ready`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
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
