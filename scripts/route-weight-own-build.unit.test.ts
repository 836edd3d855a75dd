import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import {
  OWN_BUILDS,
  REPORT_FORM_SCRIPT_BUDGET_KB,
  reportRouteWeights,
  ROUTE_SCRIPT_BUDGET_KB,
  routeWeights,
  type Route,
} from './route-weight.mjs';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'route-weight-own-'));
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

/** A build in `dir` whose entry (`kb` of random, incompressible bytes) imports nothing, as bundleGraph records it. */
function buildOf(dir: string, kb: number, lazyKb = 0) {
  fs.mkdirSync(path.join(dist, dir, 'assets'), { recursive: true });
  const graph: Record<string, unknown> = {};
  const file = (name: string, size: number, links: object) => {
    fs.writeFileSync(path.join(dist, dir, name), randomBytes(size * 1024));
    graph[name] = { module: null, isEntry: false, imports: [], dynamicImports: [], modules: {}, ...links };
  };
  file('assets/entry.js', kb, {
    isEntry: true,
    dynamicImports: lazyKb ? ['assets/later.js'] : [],
    modules: { 'node_modules/preact/dist/preact.mjs': 1 },
  });
  if (lazyKb) file('assets/later.js', lazyKb, {});
  const graphFile = path.join(dist, dir, 'graph.json');
  fs.writeFileSync(graphFile, JSON.stringify(graph));
  return { distDir: path.join(dist, dir), graphFile };
}

const page = 'src/web/app/pages/driver-report-page.tsx';
const routes: Route[] = [{ path: '/report/:token', page, signedIn: false }];
/** The SPA as main had it: the report form a lazy route behind a 115 KB entry. */
const spa = buildOf('spa', 115);

describe("a route answered from a build of its own (the driver's report form, issue 32)", () => {
  it('is the report form, held to 100 KB', () => {
    expect(OWN_BUILDS.map((build) => [build.path, build.budgetKb])).toEqual([['/report/:token', 100]]);
    expect(REPORT_FORM_SCRIPT_BUDGET_KB).toBeLessThan(ROUTE_SCRIPT_BUDGET_KB);
  });

  it("weighs its own build's entry rather than the SPA's, and what that entry loads lazily after", () => {
    const own = { path: '/report/:token', ...buildOf('small', 60, 20), budgetKb: 100 };
    const [report] = routeWeights({ ...spa, routes, ownBuilds: [own] });
    expect(report!.kb).toBeGreaterThan(58);
    expect(report!.kb).toBeLessThan(62);
    expect(report!.laterKb).toBeGreaterThan(18);
    expect(report!.budgetKb).toBe(100);
    expect(report!.inputs[0]![0]).toBe('preact');
    expect(reportRouteWeights({ ...spa, routes, ownBuilds: [own] })).toEqual([]);
  });

  it('fails the route over its own budget, under the 250 KB every route has', () => {
    const own = { path: '/report/:token', ...buildOf('heavy', 105), budgetKb: 100 };
    expect(reportRouteWeights({ ...spa, routes, ownBuilds: [own] }).map((route) => route.path)).toEqual([
      '/report/:token',
    ]);
  });
});
