// End-to-end tests drive Debian's Chromium (never a downloaded browser build). Installs it when missing.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

if (!fs.existsSync(CHROMIUM_PATH)) {
  if (process.getuid?.() !== 0) {
    console.error(
      `\nChromium is not installed at ${CHROMIUM_PATH} and this user cannot install it.\n` +
        'Run as root, or install it yourself: sudo apt-get update && sudo apt-get install -y chromium\n' +
        '(or point CHROMIUM_PATH at an installed Chromium).\n',
    );
    process.exit(1);
  }
  console.log("Chromium is missing; installing Debian's chromium package…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  if (!fs.existsSync(CHROMIUM_PATH)) {
    console.error(`apt-get finished but ${CHROMIUM_PATH} is still missing.`);
    process.exit(1);
  }
}
