/** `npm run db:migrate`: applies pending migrations to the configured database without starting the server. */
import { loadConfig } from '../config.js';
import { databaseTargetFor } from '../server.js';
import { openDatabase } from './client.js';
import { runMigrations } from './migrate.js';

const config = loadConfig();
const target = databaseTargetFor(config);
const database = await openDatabase(target);
try {
  await runMigrations(database);
  console.warn(`Migrations applied to the ${target.kind} database.`);
} finally {
  await database.close();
}
