// The several-processes test (src/server/scaling/two-processes.test.ts) puts Debian's HAProxy, with
// deploy/haproxy.cfg, in front of two app processes. Installs it when missing.
import { ensureDebianPackage } from './ensure-debian-package.mjs';

export const HAPROXY_PATH = process.env.HAPROXY_PATH || '/usr/sbin/haproxy';

ensureDebianPackage({
  name: 'haproxy',
  program: HAPROXY_PATH,
  label: 'HAProxy',
  pathVariable: 'HAPROXY_PATH',
});
