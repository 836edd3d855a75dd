import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { migrationsFolder } from './migrate.js';

/**
 * A new PGlite directory starts from a migrated, empty database that the build made (decision 045): PGlite's own
 * first start runs initdb in WebAssembly, 6.8 s of a fresh embedded server's 8.5 s on the 2-core machine, and the
 * migrations another 1.1 s; loading the template takes 1.9 s. The template is valid for one set of migrations, one
 * PGlite and one drizzle-orm (its fingerprint); a stale or missing template is not used, and the server migrates
 * from initdb.
 */
const TEMPLATE = 'dist/server/pglite-template.tgz';

const rootDir = () => path.dirname(migrationsFolder());

/** The installed version of `name`, read from its package.json (the packages' exports do not list that file). */
function packageVersion(name: string): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve(name));
  while (dir !== path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const json = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (json.name === name) return json.version ?? '';
    }
    dir = path.dirname(dir);
  }
  return '';
}

/**
 * What a template's database depends on: the migrations (their SQL and the journal the migrator reads), the PGlite
 * version (its initdb, its extensions) and the drizzle-orm version (its migrator keeps the table of applied ones).
 */
export function templateFingerprint(): string {
  const hash = createHash('sha256');
  hash.update(
    `pglite ${packageVersion('@electric-sql/pglite')} drizzle-orm ${packageVersion('drizzle-orm')}\n`,
  );
  const folder = migrationsFolder();
  hash.update(fs.readFileSync(path.join(folder, 'meta/_journal.json')));
  for (const file of fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(fs.readFileSync(path.join(folder, file)));
  }
  return hash.digest('hex');
}

/** Where the template is: next to the bundled server, found from the source tree too. */
export const templateFile = () => path.join(rootDir(), TEMPLATE);

export const fingerprintFile = (file: string) => `${file}.sha256`;

/** Whether the template at `file` was made from this checkout's migrations, PGlite and drizzle-orm. */
export function isPgliteTemplateCurrent(file = templateFile()): boolean {
  try {
    return fs.readFileSync(fingerprintFile(file), 'utf8') === templateFingerprint() && fs.existsSync(file);
  } catch {
    return false;
  }
}

/** The build's template when it is current. */
export function readPgliteTemplate(file = templateFile()): Blob | undefined {
  return isPgliteTemplateCurrent(file) ? new Blob([fs.readFileSync(file)]) : undefined;
}
