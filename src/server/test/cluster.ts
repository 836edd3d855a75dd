import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');

/** A child process whose output (stdout and stderr, line by line) is kept, so a test waits for what it says. */
export interface WatchedProcess {
  child: ChildProcess;
  lines: string[];
  /** Resolves with the first answer of `find` for a line at or after `from` (default: the first line). */
  waitFor<T>(
    find: (line: string) => T | undefined | false,
    what: string,
    options?: { from?: number; timeoutMs?: number },
  ): Promise<T>;
  exited: Promise<number | null>;
}

export function watchProcess(command: string, args: string[], env: NodeJS.ProcessEnv): WatchedProcess {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const listeners = new Set<() => void>();
  for (const stream of [child.stdout, child.stderr]) {
    let partial = '';
    stream.setEncoding('utf8').on('data', (chunk: string) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop()!;
      lines.push(...parts);
      for (const listener of listeners) listener();
    });
  }
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    lines,
    exited,
    waitFor(find, what, { from = 0, timeoutMs = 60_000 } = {}) {
      return new Promise((resolve, reject) => {
        let next = from;
        const check = () => {
          for (; next < lines.length; next++) {
            const found = find(lines[next]!);
            if (found !== undefined && found !== false) {
              done();
              resolve(found);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`timed out waiting for ${what}; output:\n${lines.slice(-40).join('\n')}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
  };
}

/** Stops a watched process with a signal and waits for it to exit. */
export async function stopProcess(watched: WatchedProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (watched.child.exitCode === null && watched.child.signalCode === null) watched.child.kill(signal);
  return watched.exited;
}

/** A line of the app's JSON log (pino), or undefined for any other line. */
export function logEntry(line: string): { pid: number; msg: string; [field: string]: unknown } | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

/**
 * `npm run start:cluster` with `processes` app processes on ports `basePort`, `basePort + 1`, …; answers once
 * every process has said it is ready, with each process's id by port.
 */
export async function startCluster(options: {
  basePort: number;
  processes: number;
  env: Record<string, string>;
}): Promise<{ cluster: WatchedProcess; pidOfPort: Map<number, number> }> {
  const cluster = watchProcess(process.execPath, [path.join(root, 'scripts/start-cluster.mjs')], {
    ...process.env,
    ...options.env,
    PORT: String(options.basePort),
    CLUSTER_PROCESSES: String(options.processes),
    LOG_FORMAT: 'json',
  });
  const pidOfPort = new Map<number, number>();
  // The first start may build the app (when the build is older than the sources).
  await cluster.waitFor(
    (line) => {
      const entry = logEntry(line);
      const port = /FleetClaims is ready at http:\/\/\S+:(\d+)/.exec(entry?.msg ?? '')?.[1];
      if (port) pidOfPort.set(Number(port), entry!.pid);
      return pidOfPort.size === options.processes;
    },
    `${options.processes} app processes to be ready`,
    { timeoutMs: 180_000 },
  );
  return { cluster, pidOfPort };
}

/**
 * The committed `deploy/haproxy.cfg` with the test's ports: the frontend on `frontendPort`, one server per app
 * port. Throws when the file no longer has the lines replaced, so the test cannot drift from the real config.
 */
export function haproxyConfigFor(frontendPort: number, appPorts: number[]): string {
  const source = fs.readFileSync(path.join(root, 'deploy/haproxy.cfg'), 'utf8');
  const bind = /^(\s*)bind :\d+$/m;
  const servers =
    /^(\s*)server app\d+ 127\.0\.0\.1:\d+ check\n(?:\s*server app\d+ 127\.0\.0\.1:\d+ check\n)*/m;
  if (!bind.test(source) || !servers.test(source))
    throw new Error(
      'deploy/haproxy.cfg no longer has a "bind :PORT" line and "server appN" lines to replace',
    );
  return source
    .replace(bind, `$1bind 127.0.0.1:${frontendPort}`)
    .replace(servers, (_, indent: string) =>
      appPorts.map((port, index) => `${indent}server app${index + 1} 127.0.0.1:${port} check\n`).join(''),
    );
}

/**
 * Debian's HAProxy (installed when missing) in the foreground with `config`, once `readyUrl` answers 200
 * through it.
 */
export async function startHaproxy(config: string, configFile: string, readyUrl: string) {
  execFileSync(process.execPath, [path.join(root, 'scripts/ensure-haproxy.mjs')], { stdio: 'inherit' });
  fs.writeFileSync(configFile, config);
  const program = process.env.HAPROXY_PATH || '/usr/sbin/haproxy';
  execFileSync(program, ['-c', '-q', '-f', configFile]);
  const haproxy = watchProcess(program, ['-db', '-f', configFile], process.env);
  const deadline = Date.now() + 30_000;
  // Until it listens, a request is refused: each try is one request, answered at once.
  while (
    (await fetch(readyUrl).then(
      (response) => response.status,
      () => 0,
    )) !== 200
  ) {
    if (Date.now() > deadline || haproxy.child.exitCode !== null)
      throw new Error(`HAProxy did not answer ${readyUrl}:\n${haproxy.lines.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return haproxy;
}
