// What each screen of the web app downloads, from the build's own record of its chunks (issue 30).
// `bundleGraph()` is a Vite plugin: it writes dist/web/.vite/bundle-graph.json (every chunk, what it imports
// statically and lazily, and the source modules in it with their size). `routeWeights()` reads that file and
// sums, per route of app/router.tsx, the gzipped JavaScript the route loads before it draws: the entry and its
// static imports, the signed-in layout (app/signed-in-shell.tsx) for a protected route, and the screen's lazy
// chunk with its static imports. What a screen imports lazily (charts, dialogs) loads after, and is shown apart.
// A route the server answers from a build of its own (`OWN_BUILDS`: the driver's report form, issue 32, built by
// vite.report.config.ts into dist/web/report) weighs that build's entry and its static imports instead, against a
// budget of its own as well as the 250 KB every route has.
//
//   node scripts/route-weight.mjs            every route, heaviest first (run after a build)
//   node scripts/route-weight.mjs --top 12   and the 12 biggest inputs of each route over the budget or asked
//   node scripts/route-weight.mjs --top 12 /fleet-dashboard /vehicles/:id
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Issue 30: no route loads more than this much gzipped JavaScript before it draws. */
export const ROUTE_SCRIPT_BUDGET_KB = 250;
/** Issue 32: the driver's report form loads on a phone in a car park. */
export const REPORT_FORM_SCRIPT_BUDGET_KB = 100;

const ROOT = path.resolve(import.meta.dirname, '..');
const WEB_DIST = path.join(ROOT, 'dist/web');
const GRAPH_PATH = '.vite/bundle-graph.json';
const GRAPH_FILE = path.join(WEB_DIST, GRAPH_PATH);
const ROUTER_FILE = path.join(ROOT, 'src/web/app/router.tsx');
const SHELL_MODULE = 'src/web/app/signed-in-shell.tsx';

/**
 * The routes the server answers from a build of their own rather than the SPA's (src/server/plugins/spa.ts), where
 * that build is, and what the route may load before it draws.
 */
export const OWN_BUILDS = [
  {
    path: '/report/:token',
    distDir: path.join(WEB_DIST, 'report'),
    graphFile: path.join(WEB_DIST, 'report', GRAPH_PATH),
    budgetKb: REPORT_FORM_SCRIPT_BUDGET_KB,
  },
];

const relative = (id) => path.relative(ROOT, id).split(path.sep).join('/');

/** The Vite plugin that records the chunk graph as the bundle is written. */
export function bundleGraph() {
  return {
    name: 'fleetclaims-bundle-graph',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = {};
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[file] = {
          module: output.facadeModuleId ? relative(output.facadeModuleId) : null,
          isEntry: output.isEntry,
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          modules: Object.fromEntries(
            Object.entries(output.modules).map(([id, rendered]) => [relative(id), rendered.renderedLength]),
          ),
        };
      }
      this.emitFile({ type: 'asset', fileName: GRAPH_PATH, source: JSON.stringify(chunks) });
    },
  };
}

/** Each route of the router: its path, the page module its lazy() import names, and whether it is signed in. */
export function routesOfRouter(source = fs.readFileSync(ROUTER_FILE, 'utf8')) {
  const pages = new Map(
    [...source.matchAll(/const (\w+) = lazy\(\(\) =>\s*import\('\.\/(pages\/[\w-]+)'\)/g)].map(
      ([, name, page]) => [name, `src/web/app/${page}.tsx`],
    ),
  );
  return [...source.matchAll(/<(\w*Route)\b([^>]*?)component=\{(\w+)\}/g)].map(
    ([, kind, attributes, name]) => ({
      path: /path="([^"]+)"/.exec(attributes)?.[1] ?? '(any other address)',
      page: pages.get(name),
      signedIn: kind === 'ProtectedRoute',
    }),
  );
}

/** The package (node_modules/…) or source folder a module counts under in the biggest-inputs list. */
function inputOf(module) {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(module);
  if (inPackage) return inPackage[1];
  return module.replace(/^src\/web\/features\/([^/]+)\/.*/, 'src/web/features/$1').replace(/^\0/, '');
}

/** A build's chunk graph (bundleGraph), with the gzipped size of its files and the closure of a chunk's imports. */
function readBuild(distDir, graphFile, { lazyScreens = true } = {}) {
  if (!fs.existsSync(graphFile))
    throw new Error(`${relative(graphFile)} is missing: run node scripts/build.mjs`);
  const chunks = JSON.parse(fs.readFileSync(graphFile, 'utf8'));
  const gzipped = new Map();
  const gzipBytes = (file) => {
    if (!gzipped.has(file)) gzipped.set(file, gzipSync(fs.readFileSync(path.join(distDir, file))).length);
    return gzipped.get(file);
  };
  const files = Object.keys(chunks);
  const entry = files.find((file) => chunks[file].isEntry);
  // The SPA's entry's lazy imports are the screens themselves: a route does not load the others. A build of one
  // route's own loads what its entry imports lazily after it draws.
  const screens = new Set(lazyScreens ? chunks[entry].dynamicImports : []);
  const closure = (start, lazyToo) => {
    const seen = new Set();
    const pending = [...start];
    while (pending.length > 0) {
      const file = pending.pop();
      if (seen.has(file)) continue;
      seen.add(file);
      pending.push(...chunks[file].imports);
      if (lazyToo) pending.push(...chunks[file].dynamicImports.filter((lazy) => !screens.has(lazy)));
    }
    return seen;
  };
  const kb = (set) => [...set].reduce((sum, file) => sum + gzipBytes(file), 0) / 1024;

  /** What a route loads when it starts from these chunks: before it draws, after, and its biggest inputs. */
  const weigh = (start) => {
    const first = closure(start, false);
    const inputs = new Map();
    for (const file of first) {
      // A chunk's gzipped bytes shared among its modules by their rendered size: close enough to rank them.
      const modules = Object.entries(chunks[file].modules);
      const total = modules.reduce((sum, [, length]) => sum + length, 0) || 1;
      for (const [module, length] of modules) {
        const name = inputOf(module);
        inputs.set(name, (inputs.get(name) ?? 0) + (gzipBytes(file) * length) / total / 1024);
      }
    }
    return {
      kb: kb(first),
      laterKb: kb(closure([...first], true)) - kb(first),
      chunks: first.size,
      inputs: [...inputs].sort((a, b) => b[1] - a[1]),
    };
  };
  const chunkOf = (module) =>
    files.find((file) => chunks[file].module === module) ??
    files.find((file) => module in chunks[file].modules);
  return { entry, chunkOf, weigh };
}

/**
 * Per route: the gzipped KB it loads before it draws, what it may load after, and its biggest inputs, with the
 * budget it is held to (`build` names the build of its own it is answered from, if any).
 */
export function routeWeights({
  distDir = WEB_DIST,
  graphFile = GRAPH_FILE,
  routes = routesOfRouter(),
  ownBuilds = OWN_BUILDS,
} = {}) {
  const spa = readBuild(distDir, graphFile);
  return routes.map((route) => {
    const own = ownBuilds.find((candidate) => candidate.path === route.path);
    if (own) {
      const build = readBuild(own.distDir, own.graphFile, { lazyScreens: false });
      return {
        ...route,
        ...build.weigh([build.entry]),
        budgetKb: Math.min(own.budgetKb, ROUTE_SCRIPT_BUDGET_KB),
        build: relative(own.distDir),
      };
    }
    const start = [
      spa.entry,
      ...(route.signedIn ? [spa.chunkOf(SHELL_MODULE)] : []),
      spa.chunkOf(route.page),
    ];
    return { ...route, ...spa.weigh(start), budgetKb: ROUTE_SCRIPT_BUDGET_KB };
  });
}

const format = (kb) => kb.toFixed(1).padStart(6);

/** Prints every route, heaviest first; returns the routes over what they may load. */
export function reportRouteWeights({ top = 0, only = [], ...options } = {}) {
  const budgetKb = ROUTE_SCRIPT_BUDGET_KB;
  const weights = routeWeights(options).sort((a, b) => b.kb - a.kb);
  const over = weights.filter((route) => route.kb > route.budgetKb);
  console.log(`JavaScript per route, KB gzip (budget ${budgetKb} KB before the screen draws):`);
  console.log(`  ${'route'.padEnd(28)} ${'draws'.padStart(6)} ${'+later'.padStart(6)}  chunks`);
  for (const route of weights) {
    const own = route.build ? `  (its own build, ${route.build}, budget ${route.budgetKb} KB)` : '';
    const flag = route.kb > route.budgetKb ? `  OVER ${route.budgetKb} KB` : '';
    console.log(
      `  ${route.path.padEnd(28)} ${format(route.kb)} ${format(route.laterKb)}  ${route.chunks}${flag}${own}`,
    );
  }
  for (const route of weights.filter(
    (r) => top > 0 && (only.length ? only.includes(r.path) : r.kb > r.budgetKb),
  )) {
    console.log(`\n  ${route.path} (${route.build ?? route.page}), biggest inputs:`);
    for (const [input, kb] of route.inputs.slice(0, top)) console.log(`    ${format(kb)}  ${input}`);
  }
  return over;
}

if (process.argv[1] === import.meta.filename) {
  const args = process.argv.slice(2);
  const topAt = args.indexOf('--top');
  const top = topAt === -1 ? 0 : Number(args[topAt + 1]);
  const only = args.filter((arg, index) => arg.startsWith('/') && index !== topAt + 1);
  const over = reportRouteWeights({ top, only });
  if (over.length > 0) {
    console.error(`\n${over.map((r) => r.path).join(', ')}: over the budget.`);
    process.exitCode = 1;
  }
}
