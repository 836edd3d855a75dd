// Builds the web app (Vite) into dist/web, the driver's report form on its own (vite.report.config.ts: Preact, under
// 100 KB gzip for a phone) into dist/web/report, and bundles the server (esbuild) into dist/server, then checks that
// no route of the web app loads more JavaScript than its budget (scripts/route-weight.mjs; the build fails if one does).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { build as viteBuild } from 'vite';

import { bundleGraph, reportRouteWeights } from './route-weight.mjs';

const root = path.resolve(import.meta.dirname, '..');
const started = performance.now();
// A build is the shipped app, whoever runs it: a test that starts the app (`npm run start:cluster` from Vitest, whose
// NODE_ENV is `test`) rebuilds it stale, and React's development build would break every route's budget.
process.env.NODE_ENV = 'production';

await viteBuild({
  configFile: path.join(root, 'vite.config.ts'),
  logLevel: 'warn',
  plugins: [bundleGraph()],
});
// After the SPA: its build empties dist/web, this one's folder inside it is its own.
await viteBuild({
  configFile: path.join(root, 'vite.report.config.ts'),
  logLevel: 'warn',
  plugins: [bundleGraph()],
});

await build({
  entryPoints: {
    main: path.join(root, 'src/server/main.ts'),
    'pglite-template-cli': path.join(root, 'src/server/db/pglite-template-cli.ts'),
  },
  outdir: path.join(root, 'dist/server'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  tsconfig: path.join(root, 'tsconfig.json'),
  logLevel: 'warning',
});

const overBudget = reportRouteWeights();
if (overBudget.length > 0) {
  console.error(
    `${overBudget.map((route) => route.path).join(', ')}: more JavaScript than the route may load. ` +
      'See what they load: node scripts/route-weight.mjs --top 15 <route>',
  );
  process.exit(1);
}

// The migrated database a new embedded data directory starts from (src/server/db/pglite-template.ts); made again only
// when the migrations or PGlite changed.
execFileSync(process.execPath, [path.join(root, 'dist/server/pglite-template-cli.js')], {
  stdio: 'inherit',
  cwd: root,
});

fs.writeFileSync(path.join(root, 'dist/.build-stamp'), new Date().toISOString());
console.log(`Built dist/web and dist/server in ${((performance.now() - started) / 1000).toFixed(1)} s`);
