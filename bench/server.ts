import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  createDatabase,
  dropDatabase,
  testDatabaseUrl,
  uniqueDatabaseName,
  withDatabaseName,
} from '../src/server/test/database.js';

export type BenchDatabase = 'pglite' | 'postgres';

/** The bench server's first admin starts with this password (and must change it before other calls). */
export const BENCH_ADMIN_PASSWORD = 'Bench-admin-Passw0rd';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface BenchServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the built server (dist/server/main.js) on a fresh database of the given kind, first filled by
 * `seed:demo` with `seedClaims` claims when asked; or on an existing, already seeded PostgreSQL database
 * (kept afterwards), so that repeated runs skip the seeding.
 */
export async function startBenchServer(
  kind: BenchDatabase,
  seedClaims = 0,
  existingDatabaseUrl?: string,
): Promise<BenchServer> {
  const root = path.resolve(import.meta.dirname, '..');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetclaims-bench-'));
  let databaseName: string | undefined;
  let databaseUrl = existingDatabaseUrl ?? '';
  if (kind === 'postgres' && !existingDatabaseUrl) {
    databaseName = uniqueDatabaseName('fc_bench');
    await createDatabase(databaseName);
    databaseUrl = withDatabaseName(testDatabaseUrl(), databaseName);
  }
  if (seedClaims > 0 && !existingDatabaseUrl) {
    const started = performance.now();
    const seeded = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'scripts/seed-demo.ts'), '--claims', String(seedClaims)],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    if (seeded.status !== 0) throw new Error('seed:demo failed');
    console.log(
      `seeded ${seedClaims} claims into ${kind} in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  }
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      INITIAL_ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    const ready = await fetch(`${url}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('the server did not become ready within 60 s');
    await sleep(200);
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (databaseName) await dropDatabase(databaseName);
    },
  };
}
