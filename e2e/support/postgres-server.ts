// A Playwright worker's server (playwright.config.ts `webServer`): the built app on a PostgreSQL database of its own,
// created empty for this run and dropped when Playwright stops the server (SIGTERM, `gracefulShutdown`).
// Same server as `npm run start` with DATABASE_URL; the embedded database keeps its end-to-end coverage through the
// fresh servers of the first-day, accounts and demo-data specs (e2e/support/fresh-server.ts).
// Usage: node --import tsx e2e/support/postgres-server.ts (PORT and the app's other settings from the environment).
import { spawn } from 'node:child_process';
import {
  createDatabase,
  dropDatabase,
  testDatabaseUrl,
  uniqueDatabaseName,
  withDatabaseName,
} from '../../src/server/test/database';

const name = uniqueDatabaseName(`fc_e2e_${process.env.PORT}`);
await createDatabase(name);
const server = spawn(process.execPath, ['dist/server/main.js'], {
  env: { ...process.env, DATABASE_URL: withDatabaseName(testDatabaseUrl(), name) },
  stdio: 'inherit',
});

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    stopping = true;
    server.kill(signal);
  });
}
server.on('exit', (code) => {
  void dropDatabase(name)
    .catch((error: Error) => console.error(`could not drop ${name}: ${error.message}`))
    .finally(() => process.exit(stopping ? 0 : (code ?? 1)));
});
