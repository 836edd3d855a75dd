// The PgBouncer test (src/server/db/pgbouncer.test.ts) puts Debian's PgBouncer, with deploy/pgbouncer.ini's
// settings, in front of the app. Installs it when missing.
import { ensureDebianPackage } from './ensure-debian-package.mjs';

export const PGBOUNCER_PATH = process.env.PGBOUNCER_BIN || '/usr/sbin/pgbouncer';

ensureDebianPackage({
  name: 'pgbouncer',
  program: PGBOUNCER_PATH,
  label: 'PgBouncer',
  pathVariable: 'PGBOUNCER_BIN',
});
