import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';
import type { AttachmentKind } from '@shared/attachments.js';
import { dayIn } from '@shared/time-zones.js';
import type { FileStorage } from '../../storage/file-storage.js';
import type { ClaimReport, StoredOriginal } from './claim-report.service.js';

/**
 * The claim pack (issue 32): what an insurer's adjuster needs of a claim in one ZIP — the claim's PDF report (the
 * same one as "Export PDF") and every file of the claim as it was uploaded, in a folder per kind, each named by
 * its place, day and own name so that it files in order:
 *
 *   CLM-00042/CLM-00042 claim report.pdf
 *   CLM-00042/photos/01 2026-11-20 front bumper.jpg
 *   CLM-00042/estimates/01 2026-11-21 CCC estimate.pdf
 *
 * Entries are stored, not compressed: photos and PDFs are compressed already, and the pack streams as it is read
 * from storage (fflate's `Zip`, waiting for the client to take each chunk), never held whole in memory.
 */

/** The folder of each kind of file in the pack. */
const FOLDERS: Record<AttachmentKind, string> = {
  photo: 'photos',
  estimate: 'estimates',
  invoice: 'invoices',
  document: 'documents',
};

/** The pack's file name, as the browser saves it. */
export const claimPackFileName = (claimNumber: string) => `${claimNumber} claim pack.zip`;

/** Every file's path in the pack, in the order of `originals` (oldest first): numbered per folder from 01. */
export function claimPackPaths(
  claimNumber: string,
  timeZone: string,
  originals: Pick<StoredOriginal, 'kind' | 'fileName' | 'createdAt'>[],
): string[] {
  const perKind = new Map<AttachmentKind, number>();
  for (const file of originals) perKind.set(file.kind, (perKind.get(file.kind) ?? 0) + 1);
  const seen = new Map<AttachmentKind, number>();
  return originals.map((file) => {
    const place = (seen.get(file.kind) ?? 0) + 1;
    seen.set(file.kind, place);
    const width = Math.max(2, String(perKind.get(file.kind)).length);
    // Names were cleaned at upload (no path separators or control characters); a ZIP path uses "/".
    return `${claimNumber}/${FOLDERS[file.kind]}/${String(place).padStart(width, '0')} ${dayIn(timeZone, file.createdAt)} ${file.fileName}`;
  });
}

/**
 * The pack of `report` as a stream: its PDF (`pdf`, already drawn) then each original read from `storage` in turn.
 * A file missing from storage is left out (the PDF's list of files still names it); a failure while reading one
 * ends the stream with that error.
 */
export function claimPackStream(report: ClaimReport, pdf: Buffer, storage: FileStorage): Readable {
  const out = new PassThrough();
  let full = false;
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    if (!out.write(chunk)) full = true;
    if (final) out.end();
  });
  // Until the client has taken what was written, or has gone.
  const drained = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        out.off('drain', done);
        out.off('close', done);
        resolve();
      };
      out.on('drain', done);
      out.on('close', done);
    });
  const add = async (path: string, source: Buffer | Readable) => {
    const entry = new ZipPassThrough(path);
    zip.add(entry);
    if (Buffer.isBuffer(source)) {
      entry.push(source, true);
      return;
    }
    for await (const chunk of source) {
      entry.push(chunk as Buffer);
      // The client's pace: read no more of the file until it has taken what was written.
      if (full) {
        full = false;
        await drained();
      }
      // The client has gone: leaving the loop closes the file.
      if (out.destroyed) return;
    }
    entry.push(new Uint8Array(0), true);
  };
  const { claimNumber } = report.claim;
  const paths = claimPackPaths(claimNumber, report.timeZone, report.originals);
  void (async () => {
    await add(`${claimNumber}/${claimNumber} claim report.pdf`, pdf);
    for (const [index, original] of report.originals.entries()) {
      if (out.destroyed) return;
      const stream = await storage.get(original.storageKey);
      if (stream) await add(paths[index]!, stream);
    }
    zip.end();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
