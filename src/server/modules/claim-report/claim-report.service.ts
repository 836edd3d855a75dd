import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import type { Attachment, AttachmentKind } from '@shared/attachments.js';
import type { Authorization } from '@shared/authorizations.js';
import type { Claim, Note, StatusHistoryEntry } from '@shared/claims.js';
import type { Estimate } from '@shared/estimates.js';
import { actorScope, type Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { listAttachments, presentAttachment, type AttachmentWithUploader } from '../attachments/index.js';
import { listNotes, statusHistory, loadClaimRow, showClaim } from '../claims/index.js';
import { companyTimeZone } from '../companies/index.js';
import { loadClaimCosts } from '../estimates/index.js';

import { claimDriverReports, type ClaimDriverReport } from './claim-pdf-driver-report.js';
/** The report shows the newest photos up to this many (four rows of three); it counts the rest. */
export const REPORT_PHOTOS_MAX = 12;

/** A file of the claim as uploaded, where its bytes are kept. */
export interface StoredOriginal {
  kind: AttachmentKind;
  fileName: string;
  createdAt: Date;
  storageKey: string;
}

/** A photo's thumbnail as a JPEG (PDF takes JPEG and PNG, the thumbnails are WebP). */
export interface ReportPhoto {
  fileName: string;
  createdAt: string;
  jpeg: Buffer;
  width: number;
  height: number;
}

/** Everything the claim's PDF report shows, loaded in a fixed number of queries. */
export interface ClaimReport {
  claim: Claim;
  history: StatusHistoryEntry[];
  notes: Note[];
  /** Original first, then supplements. */
  estimates: Estimate[];
  /** Newest first. */
  authorizations: Authorization[];
  /** Every file on the claim, newest first. */
  files: Attachment[];
  /** The newest photos that have a thumbnail, at most REPORT_PHOTOS_MAX. */
  photos: ReportPhoto[];
  /** Every file's original in storage, oldest first (the claim pack's files). */
  originals: StoredOriginal[];
  generatedAt: string;
  /** The claim's company's time zone: every time in the report is printed in it. */
  timeZone: string;
  /** The drivers' reports it was opened from or attached to (issue 32), oldest first. */
  driverReports: ClaimDriverReport[];
}

/**
 * The thumbnail of a photo, read from storage and turned into a JPEG on white. A thumbnail that has gone
 * missing or cannot be read is left out: the report still lists the file.
 */
async function reportPhoto(storage: FileStorage, row: AttachmentWithUploader): Promise<ReportPhoto | null> {
  const { attachment } = row;
  if (!attachment.thumbnailKey) return null;
  try {
    const stream = await storage.get(attachment.thumbnailKey);
    if (!stream) return null;
    const { data, info } = await sharp(await buffer(stream))
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return {
      fileName: attachment.fileName,
      createdAt: attachment.createdAt.toISOString(),
      jpeg: data,
      width: info.width,
      height: info.height,
    };
  } catch {
    return null;
  }
}

/** The report of a claim the caller can see (another company's claim: 404, as everywhere). */
export async function loadClaimReport(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  id: string,
): Promise<ClaimReport> {
  const row = await loadClaimRow(db, actorScope(actor), id);
  const [claim, history, notes, costs, attachmentRows, timeZone, drivers] = await Promise.all([
    showClaim(db, actor, row),
    statusHistory(db, row.claim.id),
    listNotes(db, row.claim.id),
    loadClaimCosts(db, row.claim.id),
    listAttachments(db, row.claim.id),
    companyTimeZone(db, row.claim.companyId),
    claimDriverReports(db, row.claim.id),
  ]);
  const photoRows = attachmentRows
    .filter(({ attachment }) => attachment.kind === 'photo' && attachment.thumbnailKey)
    .slice(0, REPORT_PHOTOS_MAX);
  const photos = await Promise.all(photoRows.map((photo) => reportPhoto(storage, photo)));
  return {
    claim,
    history,
    notes,
    estimates: costs.estimates,
    authorizations: costs.authorizations,
    files: attachmentRows.map(presentAttachment),
    photos: photos.filter((photo) => photo !== null),
    originals: attachmentRows
      .map(({ attachment: { kind, fileName, createdAt, storageKey } }) => ({
        kind,
        fileName,
        createdAt,
        storageKey,
      }))
      .reverse(),
    generatedAt: new Date().toISOString(),
    timeZone,
    driverReports: drivers,
  };
}
