import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './scratch-postgres.js';

const run = promisify(execFile);
const PGBOUNCER_BIN = process.env.PGBOUNCER_BIN || '/usr/sbin/pgbouncer';

/** Debian's PgBouncer, installed when missing (`npm test` installs it before the tests run). */
export async function ensurePgBouncer(): Promise<string> {
  const script = path.resolve(import.meta.dirname, '../../../scripts/ensure-pgbouncer.mjs');
  await run(process.execPath, [script], { timeout: 300_000 });
  return PGBOUNCER_BIN;
}

const DEPLOYED_CONFIG = path.resolve(import.meta.dirname, '../../../deploy/pgbouncer.ini');

/** The `[pgbouncer]` section of deploy/pgbouncer.ini, the configuration an operator starts from. */
function deployedSettings(): Record<string, string> {
  const settings: Record<string, string> = {};
  let section = '';
  for (const line of fs.readFileSync(DEPLOYED_CONFIG, 'utf8').split('\n')) {
    const header = /^\s*\[(\w+)\]/.exec(line);
    const entry = /^\s*(\w+)\s*=\s*(.*?)\s*$/.exec(line);
    if (header) section = header[1]!;
    else if (entry && section === 'pgbouncer') settings[entry[1]!] = entry[2]!;
  }
  return settings;
}

export interface PgBouncer {
  /** The URL of `database` through PgBouncer. */
  url: string;
  /** Runs a command of PgBouncer's admin console (`SHOW POOLS`, …) and answers its rows. */
  admin(command: string): Promise<Record<string, unknown>[]>;
  stop(): Promise<void>;
}

/**
 * PgBouncer on a free port of its own, with a generated configuration serving one database of a PostgreSQL
 * server: deploy/pgbouncer.ini's settings, with its own port, folder and trust authentication (as the test
 * server has); `settings` overrides them.
 */
export async function startPgBouncer(
  serverUrl: string,
  settings: Record<string, string | number> = {},
): Promise<PgBouncer> {
  const bin = await ensurePgBouncer();
  const server = new URL(serverUrl);
  const database = server.pathname.slice(1);
  const user = decodeURIComponent(server.username) || 'postgres';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-pgbouncer-'));
  const port = await freePort();
  const { pidfile: _pidfile, ...recommended } = deployedSettings();
  const config = {
    ...recommended,
    listen_addr: '127.0.0.1',
    listen_port: port,
    unix_socket_dir: '',
    auth_type: 'trust',
    auth_file: path.join(dir, 'userlist.txt'),
    admin_users: user,
    logfile: path.join(dir, 'pgbouncer.log'),
    ...settings,
  };
  fs.writeFileSync(config.auth_file, `"${user}" ""\n`);
  const ini = [
    '[databases]',
    `${database} = host=${server.hostname} port=${server.port || 5432} dbname=${database}`,
    '[pgbouncer]',
    ...Object.entries(config).map(([key, value]) => `${key} = ${value}`),
  ].join('\n');
  fs.writeFileSync(path.join(dir, 'pgbouncer.ini'), `${ini}\n`);
  // PgBouncer refuses to run as root: it switches to the postgres user, who must read its folder.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await run('chown', ['-R', 'postgres', dir]);
  const child: ChildProcess = spawn(
    bin,
    [...(asRoot ? ['-u', 'postgres'] : []), path.join(dir, 'pgbouncer.ini')],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/${database}`;
  const admin = async (command: string) => {
    const client = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, '/pgbouncer') });
    await client.connect();
    try {
      return (await client.query(command)).rows as Record<string, unknown>[];
    } finally {
      await client.end();
    }
  };
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // Up when its admin console answers (it listens a moment after it starts).
  for (let attempt = 0; ; attempt++) {
    try {
      await admin('SHOW VERSION');
      break;
    } catch (error) {
      if (child.exitCode !== null || attempt >= 100) {
        const log = fs.existsSync(config.logfile) ? fs.readFileSync(config.logfile, 'utf8') : '';
        await stop();
        throw new Error(`PgBouncer did not start: ${(error as Error).message}\n${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { url, admin, stop };
}
