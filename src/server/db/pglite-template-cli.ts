/**
 * `npm run build` runs this (bundled as dist/server/pglite-template-cli.js): makes the migrated PGlite template that a
 * new embedded database starts from (pglite-template.ts), unless the one there is current.
 */
import fs from 'node:fs';
import path from 'node:path';
import { migratedPgliteDump } from './pglite-dump.js';
import {
  fingerprintFile,
  isPgliteTemplateCurrent,
  templateFile,
  templateFingerprint,
} from './pglite-template.js';

const file = templateFile();
if (!isPgliteTemplateCurrent(file)) {
  const dump = await migratedPgliteDump();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Each file is written beside and renamed into place, the fingerprint last: a build stopped halfway, or two builds
  // at once, never leave a fingerprint beside a template it does not describe.
  const replace = (target: string, content: string | Buffer) => {
    const draft = `${target}.${process.pid}.tmp`;
    fs.writeFileSync(draft, content);
    fs.renameSync(draft, target);
  };
  fs.rmSync(fingerprintFile(file), { force: true });
  replace(file, Buffer.from(await dump.arrayBuffer()));
  replace(fingerprintFile(file), templateFingerprint());
  process.stdout.write('Made the PGlite template of a new embedded database\n');
}
