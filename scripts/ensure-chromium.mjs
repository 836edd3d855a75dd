// End-to-end tests drive Debian's Chromium (never a downloaded browser build). Installs it when missing.
import { ensureDebianPackage } from './ensure-debian-package.mjs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

ensureDebianPackage({
  name: 'chromium',
  program: CHROMIUM_PATH,
  label: 'Chromium',
  pathVariable: 'CHROMIUM_PATH',
});
