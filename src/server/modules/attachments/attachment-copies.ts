import { randomUUID } from 'node:crypto';
import { actorImpersonatorId, actorUserId, type Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { attachments } from '../../db/schema/index.js';
import type { Log } from '../../logger.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { removeStoredFiles } from '../../storage/remove-stored-files.js';
import { recordAudit } from '../audit/index.js';
import { auditedAttachment } from './attachments.presenter.js';

/** A file already checked and stored elsewhere (a driver's photo): what a claim's copy of it is made from. */
export interface StoredFile {
  fileName: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  width: number | null;
  height: number | null;
  storageKey: string;
  thumbnailKey: string | null;
}

async function copyStored(storage: FileStorage, from: string, to: string) {
  const stream = await storage.get(from);
  if (!stream) throw new Error(`the stored file ${from} is missing`);
  await storage.put(to, stream);
}

/**
 * Adds copies of stored photos to a claim as its photos (issue 32: a driver's report becomes a claim's files): the
 * bytes are copied under the new rows' ids, so each side deletes its own; in the caller's transaction, audited on the
 * claim as every upload is. A copy that fails removes what it stored and fails the whole.
 */
export async function addPhotoCopies(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  claimId: string,
  files: readonly StoredFile[],
  log: Log,
): Promise<void> {
  const stored: string[] = [];
  try {
    for (const file of files) {
      const id = randomUUID();
      const storageKey = `attachments/${id}`;
      const thumbnailKey = file.thumbnailKey ? `thumbnails/${id}.webp` : null;
      await copyStored(storage, file.storageKey, storageKey);
      stored.push(storageKey);
      if (file.thumbnailKey && thumbnailKey) {
        await copyStored(storage, file.thumbnailKey, thumbnailKey);
        stored.push(thumbnailKey);
      }
      const [row] = await db
        .insert(attachments)
        .values({
          ...file,
          id,
          claimId,
          kind: 'photo',
          storageKey,
          thumbnailKey,
          uploadedById: actorUserId(actor),
          impersonatorId: actorImpersonatorId(actor),
        })
        .returning();
      await recordAudit(db, actor, {
        action: 'attachment.uploaded',
        entityType: 'claim',
        entityId: claimId,
        after: { id, ...auditedAttachment(row!) },
      });
    }
  } catch (error) {
    await removeStoredFiles(storage, stored, log);
    throw error;
  }
}
