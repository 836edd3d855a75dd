// `npm run test:profile [-- report.json | -- --last | -- <vitest args>]`: where the test suite's time goes.
// With a report file (written by scripts/vitest-profile-reporter.mjs, which `npm test` adds), it only reads it;
// `--last` reads the last one written (test-profile/vitest-profile.json); otherwise it runs `vitest run <args>` with that reporter first. It prints the 20 slowest files with their split
// (environment, prepare, import, setup files, tests), their slowest imports, the totals per project and, when
// `npm test` wrote them, the minutes of each of its steps (test-profile/npm-test-steps.json).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SLOWEST = 20;
const args = process.argv.slice(2);

const lastReport = path.join(root, 'test-profile/vitest-profile.json');
let reportFile =
  args.length === 1 && args[0].endsWith('.json')
    ? path.resolve(args[0])
    : args.length === 1 && args[0] === '--last'
      ? lastReport
      : undefined;
if (!reportFile) {
  reportFile = lastReport;
  const run = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--reporter=dot',
      '--reporter=./scripts/vitest-profile-reporter.mjs',
      ...args,
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, VITEST_PROFILE_FILE: reportFile } },
  );
  if (run.status !== 0) console.error(`\n(vitest exited with ${run.status}; the profile covers what ran)\n`);
}

const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
const seconds = (ms) => (ms / 1000).toFixed(1).padStart(7);
const total = (f) => f.environment + f.prepare + f.import + f.setup + f.test;
const header = `${'env'.padStart(7)}${'prepare'.padStart(8)}${'import'.padStart(7)}${'setup'.padStart(7)}${'tests'.padStart(7)}${'total'.padStart(7)}`;
const split = (f) => [f.environment, f.prepare, f.import, f.setup, f.test, total(f)].map(seconds).join('');

console.log(
  `\nVitest: ${report.files.length} files, wall ${seconds(report.wallMs).trim()} s (started ${report.startedAt})`,
);
console.log(`\nThe ${SLOWEST} slowest files (seconds)\n${header}  project / file`);
for (const f of [...report.files].sort((a, b) => total(b) - total(a)).slice(0, SLOWEST)) {
  console.log(
    `${split(f)}  ${f.project} ${f.file} (${f.tests} tests${f.state === 'passed' ? '' : `, ${f.state}`})`,
  );
  for (const i of f.imports.slice(0, 3))
    console.log(`${''.padStart(44)}  import ${seconds(i.totalTime).trim()} s ${i.id}`);
}

console.log(
  `\nPer project (seconds, summed over files; the workers run them in parallel)\n${header}  files tests project`,
);
const projects = new Map();
for (const f of report.files) {
  const p = projects.get(f.project) ?? {
    environment: 0,
    prepare: 0,
    import: 0,
    setup: 0,
    test: 0,
    files: 0,
    tests: 0,
  };
  for (const key of ['environment', 'prepare', 'import', 'setup', 'test', 'tests']) p[key] += f[key];
  p.files += 1;
  projects.set(f.project, p);
}
for (const [name, p] of projects)
  console.log(`${split(p)}  ${String(p.files).padStart(5)} ${String(p.tests).padStart(5)} ${name}`);

const stepsFile = path.join(path.dirname(reportFile), 'npm-test-steps.json');
if (fs.existsSync(stepsFile)) {
  console.log('\n`npm test` steps (minutes)');
  for (const step of JSON.parse(fs.readFileSync(stepsFile, 'utf8')))
    console.log(
      `${(step.ms / 60_000).toFixed(1).padStart(7)}  ${step.name}${step.status === 0 ? '' : ' (failed)'}`,
    );
}
