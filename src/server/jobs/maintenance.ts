import { lt, or, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { passwordResetTokens, rateLimits } from '../db/schema/index.js';
import { removeStaleUploads } from '../modules/attachments/index.js';
import { deleteExpiredSessions } from '../modules/auth/index.js';
import { mergeReportDataChanges, removeOldKeptAnswers } from '../modules/reports/index.js';
import { deleteExpiredKeys } from '../plugins/idempotency-store.js';
import { defineJob, deleteFinishedRuns } from './runner/index.js';

/**
 * Removes what has expired: sessions, finished rate-limit windows, used or expired reset links, idempotency-key
 * outcomes past their day.
 */
export async function cleanUpExpired(db: Database) {
  await deleteExpiredSessions(db);
  await deleteExpiredKeys(db);
  await db.delete(rateLimits).where(lt(rateLimits.windowEndsAt, sql`now()`));
  await db
    .delete(passwordResetTokens)
    .where(or(lt(passwordResetTokens.expiresAt, sql`now()`), isNotNull(passwordResetTokens.usedAt)));
}

/** How long the job runner's log keeps finished runs. */
export const JOB_RUN_RETENTION_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * The hourly clean-up (and kept report answers of past days), at the start of each hour (and at start-up, for the hour in progress), once across all
 * processes. With `uploadTempDir`, it also removes upload files a stopped process left there.
 */
export function cleanUpJob({ uploadTempDir }: { uploadTempDir?: string } = {}) {
  return defineJob({
    name: 'maintenance.clean-up',
    schedule: { cron: '0 * * * *' },
    retry: { attempts: 3, backoffMs: 60_000 },
    async handler({ db, now }) {
      await cleanUpExpired(db);
      const staleUploads = uploadTempDir ? await removeStaleUploads(uploadTempDir) : 0;
      const oldRuns = await deleteFinishedRuns(db, new Date(now().getTime() - JOB_RUN_RETENTION_MS));
      const oldReportAnswers = await removeOldKeptAnswers(db, now());
      const reportDataChanges = await mergeReportDataChanges(db);
      return { staleUploads, oldRuns, oldReportAnswers, reportDataChanges };
    },
  });
}
