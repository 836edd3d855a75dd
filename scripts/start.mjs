// `npm start`: builds the app when the build is missing or older than the sources, then runs the server.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'dist/.build-stamp');
const inputs = [
  'src',
  'drizzle',
  'vite.config.ts',
  'vite.report.config.ts',
  'package-lock.json',
  'tsconfig.json',
];

function newestMtime(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

const built = fs.statSync(stamp, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const changed = Math.max(...inputs.map((input) => newestMtime(path.join(root, input))));
if (changed > built) {
  console.log(built ? 'Sources changed since the last build; rebuilding…' : 'First start: building the app…');
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
}

if (process.argv.includes('--build-only')) process.exit(0);

// A .env file, when present, supplies settings the environment does not (see .env.example).
const envFile = fs.existsSync(path.join(root, '.env')) ? ['--env-file=.env'] : [];
const server = spawn(
  process.execPath,
  [...envFile, '--enable-source-maps', path.join(root, 'dist/server/main.js')],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
