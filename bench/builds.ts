import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { THIS_BUILD } from './server.js';

/** A build measured by the bench: this checkout, or a git ref built beside it (`--compare`). */
export interface Build {
  label: string;
  root: string;
}

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: THIS_BUILD, encoding: 'utf8' }).trim();
}

export function thisBuild(): Build {
  const commit = git('rev-parse', '--short', 'HEAD');
  const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
  return { label: `this (${commit}${dirty ? '+changes' : ''})`, root: THIS_BUILD };
}

/**
 * The build of a git ref (a release tag, a branch, a commit): checked out in a detached worktree under the
 * system's temporary folder, sharing this checkout's node_modules, and built once per commit (kept for the next
 * run; `git worktree prune` after deleting the folder forgets it). It shares this checkout's node_modules when its
 * package-lock.json is the same, and installs its own otherwise.
 */
export function buildOfRef(ref: string, name = ref): Build {
  const commit = git('rev-parse', '--short', `${ref}^{commit}`);
  const root = path.join(os.tmpdir(), `fleetclaims-bench-build-${commit}`);
  const label = name === commit ? commit : `${name} (${commit})`;
  if (fs.existsSync(path.join(root, 'dist/server/main.js'))) return { label, root };
  if (!fs.existsSync(root)) git('worktree', 'add', '--quiet', '--detach', root, commit);
  if (!fs.existsSync(path.join(root, 'node_modules'))) {
    // Its own dependencies when they differ from this checkout's (a release may use a package since removed).
    const lock = (dir: string) => fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8');
    if (lock(root) === lock(THIS_BUILD)) {
      fs.symlinkSync(path.join(THIS_BUILD, 'node_modules'), path.join(root, 'node_modules'));
    } else {
      console.log(`installing the dependencies of ${label} in ${root}…`);
      // install, not ci: an older commit's lock file is not always in step with its package.json.
      execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
    }
  }
  console.log(`building ${label} in ${root}…`);
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  return { label, root };
}

/**
 * The last release before this commit: the newest earlier commit that changed package.json's version (a release
 * is a version bump, `npm version`; tags are not relied on, since a clone does not always carry them), named by
 * that version. Undefined when there is none (a shallow clone, or no bump since the first commit).
 */
export function lastRelease(): { commit: string; name: string } | undefined {
  try {
    const commit = git(
      'log',
      '-1',
      '--format=%h',
      '-G',
      '^[[:space:]]*"version":',
      'HEAD~1',
      '--',
      'package.json',
    );
    // The first commit adds package.json with its first version: a start, not a release.
    if (!commit || git('rev-list', '--parents', '-n', '1', commit).split(' ').length < 2) return undefined;
    const { version } = JSON.parse(git('show', `${commit}:package.json`)) as { version: string };
    return { commit, name: `v${version}` };
  } catch {
    return undefined;
  }
}
