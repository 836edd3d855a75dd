import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
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
import { haproxyConfigFor, startHaproxy, stopProcess } from '../src/server/test/cluster.js';

export type BenchDatabase = 'pglite' | 'postgres';

/** The bench server's first admin starts with this password (and must change it before other calls). */
export const BENCH_ADMIN_PASSWORD = 'Bench-admin-Passw0rd';

/** One key for every server of a run (the processes behind HAProxy share what they seal). */
const BENCH_SECRETS_KEY = randomBytes(32).toString('hex');

/** This checkout: its `dist/server/main.js` is the build measured unless `--compare` adds another. */
export const THIS_BUILD = path.resolve(import.meta.dirname, '..');

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

/** A database made (and seeded) once per bench run, that every build measured starts from. */
export interface BenchData {
  kind: BenchDatabase;
  /** PostgreSQL: the database every build's server uses. */
  databaseUrl: string;
  /** PGlite: the seeded DATA_DIR, copied for each server (one process owns a PGlite directory). */
  dataDir: string;
  drop(): Promise<void>;
}

/**
 * A fresh database of the given kind, first filled by `seed:demo` with `seedClaims` claims when asked; or an
 * existing, already seeded PostgreSQL database or PGlite DATA_DIR (kept afterwards: each server gets a copy of the
 * directory), so that repeated runs skip the seeding.
 */
export async function prepareBenchData(
  kind: BenchDatabase,
  seedClaims = 0,
  existingDatabaseUrl?: string,
  existingDataDir?: string,
): Promise<BenchData> {
  if (existingDataDir) {
    return { kind: 'pglite', databaseUrl: '', dataDir: existingDataDir, drop: async () => {} };
  }
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
      ['--import', 'tsx', path.join(THIS_BUILD, 'scripts/seed-demo.ts'), '--claims', String(seedClaims)],
      {
        cwd: THIS_BUILD,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    if (seeded.status !== 0) throw new Error('seed:demo failed');
    console.log(
      `seeded ${seedClaims} claims into ${kind} in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  }
  return {
    kind,
    databaseUrl,
    dataDir,
    drop: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (databaseName) await dropDatabase(databaseName);
    },
  };
}

export interface BenchServer {
  url: string;
  /** Its processes, whose CPU time the bench reads (bench/cpu.ts). */
  pids: number[];
  stop(): Promise<void>;
}

/**
 * BENCH_CPU_PROF_DIR=dir: each server (the bare one too) writes a V8 CPU profile there when it stops (open it in
 * Chrome's DevTools).
 */
const profileFlags = () =>
  process.env.BENCH_CPU_PROF_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF_DIR)}`]
    : [];

/** Starts the server built in `root` (its dist/server/main.js) on the bench data. */
export async function startBenchServer(data: BenchData, root = THIS_BUILD): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetclaims-bench-server-'));
  if (data.kind === 'pglite') fs.cpSync(data.dataDir, dataDir, { recursive: true });
  const child: ChildProcess = spawn(
    process.execPath,
    [...profileFlags(), path.join(root, 'dist/server/main.js')],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: data.databaseUrl,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        INITIAL_ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
        // The webhook scenario's receiver runs on this machine, over http.
        SECRETS_KEY: BENCH_SECRETS_KEY,
        INTEGRATION_ALLOW_HTTP: 'true',
        INTEGRATION_ALLOW_PRIVATE_NETWORKS: '127.0.0.0/8',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  return serverOf(child, `http://127.0.0.1:${port}`, () =>
    fs.rmSync(dataDir, { recursive: true, force: true }),
  );
}

/** The server `child` runs at `url`, once its `/api/ready` answers; stopping it ends the process, then cleans up. */
async function serverOf(child: ChildProcess, url: string, cleanUp = () => {}): Promise<BenchServer> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    const ready = await fetch(`${url}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('the server did not become ready within 120 s');
    await sleep(200);
  }
  return {
    url,
    pids: [child.pid!],
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      cleanUp();
    },
  };
}

/** The bare Fastify + node-postgres server (bench/bare-server.ts) on the bench's PostgreSQL database. */
export async function startBareServer(data: BenchData): Promise<BenchServer> {
  if (data.kind !== 'postgres') throw new Error('the bare server runs on PostgreSQL (--db postgres)');
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...profileFlags(), '--import', 'tsx', path.join(THIS_BUILD, 'bench/bare-server.ts')],
    {
      cwd: THIS_BUILD,
      env: { ...process.env, PORT: String(port), DATABASE_URL: data.databaseUrl, NODE_ENV: 'production' },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  return serverOf(child, `http://127.0.0.1:${port}`);
}

/**
 * `processes` servers of the build in `root` on the bench's PostgreSQL database, behind Debian's HAProxy with the
 * committed deploy/haproxy.cfg (installed when missing), as `npm run start:cluster` and the README run them.
 */
export async function startBalancedServers(
  data: BenchData,
  processes: number,
  root = THIS_BUILD,
): Promise<BenchServer> {
  if (data.kind !== 'postgres') throw new Error('several processes need PostgreSQL (--db postgres)');
  const servers: BenchServer[] = [];
  const configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetclaims-bench-haproxy-'));
  const stopServers = async () => {
    for (const server of servers) await server.stop();
    fs.rmSync(configDir, { recursive: true, force: true });
  };
  try {
    // One after another: the first migrates the database.
    for (let index = 0; index < processes; index++) servers.push(await startBenchServer(data, root));
    const port = await freePort();
    const appPorts = servers.map((server) => Number(new URL(server.url).port));
    const haproxy = await startHaproxy(
      haproxyConfigFor(port, appPorts),
      path.join(configDir, 'haproxy.cfg'),
      `http://127.0.0.1:${port}/api/ready`,
    );
    return {
      url: `http://127.0.0.1:${port}`,
      pids: servers.flatMap((server) => server.pids),
      stop: async () => {
        await stopProcess(haproxy);
        await stopServers();
      },
    };
  } catch (error) {
    await stopServers();
    throw error;
  }
}
