/**
 * `npm run build` runs this (bundled as dist/server/pglite-template-cli.js): makes the migrated PGlite template that a
 * new embedded database starts from (pglite-template.ts), unless the one there is current.
 */
import fs from 'node:fs';
import path from 'node:path';
import { migratedPgliteDump } from './pglite-dump.js';
import { fingerprintFile, readPgliteTemplate, templateFile, templateFingerprint } from './pglite-template.js';

const file = templateFile();
if (!readPgliteTemplate(file)) {
  const dump = await migratedPgliteDump();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // The fingerprint goes last: a build stopped halfway leaves no template that claims to be current.
  fs.rmSync(fingerprintFile(file), { force: true });
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  fs.writeFileSync(fingerprintFile(file), templateFingerprint());
  process.stdout.write('Made the PGlite template of a new embedded database\n');
}
