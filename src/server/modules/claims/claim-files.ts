import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { attachments } from '../../db/schema/index.js';

// A claim's files go with it: the claims service deletes their rows with the claim and then the stored
// files (storage/remove-stored-files.ts). This lives in claims, which attachments builds on, not the reverse.

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
