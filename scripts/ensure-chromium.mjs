// End-to-end tests drive Debian's Chromium headless shell (never a downloaded browser build): the same Blink and V8
// as Debian's `chromium`, without the browser's window layer, as Playwright's own headless default is. Installs it
// when missing. Three specs on two workers (2026-11-29, one run each): `chromium` 82 s and 74 s, the shell 61 s.
import { CHROMIUM_PATH } from './chromium-path.mjs';
import { ensureDebianPackage } from './ensure-debian-package.mjs';

ensureDebianPackage({
  name: 'chromium-headless-shell',
  program: CHROMIUM_PATH,
  label: 'Chromium',
  pathVariable: 'CHROMIUM_PATH',
});
