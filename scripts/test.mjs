// `npm test`: unit and integration tests (PGlite and PostgreSQL), then end-to-end tests in Chromium. The build
// comes first: the several-processes test runs the built server (as `npm run start:cluster` does) behind HAProxy.
// Debian's programs the tests use are installed first, one after another (apt-get takes a lock).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const steps = [
  ['HAProxy check', 'scripts/ensure-haproxy.mjs', []],
  ['PgBouncer check', 'scripts/ensure-pgbouncer.mjs', []],
  ['Chromium check', 'scripts/ensure-chromium.mjs', []],
  ['production build', 'scripts/build.mjs', []],
  ['unit and integration tests', 'node_modules/vitest/vitest.mjs', ['run']],
  ['end-to-end tests', 'node_modules/@playwright/test/cli.js', ['test']],
];

for (const [name, script, args] of steps) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(process.execPath, [path.join(root, script), ...args], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log('\n✔ all tests passed');
