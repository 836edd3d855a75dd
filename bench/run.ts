/**
 * `npm run bench [-- --db pglite|postgres|both] [--claims N] [--scenario NAME] [--duration S] [--connections N]
 * [--database-url URL | --data-dir DIR] [--compare REF|none] [--rounds N] [--processes N] [--warmup S] [--bare]`
 * Starts the built server on a fresh database (or, with --database-url, on a PostgreSQL database already seeded by
 * `seed:demo`; with --data-dir, on a copy of a PGlite DATA_DIR seeded by `seed:demo`) and prints req/s and latency
 * percentiles per scenario. The build of the last release (bench/builds.ts: the last version bump) runs each list
 * scenario too, alternated with this build in the same run, and its figures are printed beside this build's; with
 * --compare REF, the build of that git ref runs every scenario instead (`--compare none`: no other build). With
 * --processes N (PostgreSQL), N processes of this build behind HAProxy (deploy/haproxy.cfg) run each scenario too,
 * beside the one process; then what one box serves (bench/capacity.ts). Each scenario first runs --warmup seconds
 * (default 2) of the same load unrecorded, so that the figures are the steady state's, not a cold start's. With
 * --bare (PostgreSQL), a bare Fastify + node-postgres server running the app's SQL (bench/bare-server.ts) runs the
 * scenarios marked `bare` too, and each prints this build's req/s as a share of the bare server's (issue 30).
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { cpuPerRequest, readCpu } from './cpu.js';
import { BenchClient } from './api.js';
import { buildOfRef, lastRelease, thisBuild, type Build } from './builds.js';
import { printBoxCapacity } from './capacity.js';
import { scenarios, type Scenario } from './scenarios.js';
import {
  prepareBenchData,
  startBalancedServers,
  startBareServer,
  startBenchServer,
  type BenchData,
  type BenchDatabase,
  type BenchServer,
} from './server.js';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    scenario: { type: 'string', multiple: true },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    claims: { type: 'string', default: '0' },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
    compare: { type: 'string' },
    rounds: { type: 'string' },
    processes: { type: 'string', default: '1' },
    warmup: { type: 'string', default: '2' },
    bare: { type: 'boolean', default: false },
  },
});

const existingDatabaseUrl = values['database-url'];
const existingDataDir = values['data-dir'];
const databases: BenchDatabase[] = existingDatabaseUrl
  ? ['postgres']
  : existingDataDir
    ? ['pglite']
    : values.db === 'both'
      ? ['pglite', 'postgres']
      : [values.db as BenchDatabase];
// An existing database is assumed seeded: its claim scenarios run.
const seedClaims =
  existingDatabaseUrl || existingDataDir ? Math.max(1, Number(values.claims)) : Number(values.claims);
const chosen = (
  values.scenario?.length ? scenarios.filter((s) => values.scenario!.includes(s.name)) : scenarios
).filter((s) => seedClaims > 0 || !s.needsClaims);
if (seedClaims === 0 && chosen.length < scenarios.length && !values.scenario?.length) {
  console.log(
    'Claim scenarios need a seeded database: add -- --claims 100000 (seeding takes about a minute).',
  );
}
BenchClient.seeded = seedClaims > 0;
if (chosen.length === 0) throw new Error(`no scenario named ${values.scenario?.join(', ')}`);

/** Fewer responses than this make no p95 worth printing without a warning. */
const FEW_RESPONSES = 40;

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Runs `scenario` against the server at `url`, its data set up through `setupUrl` (the app's, for the bare server). */
async function runScenario(server: BenchServer, scenario: Scenario, setupUrl = server.url) {
  const url = server.url;
  const options = (await scenario.setup?.(setupUrl)) ?? {};
  // A scenario set up through the app's address asks the same address of the server measured.
  if (typeof options.url === 'string' && setupUrl !== url)
    options.url = url + options.url.slice(setupUrl.length);
  const expected = scenario.expectStatus ?? [200];
  // A wrong path answers the web app's HTML with 200: make sure the scenario really calls the API.
  if (!options.requests) {
    const target = (options.url as string | undefined) ?? `${url}${scenario.path ?? ''}`;
    const probe = await fetch(target, { headers: options.headers as Record<string, string> | undefined });
    if (!probe.headers.get('content-type')?.includes('application/json')) {
      throw new Error(
        `${scenario.name}: ${target} answered ${probe.status} ${probe.headers.get('content-type')}, not JSON`,
      );
    }
  }
  const stopAlongside = await scenario.alongside?.(url);
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  // The first seconds of a cold server (pages read from disk, code not yet optimised, the first counts of a
  // filter, every connection's first request) run on the same connections but are not recorded.
  const warmupMs = Number(values.warmup) * 1000;
  const durationS = Number(values.duration);
  let instance!: autocannon.Instance;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: `${url}${scenario.path ?? ''}`,
        connections: Number(values.connections),
        duration: warmupMs / 1000 + durationS,
        ...options,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  const recordingFrom = performance.now() + warmupMs;
  let cpuFrom = readCpu(server.pids);
  const readingCpu = setTimeout(() => (cpuFrom = readCpu(server.pids)), warmupMs);
  let errors = 0;
  // Each connection's first answer, warm-up or not: connections opened at once on a busy server wait their turn to
  // be accepted (decision 032).
  const answered = new Set<unknown>();
  let slowestFirstAnswer = 0;
  instance.on('response', (client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (!answered.has(client)) {
      answered.add(client);
      slowestFirstAnswer = Math.max(slowestFirstAnswer, responseTime);
    }
    // A response counts when its request was sent after the warm-up.
    if (performance.now() - responseTime < recordingFrom) return;
    latencies.push(responseTime);
    statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
  });
  // Failed requests (timeouts included) after the warm-up.
  instance.on('reqError', () => {
    if (performance.now() >= recordingFrom) errors++;
  });
  await done;
  clearTimeout(readingCpu);
  const cpuTo = readCpu(server.pids);
  if (stopAlongside) console.log(`  ${scenario.name}: meanwhile ${await stopAlongside()}`);
  // autocannon stops on its next one-second tick: divide by the time really recorded.
  const recordedSeconds = (performance.now() - recordingFrom) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  if (latencies.length < FEW_RESPONSES) {
    // A request slower than the recorded time is never answered within it (0 responses, p95 NaN).
    console.log(
      `  ${scenario.name}: only ${latencies.length} responses recorded, too few for a p95: run it longer ` +
        `(--duration 60 --warmup 10, for example)`,
    );
  }
  const unexpected = [...statuses]
    .filter(([status]) => !expected.includes(status))
    .reduce((sum, [, n]) => sum + n, 0);
  return {
    scenario: scenario.name,
    'req/s': Math.round(latencies.length / recordedSeconds),
    'p50 ms': percentile(sorted, 50).toFixed(1),
    'p95 ms': percentile(sorted, 95).toFixed(1),
    'p99 ms': percentile(sorted, 99).toFixed(1),
    'slowest 1st ms': slowestFirstAnswer.toFixed(0),
    requests: latencies.length,
    statuses: [...statuses].map(([status, n]) => `${status}×${n}`).join(' '),
    errors: errors + unexpected,
    ...cpuPerRequest(cpuFrom, cpuTo, latencies.length),
  };
}

/** What a scenario runs against: one build's server, or several processes of this build behind HAProxy. */
interface Target {
  label: string;
  start(data: BenchData): Promise<BenchServer>;
  /** Whether it runs this scenario (the last release runs only the list scenarios). */
  runs(scenario: Scenario): boolean;
}
const current = thisBuild();
const processes = Number(values.processes);
const release = values.compare === undefined ? lastRelease() : undefined;
const compared: { build: Build; runs: Target['runs'] } | undefined =
  values.compare === 'none'
    ? undefined
    : values.compare !== undefined
      ? { build: buildOfRef(values.compare), runs: () => true }
      : release && chosen.some((scenario) => scenario.list)
        ? { build: buildOfRef(release.commit, release.name), runs: (scenario) => scenario.list === true }
        : undefined;
const buildTarget = (build: Build, runs: Target['runs']): Target => ({
  label: build.label,
  start: (data) => startBenchServer(data, build.root),
  runs,
});
const currentTarget = buildTarget(current, () => true);
const targets: Target[] = [...(compared ? [buildTarget(compared.build, compared.runs)] : []), currentTarget];
const bare: Target = { label: 'bare', start: startBareServer, runs: (scenario) => scenario.bare === true };
if (values.bare) targets.unshift(bare);
if (processes > 1) {
  targets.push({
    label: `${current.label} ×${processes} + HAProxy`,
    start: (data) => startBalancedServers(data, processes),
    runs: () => true,
  });
}
/** Rounds of a scenario: two alternated when another build runs it too, else one (unless --rounds says). */
const roundsOf = (running: Target[]) => Number(values.rounds ?? (running.length > 1 ? 2 : 1));
const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ');
type Row = Awaited<ReturnType<typeof runScenario>>;
const figures = (rows: Row[]) =>
  rows
    .map(
      (row) =>
        `${row['req/s']} req/s p95 ${row['p95 ms']} cpu ${row['server cpu ms/req']}+${row['pg cpu ms/req']}` +
        (row.errors ? ` (${row.errors} errors)` : ''),
    )
    .join(', ');

/** This build's req/s over the bare server's, round by round (each pair ran one after the other). */
function shareOfBare(byTarget: Row[][], rounds: number): string {
  const app = byTarget[targets.indexOf(currentTarget)]!.slice(-rounds);
  const bareRows = byTarget[targets.indexOf(bare)]!.slice(-rounds);
  const shares = app.map((row, round) => (row['req/s'] / bareRows[round]!['req/s']).toFixed(2));
  // Over every round together: one slow round of either side weighs as much as its requests.
  const sum = (rows: Row[]) => rows.reduce((total, row) => total + row['req/s'], 0);
  return `  |  app / bare: ${shares.join(', ')} (all rounds: ${(sum(app) / sum(bareRows)).toFixed(2)})`;
}

for (const database of databases) {
  const data = await prepareBenchData(database, seedClaims, existingDatabaseUrl, existingDataDir);
  const servers: BenchServer[] = [];
  try {
    for (const target of targets) servers.push(await target.start(data));
    console.log(
      `\n${database}: ${values.connections} connections, ${values.duration} s per scenario after ${values.warmup} s ` +
        `of warm-up, ${values.rounds ? `${values.rounds} round(s)` : 'two rounds alternated where builds are compared, else one'}, ` +
        `load average ${loadAverage()}`,
    );
    const table = [];
    const byTarget = targets.map((): Row[] => []);
    for (const scenario of chosen) {
      const running = targets.filter((target) => target.runs(scenario));
      const rounds = roundsOf(running);
      for (let round = 0; round < rounds; round++) {
        // Each target in turn first and last (A B, B A, A B…): the machine's load moves within a round, and a target
        // always run second (the app, after the bare server) would always meet the later part of it.
        for (const target of round % 2 === 0 ? running : [...running].reverse()) {
          const setupUrl = servers[targets.indexOf(target === bare ? currentTarget : target)]!.url;
          const row = await runScenario(servers[targets.indexOf(target)]!, scenario, setupUrl);
          byTarget[targets.indexOf(target)]!.push(row);
          table.push({ build: target.label, ...row, 'load avg': loadAverage() });
        }
      }
      // This build's figures, and beside them the compared build's (and several processes' first).
      const line = running
        .map((target) => `${target.label}: ${figures(byTarget[targets.indexOf(target)]!.slice(-rounds))} ms`)
        .reverse()
        .join('  |  ');
      console.log(
        `  ${scenario.name}: ${line}${running.includes(bare) ? shareOfBare(byTarget, rounds) : ''}`,
      );
    }
    console.table(table);
    printBoxCapacity(targets.at(-1)!.label, byTarget.at(-1)!);
  } finally {
    for (const server of servers) await server.stop();
    await data.drop();
  }
}
