import fs from 'node:fs/promises';
import path from 'node:path';
import type { CccInbox } from '@shared/ccc.js';
import type { Database } from '../../db/client.js';
import { defineJob, enqueueJob, listRuns } from '../../jobs/runner/index.js';
import type { Actor } from '../../actor.js';
import { tooLargeReason } from './bms-parser.js';
import { receiveCccFile, rejectUnreadCccFile } from './ccc-import.service.js';

export const CCC_INBOX_JOB = 'ccc.inbox';
const INBOX_KEY = 'inbox';
/** A file written less than this long ago may still be being written by the other program: next time. */
export const SETTLE_MS = 2_000;

export interface CccInboxOptions {
  inboxDir: string;
  maxFileBytes: number;
  pollEveryMs: number;
}

const processedDir = (inbox: string) => path.join(inbox, 'processed');
const failedDir = (inbox: string) => path.join(inbox, 'failed');

/** The files waiting in the inbox: regular files, not hidden, not temporary (`.tmp`, `.part`), by name. */
async function waitingFiles(inbox: string) {
  const entries = await fs.readdir(inbox, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries
    .filter(
      (entry) => entry.isFile() && !entry.name.startsWith('.') && !/\.(tmp|part|partial)$/i.test(entry.name),
    )
    .map((entry) => entry.name)
    .sort();
}

/**
 * Imports one settled inbox file, or logs it as rejected: a file over the limit is never read (its size is
 * known from the folder), a file that cannot be read is logged with the reason (issue 28, finding 5).
 */
async function receiveInboxFile(db: Database, actor: Actor, file: string, size: number, maxBytes: number) {
  const fileName = path.basename(file);
  const unread = { fileName, source: 'inbox' as const, size };
  if (size > maxBytes) return rejectUnreadCccFile(db, actor, unread, tooLargeReason(size, maxBytes));
  let content: Buffer;
  try {
    content = await fs.readFile(file);
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    return rejectUnreadCccFile(db, actor, unread, `Could not read the file (${code ?? message})`);
  }
  return receiveCccFile(db, actor, { fileName, content, source: 'inbox' }, { maxBytes });
}

/** Moves a handled file aside, never over an earlier one of the same name. */
async function moveAside(from: string, dir: string, name: string, now: Date) {
  await fs.mkdir(dir, { recursive: true });
  let target = path.join(dir, name);
  try {
    await fs.access(target);
    target = path.join(dir, `${now.toISOString().replace(/[:.]/g, '-')}-${name}`);
  } catch {
    // free
  }
  await fs.rename(from, target);
}

/**
 * Looks at the inbox folder: each file settled there is imported once, as the system (every company), then
 * moved to `processed/` (it landed, or is logged as unmatched, held or a duplicate) or `failed/` (rejected:
 * however bad the file, too large, unreadable or not XML). A file whose import fails for another reason stays
 * for the next run; the run goes on with the next file. A run at a time (one key), once across processes.
 */
export function cccInboxJob(options: CccInboxOptions) {
  return defineJob({
    name: CCC_INBOX_JOB,
    schedule: { everyMs: options.pollEveryMs },
    key: () => INBOX_KEY,
    retry: { attempts: 3, backoffMs: 10_000 },
    async handler({ db, actor, now, signal, logger }) {
      const inbox = options.inboxDir;
      await fs.mkdir(inbox, { recursive: true });
      const counts = { imported: 0, processed: 0, failed: 0, skipped: 0, kept: 0 };
      for (const name of await waitingFiles(inbox)) {
        if (signal.aborted) break;
        const file = path.join(inbox, name);
        const stat = await fs.stat(file).catch(() => null);
        if (!stat) continue;
        if (now().getTime() - stat.mtimeMs < SETTLE_MS) {
          counts.skipped += 1;
          continue;
        }
        // One file's trouble is that file's: the others are handled in this run all the same.
        try {
          const row = await receiveInboxFile(db, actor, file, stat.size, options.maxFileBytes);
          const rejected = row.result === 'rejected';
          await moveAside(file, rejected ? failedDir(inbox) : processedDir(inbox), name, now());
          counts[rejected ? 'failed' : 'processed'] += 1;
          if (row.result === 'imported' || row.result === 'supplement') counts.imported += 1;
          logger.info({ file: name, result: row.result }, 'ccc inbox file handled');
        } catch (error) {
          // Not the file's fault (the claim changed while it was imported, the database or the folder failed):
          // it stays in the inbox for the next run.
          counts.kept += 1;
          logger.error({ err: error, file: name }, 'ccc inbox file kept for the next run');
        }
      }
      return counts;
    },
  });
}

/** Queues a look at the inbox now (the screen's "Check now"); false when one already waits. */
export async function queueInboxScan(db: Database): Promise<boolean> {
  const { queued } = await enqueueJob(db, CCC_INBOX_JOB, { key: INBOX_KEY });
  return queued;
}

const countFiles = async (dir: string) => (await waitingFiles(dir)).length;

/** The inbox folder's path and state for the screen. */
export async function readInbox(db: Database, options: CccInboxOptions): Promise<CccInbox> {
  const exists = await fs
    .stat(options.inboxDir)
    .then((stat) => stat.isDirectory())
    .catch(() => false);
  // The runner's run log, through its door: its tables are its own.
  const [last] = await listRuns(db, { job: CCC_INBOX_JOB, limit: 1 });
  return {
    path: options.inboxDir,
    exists,
    waiting: exists ? await countFiles(options.inboxDir) : 0,
    processed: exists ? await countFiles(processedDir(options.inboxDir)) : 0,
    failed: exists ? await countFiles(failedDir(options.inboxDir)) : 0,
    pollEveryMs: options.pollEveryMs,
    maxFileBytes: options.maxFileBytes,
    lastRunAt: (last?.finishedAt ?? last?.createdAt)?.toISOString() ?? null,
    lastRunStatus: last?.status ?? null,
  };
}
