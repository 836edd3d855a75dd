// `npm test`: unit and integration tests (PGlite and PostgreSQL), then end-to-end tests in Chromium.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const steps = [
  ['unit and integration tests', 'node_modules/vitest/vitest.mjs', ['run']],
  ['Chromium check', 'scripts/ensure-chromium.mjs', []],
  ['production build', 'scripts/build.mjs', []],
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
