// `npm run start:cluster`: N app processes on one PostgreSQL database, one port each (PORT, PORT+1, …), for a
// load balancer in front (deploy/haproxy.cfg). N is CLUSTER_PROCESSES, by default one per core. Builds first when
// the build is stale (as `npm start`), restarts a process that dies, and passes SIGTERM/SIGINT on to every
// process, which each drain (decision 003; SHUTDOWN_DRAIN_MS defaults to 5 s here) before the script exits.
// See docs/scaling.md.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const envFile = fs.existsSync(path.join(root, '.env')) ? ['--env-file=.env'] : [];
if (envFile.length) process.loadEnvFile?.(path.join(root, '.env'));

if (!process.env.DATABASE_URL) {
  console.error(
    'start:cluster needs DATABASE_URL: several processes share one PostgreSQL database (the embedded database belongs to one process).',
  );
  process.exit(1);
}
const count = Number(process.env.CLUSTER_PROCESSES ?? os.availableParallelism());
const basePort = Number(process.env.PORT ?? 5000);
if (!Number.isInteger(count) || count < 1) {
  console.error(
    `CLUSTER_PROCESSES must be a whole number of at least 1 (got ${process.env.CLUSTER_PROCESSES})`,
  );
  process.exit(1);
}

// Build once, before any process starts (npm start would otherwise race N builds).
execFileSync(process.execPath, [path.join(root, 'scripts/start.mjs'), '--build-only'], {
  cwd: root,
  stdio: 'inherit',
});

let stopping = false;
const children = new Map();

function startProcess(index) {
  const port = basePort + index;
  const child = spawn(
    process.execPath,
    [...envFile, '--enable-source-maps', path.join(root, 'dist/server/main.js')],
    {
      cwd: root,
      stdio: 'inherit',
      // Behind the load balancer a stopping process first answers not ready while it still serves, for longer
      // than deploy/haproxy.cfg's health-check interval (2 s), so no request reaches it once it closes.
      env: { SHUTDOWN_DRAIN_MS: '5000', ...process.env, PORT: String(port) },
    },
  );
  const startedAt = Date.now();
  children.set(index, child);
  child.on('exit', (code, signal) => {
    children.delete(index);
    if (stopping) {
      if (children.size === 0) process.exit(0);
      return;
    }
    // A process that died is started again; one that dies at once waits a little longer each time.
    const delay = Date.now() - startedAt < 10_000 ? 5_000 : 500;
    console.error(`app process on port ${port} exited (${signal ?? code}); starting it again in ${delay} ms`);
    // Not once a stop has begun meanwhile: that process would get no signal and keep the script alive.
    setTimeout(() => stopping || startProcess(index), delay);
  });
}

for (let index = 0; index < count; index++) startProcess(index);
console.log(`FleetClaims: ${count} processes on ports ${basePort}–${basePort + count - 1}`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    if (children.size === 0) process.exit(0);
    for (const child of children.values()) child.kill(signal);
  });
}
