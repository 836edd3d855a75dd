// Tests use programs from Debian's packages (Chromium, HAProxy), never downloaded builds. Installs one when it
// is missing: as root with apt-get (updating the package lists first when they are empty or stale), otherwise
// it says what to run.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** Makes sure `program` exists, installing Debian's `name` package when it does not. */
export function ensureDebianPackage({ name, program, label, pathVariable }) {
  if (fs.existsSync(program)) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `\n${label} is not installed at ${program} and this user cannot install it.\n` +
        `Run as root, or install it yourself: sudo apt-get update && sudo apt-get install -y ${name}\n` +
        `(or point ${pathVariable} at an installed ${label}).\n`,
    );
    process.exit(1);
  }
  console.log(`${label} is missing; installing Debian's ${name} package…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => execFileSync('apt-get', ['install', '-y', '-qq', name], { stdio: 'inherit', env });
  try {
    install();
  } catch {
    // Empty or stale package lists (a fresh machine): update them and try once more.
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    install();
  }
  if (!fs.existsSync(program)) {
    console.error(`apt-get finished but ${program} is still missing.`);
    process.exit(1);
  }
}
