// `npm test`: unit and integration tests (PGlite and PostgreSQL), then end-to-end tests in Chromium. The build
// comes first: the several-processes test runs the built server (as `npm run start:cluster` does) behind HAProxy.
// Debian's programs the tests use are installed first, one after another (apt-get takes a lock).
// Each step's time goes to test-profile/npm-test-steps.json and Vitest's per-file profile to
// test-profile/vitest-profile.json: `npm run test:profile -- test-profile/vitest-profile.json` prints both.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-profile');
const steps = [
  ['HAProxy check', 'scripts/ensure-haproxy.mjs', []],
  ['PgBouncer check', 'scripts/ensure-pgbouncer.mjs', []],
  ['Chromium check', 'scripts/ensure-chromium.mjs', []],
  ['production build', 'scripts/build.mjs', []],
  [
    'unit and integration tests',
    'node_modules/vitest/vitest.mjs',
    ['run', '--reporter=default', '--reporter=./scripts/vitest-profile-reporter.mjs'],
  ],
  ['end-to-end tests', 'node_modules/@playwright/test/cli.js', ['test']],
];

const timings = [];
const record = () => {
  fs.mkdirSync(results, { recursive: true });
  fs.writeFileSync(path.join(results, 'npm-test-steps.json'), JSON.stringify(timings, null, 1));
};
for (const [name, script, args] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(process.execPath, [path.join(root, script), ...args], {
    cwd: root,
    stdio: 'inherit',
  });
  timings.push({ name, ms: Date.now() - started, status: result.status });
  record();
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log('\n✔ all tests passed');
