/**
 * `npm run bench:lcp -- --database-url postgres://…  (or --data-dir DIR) [--load 16] [--runs 3]`
 * The heaviest screens' Largest Contentful Paint in real Chromium (issue 30: "LCP ≤ 2.5 s in a tour under load"), on
 * a database seeded by `seed:demo`: a manager opens the Fleet Dashboard, a claim's page, the Claim Manager and
 * Reports, each in a fresh browser context (nothing cached: a first visit), while `--load` connections keep asking
 * for the first page of All Claims. Prints each screen's LCP per run and the slowest. A figure to read, not a check:
 * nothing here fails on a number.
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { chromium, type Browser } from 'playwright';
import { CHROMIUM_PATH } from '../scripts/chromium-path.mjs';
import { BenchClient } from './api.js';
import { prepareBenchData, startBenchServer } from './server.js';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
    load: { type: 'string', default: '16' },
    runs: { type: 'string', default: '3' },
  },
});
if (!values['database-url'] && !values['data-dir']) {
  throw new Error('Give a database seeded by seed:demo: --database-url postgres://… or --data-dir DIR');
}

const data = await prepareBenchData(
  values['database-url'] ? 'postgres' : 'pglite',
  1,
  values['database-url'],
  values['data-dir'],
);
const server = await startBenchServer(data);
const manager = await BenchClient.demo(server.url, 'maria.manager');
const page = await manager.call<{ items: { id: string }[] }>(
  'GET',
  '/api/vehicles?pageSize=1&status=in_repair',
);
const SCREENS: { name: string; path: string }[] = [
  { name: 'Fleet Dashboard', path: '/fleet-dashboard' },
  { name: 'claim page', path: `/vehicles/${page.items[0]!.id}` },
  { name: 'Claim Manager', path: '/claim-manager' },
  { name: 'Reports', path: '/reports' },
];

/** The screen's LCP in a fresh, signed-in context: the last candidate once the page has settled. */
async function lcpOf(browser: Browser, path: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const [name, value] = manager.cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: server.url }]);
  const tab = await context.newPage();
  await tab.goto(`${server.url}${path}`, { waitUntil: 'networkidle', timeout: 60_000 });
  const lcp = await tab.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries.at(-1)!.startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  await context.close();
  return lcp;
}

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
// With a callback, autocannon answers its instance (to stop), not a promise of the result. `--load 0`: no load.
const load =
  Number(values.load) > 0
    ? autocannon(
        {
          url: `${server.url}/api/vehicles`,
          connections: Number(values.load),
          duration: 3600,
          headers: { cookie: manager.cookie },
        },
        () => {},
      )
    : null;
try {
  console.log(`LCP in ms, ${values.load} connections asking for All Claims meanwhile, ${data.kind}:`);
  for (const screen of SCREENS) {
    const runs: number[] = [];
    for (let run = 0; run < Number(values.runs); run++) runs.push(await lcpOf(browser, screen.path));
    console.log(
      `  ${screen.name.padEnd(16)} ${runs.map((ms) => ms.toFixed(0).padStart(6)).join('')}   slowest ${Math.max(...runs).toFixed(0)}`,
    );
  }
} finally {
  load?.stop();
  await browser.close();
  await server.stop();
  await data.drop();
}
