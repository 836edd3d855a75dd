import { lt, or, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { passwordResetTokens, rateLimits } from '../db/schema/index.js';
import { removeStaleUploads } from '../modules/attachments/attachment-upload.js';
import { deleteExpiredSessions } from '../modules/auth/session.service.js';

/** Removes what has expired: sessions, finished rate-limit windows, used or expired reset links. */
export async function cleanUpExpired(db: Database) {
  await deleteExpiredSessions(db);
  await db.delete(rateLimits).where(lt(rateLimits.windowEndsAt, sql`now()`));
  await db
    .delete(passwordResetTokens)
    .where(or(lt(passwordResetTokens.expiresAt, sql`now()`), isNotNull(passwordResetTokens.usedAt)));
}

/**
 * Runs the clean-up at start and then every hour; harmless when several processes do it at once. With
 * `uploadTempDir`, it also removes upload files a stopped process left there.
 */
export function startMaintenance(
  db: Database,
  logger: FastifyBaseLogger,
  { intervalMs = 60 * 60 * 1000, uploadTempDir }: { intervalMs?: number; uploadTempDir?: string } = {},
) {
  const run = () =>
    Promise.all([
      cleanUpExpired(db),
      uploadTempDir ? removeStaleUploads(uploadTempDir) : Promise.resolve(0),
    ]).catch((error: unknown) => logger.error({ err: error }, 'clean-up failed'));
  let running = run();
  const timer = setInterval(() => {
    running = run();
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
