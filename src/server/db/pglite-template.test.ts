import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './client.js';
import { migrationsFolder } from './migrate.js';
import {
  fingerprintFile,
  isPgliteTemplateCurrent,
  readPgliteTemplate,
  templateFingerprint,
} from './pglite-template.js';
import { testDatabaseKind } from '../test/test-app.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-template-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const journal = () =>
  (
    JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;

describe.runIf(testDatabaseKind() === 'pglite')('the PGlite template of a new embedded database', () => {
  it('is used only while its fingerprint matches the migrations and PGlite of the checkout', () => {
    const file = path.join(scratch, 'template.tgz');
    fs.writeFileSync(file, 'a dump');
    expect(readPgliteTemplate(file)).toBeUndefined();
    fs.writeFileSync(fingerprintFile(file), 'the fingerprint of other migrations');
    expect(readPgliteTemplate(file)).toBeUndefined();
    fs.writeFileSync(fingerprintFile(file), templateFingerprint());
    expect(readPgliteTemplate(file)?.size).toBe('a dump'.length);
  });

  // `npm test` builds first, and the build makes the template (scripts/build.mjs).
  it.runIf(isPgliteTemplateCurrent())(
    'gives a new data directory every migration before the server migrates, and no rows of anyone',
    async () => {
      const dataDir = path.join(scratch, 'data');
      const handle = await openDatabase({ kind: 'pglite', dataDir });
      try {
        const [applied] = await queryRows<{ count: number }>(
          handle.db,
          sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
        );
        expect(applied!.count).toBe(journal());
        const [users] = await queryRows<{ count: number }>(
          handle.db,
          sql`select count(*)::int as count from users`,
        );
        expect(users!.count).toBe(0);
      } finally {
        await handle.close();
      }
      expect(fs.existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    },
  );
});
