import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { and, count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ATTACHMENTS_PER_CLAIM_MAX,
  inferAttachmentKind,
  uploadAttachmentFieldsSchema,
  type AttachmentKind,
} from '@shared/attachments.js';
import { AppError } from '@shared/errors.js';
import {
  actorImpersonatorId,
  actorOutsideLinkId,
  actorScope,
  actorUserId,
  type Actor,
  type CompanyScope,
} from '../../actor.js';
import type { Database } from '../../db/client.js';
import { attachments, claims, outsideLinks, repairFacilities, users } from '../../db/schema/index.js';
import type { Log } from '../../logger.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { claimHasRoomForFile } from './attachments.policy.js';
import { recordAudit } from '../audit/index.js';
import { CLAIM_NOT_FOUND, personName } from '../claims/index.js';
import { inScope } from '../../company-scope.js';
import { inspectUpload, makeThumbnail } from './attachment-content.js';
import { removeStoredFiles } from '../../storage/remove-stored-files.js';
import type { ReceivedUpload } from './attachment-upload.js';
import { auditedAttachment, type AttachmentWithUploader } from './attachments.presenter.js';

export const ATTACHMENT_NOT_FOUND = 'Attachment not found';

const impersonators = alias(users, 'impersonators');

function selectAttachments(db: Database) {
  return db
    .select({
      attachment: attachments,
      uploaderUsername: users.username,
      uploaderName: personName(users),
      impersonatorUsername: impersonators.username,
      impersonatorName: personName(impersonators),
      shopName: repairFacilities.name,
      companyId: claims.companyId,
    })
    .from(attachments)
    .innerJoin(claims, eq(claims.id, attachments.claimId))
    .leftJoin(users, eq(users.id, attachments.uploadedById))
    .leftJoin(impersonators, eq(impersonators.id, attachments.impersonatorId))
    .leftJoin(outsideLinks, eq(outsideLinks.id, attachments.outsideLinkId))
    .leftJoin(repairFacilities, eq(repairFacilities.id, outsideLinks.facilityId));
}

/** The claim's id if the caller may see it; otherwise 404, the same answer as for a claim that does not exist. */
export async function claimInScope(db: Database, scope: CompanyScope, claimId: string): Promise<string> {
  const [claim] = await db
    .select({ id: claims.id, companyId: claims.companyId })
    .from(claims)
    .where(eq(claims.id, claimId));
  if (!claim || !inScope(scope, claim.companyId)) throw new AppError('not_found', CLAIM_NOT_FOUND);
  return claim.id;
}

/** A claim's files, newest first (at most ATTACHMENTS_PER_CLAIM_MAX exist). */
export async function listAttachments(db: Database, claimId: string): Promise<AttachmentWithUploader[]> {
  return selectAttachments(db)
    .where(eq(attachments.claimId, claimId))
    .orderBy(desc(attachments.createdAt), desc(attachments.id))
    .limit(ATTACHMENTS_PER_CLAIM_MAX);
}

/** An attachment on a claim the caller may see; otherwise 404 (another company's file is not revealed). */
export async function loadAttachment(
  db: Database,
  scope: CompanyScope,
  id: string,
): Promise<AttachmentWithUploader> {
  const [row] = await selectAttachments(db).where(eq(attachments.id, id));
  if (!row || !inScope(scope, row.companyId)) throw new AppError('not_found', ATTACHMENT_NOT_FOUND);
  return row;
}

/**
 * Adds an uploaded file to a claim: checks its type by content, makes a thumbnail of an image, stores both
 * under the new row's id, then records the row and the audit entry. The claim row is locked meanwhile, so
 * concurrent uploads count each other and a claim being deleted cannot gain a file.
 */
export async function uploadAttachment(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  claimId: string,
  upload: ReceivedUpload,
  log: Log,
  /**
   * For an uploader that may add only some types (a shop's link: photos and PDF estimates): the kind a file of
   * the type found is kept as, or null to refuse it (415, `refused`), instead of the form's `kind` or the guess.
   */
  only?: { kindOf: (contentType: string) => AttachmentKind | null; refused: string },
): Promise<AttachmentWithUploader> {
  const fields = uploadAttachmentFieldsSchema.safeParse(upload.fields);
  if (!fields.success) {
    const message = fields.error.issues[0]!.message;
    throw new AppError('validation', message, { fieldErrors: { kind: [message] } });
  }
  const { contentType, fileName } = await inspectUpload(upload.path, upload.fileName);
  const allowedKind = only ? only.kindOf(contentType) : undefined;
  if (allowedKind === null) throw new AppError('unsupported_media_type', only!.refused);
  const thumbnail = await makeThumbnail(upload.path, contentType);
  const kind: AttachmentKind = allowedKind ?? fields.data.kind ?? inferAttachmentKind(fileName, contentType);

  const id = randomUUID();
  const storageKey = `attachments/${id}`;
  const thumbnailKey = thumbnail ? `thumbnails/${id}.webp` : null;
  try {
    await storage.put(storageKey, fs.createReadStream(upload.path));
    if (thumbnail && thumbnailKey) await storage.put(thumbnailKey, thumbnail.data);
    await db.transaction(async (tx) => {
      const [claim] = await tx
        .select({ id: claims.id })
        .from(claims)
        .where(eq(claims.id, claimId))
        .for('update');
      if (!claim) throw new AppError('not_found', CLAIM_NOT_FOUND);
      const [existing] = await tx
        .select({ value: count() })
        .from(attachments)
        .where(eq(attachments.claimId, claimId));
      if (!claimHasRoomForFile(existing?.value ?? 0)) {
        throw new AppError(
          'conflict',
          `A claim keeps at most ${ATTACHMENTS_PER_CLAIM_MAX} files. Delete some before adding more.`,
        );
      }
      const [row] = await tx
        .insert(attachments)
        .values({
          id,
          claimId,
          kind,
          fileName,
          contentType,
          sizeBytes: upload.sizeBytes,
          sha256: upload.sha256,
          width: thumbnail?.width ?? null,
          height: thumbnail?.height ?? null,
          storageKey,
          thumbnailKey,
          uploadedById: actorUserId(actor),
          impersonatorId: actorImpersonatorId(actor),
          outsideLinkId: actorOutsideLinkId(actor),
        })
        .returning();
      // Logged on the claim, so its audit trail shows its files coming and going.
      await recordAudit(tx, actor, {
        action: 'attachment.uploaded',
        entityType: 'claim',
        entityId: claimId,
        after: { id, ...auditedAttachment(row!) },
      });
    });
  } catch (error) {
    await removeStoredFiles(storage, [storageKey, thumbnailKey], log);
    throw error;
  }
  const [created] = await selectAttachments(db).where(eq(attachments.id, id));
  return created!;
}

export async function updateAttachmentKind(
  db: Database,
  actor: Actor,
  id: string,
  kind: AttachmentKind,
): Promise<AttachmentWithUploader> {
  const scope = actorScope(actor);
  const before = await loadAttachment(db, scope, id);
  if (before.attachment.kind === kind) return before;
  await db.transaction(async (tx) => {
    await tx.update(attachments).set({ kind }).where(eq(attachments.id, id));
    await recordAudit(tx, actor, {
      action: 'attachment.updated',
      entityType: 'claim',
      entityId: before.attachment.claimId,
      before: { id, kind: before.attachment.kind },
      after: { id, kind },
    });
  });
  return { ...before, attachment: { ...before.attachment, kind } };
}

export async function deleteAttachment(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  id: string,
  log: Log,
): Promise<void> {
  const scope = actorScope(actor);
  const { attachment } = await loadAttachment(db, scope, id);
  const deleted = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(attachments)
      .where(and(eq(attachments.id, id), eq(attachments.claimId, attachment.claimId)))
      .returning({ id: attachments.id });
    // Someone else deleted it meanwhile: nothing to record, and the file is theirs to remove.
    if (!row) return false;
    await recordAudit(tx, actor, {
      action: 'attachment.deleted',
      entityType: 'claim',
      entityId: attachment.claimId,
      before: { id, ...auditedAttachment(attachment) },
    });
    return true;
  });
  if (!deleted) throw new AppError('not_found', ATTACHMENT_NOT_FOUND);
  await removeStoredFiles(storage, [attachment.storageKey, attachment.thumbnailKey], log);
}
