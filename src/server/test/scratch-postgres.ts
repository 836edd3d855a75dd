import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user. */
const asPostgres = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];

function findBin(name: string): string {
  const candidates = [
    process.env.PG_BIN_DIR,
    ...(fs.existsSync('/usr/lib/postgresql')
      ? fs
          .readdirSync('/usr/lib/postgresql')
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => `/usr/lib/postgresql/${version}/bin`)
      : []),
  ].filter(Boolean) as string[];
  for (const dir of candidates) if (fs.existsSync(path.join(dir, name))) return path.join(dir, name);
  return name; // on the PATH
}

async function exec(bin: string, args: string[]) {
  const [command, ...rest] = [...asPostgres, findBin(bin), ...args];
  return run(command!, rest, { timeout: 120_000 });
}

/** A port nobody listens on now, from the system (never a fixed one another run may hold). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ScratchCluster {
  /** `postgres://postgres@127.0.0.1:PORT/postgres` */
  url: string;
  port: number;
  /** Stops the server (fast shutdown: open sessions are ended), waiting until it is down. */
  stop(): Promise<void>;
  /** Starts it again on the same port, waiting until it accepts connections. */
  start(): Promise<void>;
  /** Stops it (if running) and deletes its files. */
  destroy(): Promise<void>;
}

/**
 * A PostgreSQL cluster of its own (initdb in a temporary folder, on a free port), for tests that must stop and
 * start a database: never the shared one.
 */
export async function startScratchCluster(): Promise<ScratchCluster> {
  const dir = await scratchDir();
  const dataDir = path.join(dir, 'data');
  await exec('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  return runCluster(dir, dataDir);
}

/**
 * A streaming replica of a scratch cluster (pg_basebackup, then a hot standby on a free port of its own): it
 * follows every write of `primary` and answers read-only queries. initdb's access rules let the local
 * `postgres` user replicate.
 */
export async function startScratchReplica(primary: ScratchCluster): Promise<ScratchCluster> {
  const dir = await scratchDir();
  const dataDir = path.join(dir, 'data');
  const from = ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres'];
  await exec('pg_basebackup', ['-D', dataDir, ...from, '--write-recovery-conf', '--no-sync']);
  return runCluster(dir, dataDir);
}

async function scratchDir(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-scratch-pg-'));
  if (asPostgres.length) await run('chown', ['postgres', dir]);
  return dir;
}

async function runCluster(dir: string, dataDir: string): Promise<ScratchCluster> {
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const start = () =>
    exec('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']).then(() => {});
  const stop = () => exec('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']).then(() => {});
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    destroy: async () => {
      await exec('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
