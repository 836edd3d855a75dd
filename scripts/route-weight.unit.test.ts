import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { reportRouteWeights, ROUTE_SCRIPT_BUDGET_KB, routesOfRouter, routeWeights } from './route-weight.mjs';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'route-weight-'));
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

/** A chunk of random (incompressible) bytes: its gzipped size is about `kb`. */
function chunk(file: string, kb: number, graph: Record<string, unknown>, links: object = {}) {
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, file), randomBytes(kb * 1024));
  graph[file] = { module: null, isEntry: false, imports: [], dynamicImports: [], modules: {}, ...links };
}

/** A build as main had it: the Fleet Dashboard's screen imports the charts statically. */
function build(chartsLazily: boolean) {
  const graph: Record<string, unknown> = {};
  const page = 'src/web/app/pages/fleet-dashboard-page.tsx';
  chunk('assets/index.js', 110, graph, {
    isEntry: true,
    dynamicImports: ['assets/shell.js', 'assets/fleet.js', 'assets/login.js'],
  });
  chunk('assets/shell.js', 95, graph, { module: 'src/web/app/signed-in-shell.tsx' });
  chunk('assets/login.js', 25, graph, { module: 'src/web/app/pages/login-page.tsx' });
  chunk('assets/recharts.js', 115, graph, { modules: { 'node_modules/recharts/lib/index.js': 1 } });
  const charts = chartsLazily
    ? { dynamicImports: ['assets/recharts.js'] }
    : { imports: ['assets/recharts.js'] };
  chunk('assets/fleet.js', 20, graph, { module: page, modules: { [page]: 1 }, ...charts });
  const graphFile = path.join(dist, 'graph.json');
  fs.writeFileSync(graphFile, JSON.stringify(graph));
  const routes = [
    { path: '/fleet-dashboard', page, signedIn: true },
    { path: '/auth', page: 'src/web/app/pages/login-page.tsx', signedIn: false },
  ];
  return { distDir: dist, graphFile, routes };
}

describe('the JavaScript budget per route', () => {
  it('fails a route that loads more than the budget before it draws, naming its biggest inputs', () => {
    const weights = routeWeights(build(false));
    const fleet = weights.find((route) => route.path === '/fleet-dashboard')!;
    expect(fleet.kb).toBeGreaterThan(ROUTE_SCRIPT_BUDGET_KB);
    expect(fleet.inputs[0]![0]).toBe('recharts');
    expect(reportRouteWeights(build(false)).map((route) => route.path)).toEqual(['/fleet-dashboard']);
  });

  it('counts a chunk the screen imports lazily after it draws, and the login page without the layout', () => {
    const [fleet, login] = routeWeights(build(true));
    expect(fleet!.kb).toBeLessThan(ROUTE_SCRIPT_BUDGET_KB);
    expect(fleet!.laterKb).toBeGreaterThan(110);
    expect(login!.kb).toBeLessThan(140);
    expect(reportRouteWeights(build(true))).toEqual([]);
  });

  it("reads the router's routes, signed in or not", () => {
    const routes = routesOfRouter();
    expect(routes).toContainEqual({
      path: '/fleet-dashboard',
      page: 'src/web/app/pages/fleet-dashboard-page.tsx',
      signedIn: true,
    });
    expect(routes).toContainEqual({
      path: '/auth',
      page: 'src/web/app/pages/login-page.tsx',
      signedIn: false,
    });
    expect(routes.every((route) => route.page)).toBe(true);
  });
});
