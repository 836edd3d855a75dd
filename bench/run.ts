/**
 * `npm run bench [-- --db pglite|postgres|both] [--scenario NAME] [--duration S] [--connections N]`
 * Starts the built server on a fresh database and prints req/s and latency percentiles per scenario.
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
  },
});

const databases: BenchDatabase[] =
  values.db === 'both' ? ['pglite', 'postgres'] : [values.db as BenchDatabase];
const chosen = values.scenario?.length
  ? scenarios.filter((s) => values.scenario!.includes(s.name))
  : scenarios;
if (chosen.length === 0) throw new Error(`no scenario named ${values.scenario?.join(', ')}`);

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function runScenario(url: string, scenario: Scenario) {
  const options = (await scenario.setup?.(url)) ?? {};
  const expected = scenario.expectStatus ?? [200];
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
  const server = await startBenchServer(database);
  try {
    console.log(
      `\n${database}: ${values.connections} connections, ${values.duration} s per scenario, server at ${server.url}`,
    );
    const rows = [];
    for (const scenario of chosen) rows.push(await runScenario(server.url, scenario));
    console.table(rows);
  } finally {
    await server.stop();
  }
}
