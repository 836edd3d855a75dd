import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * CPU time spent by the measured server's processes and by PostgreSQL's, read from /proc (Linux). Divided by the
 * requests answered meanwhile, it is what a request costs each side: steadier than req/s on a small machine whose
 * speed varies between rounds, and it says which side a change saved (bench/run.ts prints both).
 */

const ticksPerSecond = (() => {
  const answer = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  return Number(answer.stdout.trim()) || 100;
})();

/** utime + stime of a process, in ms; 0 once it is gone. */
function cpuMsOf(pid: string | number): { comm: string; ms: number } {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return { comm: '', ms: 0 };
  }
  // The command name is in parentheses and may hold spaces: the fields after it are counted from its end.
  const close = stat.lastIndexOf(')');
  const comm = stat.slice(stat.indexOf('(') + 1, close);
  const fields = stat.slice(close + 2).split(' ');
  // Fields 14 and 15 of the whole line (utime, stime) are the 12th and 13th after the command name.
  return { comm, ms: ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond };
}

export interface CpuReading {
  server: number;
  /** Each PostgreSQL process's CPU ms, by pid. */
  postgres: Map<string, number>;
}

/** The CPU ms used so far by `pids` and by each process named postgres (the database's backends). */
export function readCpu(pids: number[]): CpuReading {
  const server = pids.reduce((sum, pid) => sum + cpuMsOf(pid).ms, 0);
  const postgres = new Map<string, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const { comm, ms } = cpuMsOf(entry);
    if (comm === 'postgres') postgres.set(entry, ms);
  }
  return { server, postgres };
}

/**
 * CPU ms per request on each side between two readings. PostgreSQL's counts the processes alive at the second
 * reading (a backend or autovacuum worker that ended meanwhile took its figure with it).
 */
export function cpuPerRequest(before: CpuReading, after: CpuReading, requests: number) {
  let postgres = 0;
  for (const [pid, ms] of after.postgres) postgres += ms - (before.postgres.get(pid) ?? 0);
  return {
    'server cpu ms/req': ((after.server - before.server) / Math.max(1, requests)).toFixed(2),
    'pg cpu ms/req': (postgres / Math.max(1, requests)).toFixed(2),
  };
}
