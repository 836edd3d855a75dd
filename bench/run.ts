/**
 * `npm run bench [-- --db pglite|postgres|both] [--claims N] [--scenario NAME] [--duration S] [--connections N]
 * [--database-url URL]`
 * Starts the built server on a fresh database (or, with --database-url, on a PostgreSQL database already seeded by
 * `seed:demo`) and prints req/s and latency percentiles per scenario.
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { scenarios, type Scenario } from './scenarios.js';
import { startBenchServer, type BenchDatabase } from './server.js';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    scenario: { type: 'string', multiple: true },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    claims: { type: 'string', default: '0' },
    'database-url': { type: 'string' },
  },
});

const existingDatabaseUrl = values['database-url'];
const databases: BenchDatabase[] = existingDatabaseUrl
  ? ['postgres']
  : values.db === 'both'
    ? ['pglite', 'postgres']
    : [values.db as BenchDatabase];
// An existing database is assumed seeded: its claim scenarios run.
const seedClaims = existingDatabaseUrl ? Math.max(1, Number(values.claims)) : Number(values.claims);
const chosen = (
  values.scenario?.length ? scenarios.filter((s) => values.scenario!.includes(s.name)) : scenarios
).filter((s) => seedClaims > 0 || !s.needsClaims);
if (seedClaims === 0 && chosen.length < scenarios.length && !values.scenario?.length) {
  console.log(
    'Claim scenarios need a seeded database: add -- --claims 100000 (seeding takes about a minute).',
  );
}
if (chosen.length === 0) throw new Error(`no scenario named ${values.scenario?.join(', ')}`);

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function runScenario(url: string, scenario: Scenario) {
  const options = (await scenario.setup?.(url)) ?? {};
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
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let instance!: autocannon.Instance;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: `${url}${scenario.path ?? ''}`,
        connections: Number(values.connections),
        duration: Number(values.duration),
        ...options,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
    statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
  });
  const result = await done;
  const sorted = Float64Array.from(latencies).sort();
  const unexpected = [...statuses]
    .filter(([status]) => !expected.includes(status))
    .reduce((sum, [, n]) => sum + n, 0);
  return {
    scenario: scenario.name,
    'req/s': Math.round(result.requests.average),
    'p50 ms': percentile(sorted, 50).toFixed(1),
    'p95 ms': percentile(sorted, 95).toFixed(1),
    'p99 ms': percentile(sorted, 99).toFixed(1),
    requests: latencies.length,
    statuses: [...statuses].map(([status, n]) => `${status}×${n}`).join(' '),
    errors: result.errors + result.timeouts + unexpected,
  };
}

for (const database of databases) {
  const server = await startBenchServer(database, seedClaims, existingDatabaseUrl);
  try {
    console.log(
      `\n${database}: ${values.connections} connections, ${values.duration} s per scenario, server at ${server.url}`,
    );
    const rows = [];
    for (const scenario of chosen) {
      const row = await runScenario(server.url, scenario);
      rows.push(row);
      console.log(`  ${row.scenario}: ${row['req/s']} req/s, p95 ${row['p95 ms']} ms, ${row.errors} errors`);
    }
    console.table(rows);
  } finally {
    await server.stop();
  }
}
