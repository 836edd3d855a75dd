// A Playwright worker's server (playwright.config.ts `webServer`): the built app on a PostgreSQL database of its own,
// created empty for this run and dropped when Playwright stops the server (SIGTERM, `gracefulShutdown`).
// Same server as `npm run start` with DATABASE_URL; the embedded database keeps its end-to-end coverage through the
// fresh servers of the first-day, accounts and demo-data specs (e2e/support/fresh-server.ts).
// Usage: node e2e/support/postgres-server.mjs (PORT and the app's other settings from the environment).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const name = `fc_e2e_${process.env.PORT}_${randomBytes(4).toString('hex')}`;

async function admin(sql) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

await admin(`create database "${name}"`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const server = spawn(process.execPath, ['dist/server/main.js'], {
  env: { ...process.env, DATABASE_URL: url.toString() },
  stdio: 'inherit',
});

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    stopping = true;
    server.kill(signal);
  });
}
server.on('exit', async (code) => {
  await admin(`drop database if exists "${name}" with (force)`).catch((error) =>
    console.error(`could not drop ${name}: ${error.message}`),
  );
  process.exit(stopping ? 0 : (code ?? 1));
});
