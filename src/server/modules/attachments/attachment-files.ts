import { eq } from 'drizzle-orm';
import type { Log } from '../../logger.js';
import type { Database } from '../../db/client.js';
import { attachments } from '../../db/schema/index.js';
import type { FileStorage } from '../../storage/file-storage.js';

/**
 * Removes stored files after their rows are gone. A failure is logged, not raised: the row (and so every
 * way to reach the file) is already deleted, and the user's action succeeded.
 */
export async function removeStoredFiles(
  storage: FileStorage,
  keys: (string | null)[],
  log: Log,
): Promise<void> {
  for (const key of keys) {
    if (!key) continue;
    try {
      await storage.delete(key);
    } catch (error) {
      log.warn({ err: error, key }, 'could not remove a stored file');
    }
  }
}

/**
 * Deletes the attachment rows of a claim that is being deleted (in its transaction, after locking the claim
 * row, which uploads lock too) and answers their storage keys, to remove once the deletion is committed.
 */
export async function deleteClaimAttachmentRows(tx: Database, claimId: string): Promise<string[]> {
  const rows = await tx
    .delete(attachments)
    .where(eq(attachments.claimId, claimId))
    .returning({ storageKey: attachments.storageKey, thumbnailKey: attachments.thumbnailKey });
  return rows.flatMap((row) => [row.storageKey, ...(row.thumbnailKey ? [row.thumbnailKey] : [])]);
}
