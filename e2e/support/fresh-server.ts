import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { freePort } from '../../src/server/test/scratch-postgres';

/** A data directory of its own for a fresh server, removed when the server stops. */
export const freshDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'fleetclaims-e2e-fresh-'));

/**
 * A second server of the built app on an empty data directory (or `dataDir`, which it removes when it stops),
 * for flows that need a first start (the first administrator) or data of their own. No SMTP_URL: its mail stays
 * in the outbox. Answers its URL and everything it logged.
 */
export async function startFreshServer({
  port,
  dataDir = freshDataDir(),
}: { port?: number; dataDir?: string } = {}) {
  port ??= await freePort();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      SMTP_URL: '',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      INITIAL_ADMIN_PASSWORD: '',
      LOG_LEVEL: 'warn',
      APP_URL: `http://localhost:${port}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (log += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (log += chunk));
  const url = `http://localhost:${port}`;
  // Migrating a new database takes a while on a busy machine.
  const deadline = Date.now() + 120_000;
  while (
    !(await fetch(`${url}/api/ready`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`fresh server did not start:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    log: () => log,
    /**
     * Stops the server. A page still showing its app is sent away first: its polling would otherwise meet the
     * closing server (a 503 while it drains, then refused connections) and report console errors.
     */
    async stop(page?: Page) {
      if (page && !page.isClosed()) await page.goto('about:blank');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
