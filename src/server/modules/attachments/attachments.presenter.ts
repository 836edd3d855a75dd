import type { Attachment } from '@shared/attachments.js';
import { shopLinkActorLabel } from '@shared/shop-links.js';
import type { attachments } from '../../db/schema/index.js';
import { person } from '../claims/index.js';

export type AttachmentRow = typeof attachments.$inferSelect;

export interface AttachmentWithUploader {
  attachment: AttachmentRow;
  uploaderUsername: string | null;
  uploaderName: string | null;
  impersonatorUsername: string | null;
  impersonatorName: string | null;
  /** The repair shop whose link uploaded it. */
  shopName: string | null;
}

/** An attachment as the API answers it: no storage keys, links to the file and its thumbnail. */
export function presentAttachment({
  attachment,
  uploaderUsername,
  uploaderName,
  impersonatorUsername,
  impersonatorName,
  shopName,
}: AttachmentWithUploader): Attachment {
  const base = `/api/attachments/${attachment.id}`;
  return {
    id: attachment.id,
    claimId: attachment.claimId,
    kind: attachment.kind,
    fileName: attachment.fileName,
    contentType: attachment.contentType,
    sizeBytes: attachment.sizeBytes,
    width: attachment.width,
    height: attachment.height,
    sha256: attachment.sha256,
    uploadedBy: person(attachment.uploadedById, uploaderUsername, uploaderName),
    impersonator: person(attachment.impersonatorId, impersonatorUsername, impersonatorName),
    via: attachment.outsideLinkId ? shopLinkActorLabel(shopName ?? 'repair shop') : null,
    createdAt: attachment.createdAt.toISOString(),
    fileUrl: `${base}/file`,
    thumbnailUrl: attachment.thumbnailKey ? `${base}/thumbnail` : null,
  };
}

/** What the audit log keeps of an attachment. */
export function auditedAttachment(attachment: AttachmentRow) {
  return {
    claimId: attachment.claimId,
    kind: attachment.kind,
    fileName: attachment.fileName,
    contentType: attachment.contentType,
    sizeBytes: attachment.sizeBytes,
    sha256: attachment.sha256,
  };
}
