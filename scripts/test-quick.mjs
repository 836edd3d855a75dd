// `npm run test:quick`: the quick loop while working (issue 29). The Vitest tests of what changed since main
// (committed on this branch, staged, unstaged or new), in the `unit`, `web` and `integration-pglite` projects;
// `npm test` stays the full suite that CI runs. A changed test file runs itself; a changed source file runs the
// tests named after it in its folder (`x.ts` → `x.test.ts`, `x.unit.test.ts`, `x-*.test.ts`) or, when none is,
// the tests of its folder (under src/); a changed migration runs the migration tests. Extra arguments go to Vitest
// (`npm run test:quick -- --project unit`). Nothing changed: the `unit` and `web` projects.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const base = process.env.TEST_QUICK_BASE || 'main';
const git = (...args) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);

const changed = new Set([
  ...git('diff', '--name-only', `${base}...HEAD`),
  ...git('diff', '--name-only', 'HEAD'),
  ...git('ls-files', '--others', '--exclude-standard'),
]);

const isTest = (file) => /\.test\.tsx?$/.test(file);
const testsNamedAfter = (file) => {
  const dir = path.dirname(file);
  const stem = path.basename(file).replace(/\.(tsx?|mjs)$/, '');
  const siblings = fs.existsSync(path.join(root, dir)) ? fs.readdirSync(path.join(root, dir)) : [];
  return siblings
    .filter((name) => isTest(name) && (name.startsWith(`${stem}.`) || name.startsWith(`${stem}-`)))
    .map((name) => path.join(dir, name));
};

const filters = new Set();
for (const file of changed) {
  if (!fs.existsSync(path.join(root, file))) continue;
  if (file.startsWith('drizzle/')) filters.add('src/server/db/migrate.test.ts');
  if (!/^(src|scripts)\/.*\.(tsx?|mjs)$/.test(file)) continue;
  if (isTest(file)) filters.add(file);
  else {
    const named = testsNamedAfter(file);
    if (named.length > 0) named.forEach((test) => filters.add(test));
    else if (file.startsWith('src/')) filters.add(`${path.dirname(file)}/`);
  }
}

const projects = ['unit', 'web', 'integration-pglite'].flatMap((name) => ['--project', name]);
const args =
  filters.size > 0
    ? ['run', ...projects, '--passWithNoTests', ...filters]
    : ['run', '--project', 'unit', '--project', 'web'];
console.log(
  filters.size > 0
    ? `Tests of what changed since ${base}: ${[...filters].join(' ')}`
    : `Nothing changed since ${base}: the unit and web projects`,
);
const result = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/vitest/vitest.mjs'), ...args, ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
