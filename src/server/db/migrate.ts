import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { DatabaseHandle } from './client.js';

/** The committed drizzle-kit migrations; found from the source tree and from the bundled server alike. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../../drizzle'), path.resolve(here, '../../drizzle')];
  return (
    candidates.find((dir) => {
      try {
        return fs.statSync(path.join(dir, 'meta/_journal.json')).isFile();
      } catch {
        return false;
      }
    }) ?? candidates[0]!
  );
}

/** Applies pending migrations. Safe to run twice, and from two processes at once on PostgreSQL. */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  const folder = migrationsFolder();
  await handle.withExclusiveLock(async (connection) => {
    if (handle.kind === 'postgres') {
      // On the connection that holds the lock: it has no statement timeout.
      if (!connection) throw new Error('PostgreSQL migrations run on the connection that holds the lock');
      await migratePg(drizzlePg(connection), { migrationsFolder: folder });
    } else {
      await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    }
  });
}
