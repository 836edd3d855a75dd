import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { CccImportResult, CccImportSource, CccMatchedBy } from '@shared/ccc.js';
import { AppError } from '@shared/errors.js';
import { actorUserId, type Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { cccImports } from '../../db/schema/index.js';
import type { BmsEstimate } from './bms-parser.js';

/**
 * The rows of the CCC import log as the importer writes them: one per file received, with its original
 * (compressed) and what became of it (decision 020).
 */

export const CCC_IMPORT_NOT_FOUND = 'Import not found';

export type CccImportRow = Omit<typeof cccImports.$inferSelect, 'content'>;

const { content: _content, ...columns } = getTableColumns(cccImports);
/** Every column but the content: what a written row answers. */
export const returnedColumns = columns;

export interface ReceivedFile {
  fileName: string;
  content: Buffer;
  source: CccImportSource;
}

export interface Outcome {
  result: CccImportResult;
  reason: string | null;
  claimId: string | null;
  estimateId: string | null;
  matchedBy: CccMatchedBy | null;
}

export const parsedColumns = (estimate: BmsEstimate | null) => ({
  rqUid: estimate?.rqUid ?? null,
  documentId: estimate?.documentId ?? null,
  versionCode: estimate?.versionCode ?? null,
  versionNumber: estimate?.versionNumber ?? null,
  committed: estimate?.committed ?? null,
  claimNumber: estimate?.claimNumber ?? null,
  vin: estimate?.vin ?? null,
  grossCents: estimate?.totals.grossCents ?? null,
  facilityName: estimate?.repairFacility.name ?? null,
  facilityShopId: estimate?.repairFacility.shopId ?? null,
  warnings: estimate?.warnings ?? [],
});

/** A name without control characters: it is shown and downloaded, and PostgreSQL stores no NUL. */
const printable = (name: string) =>
  Array.from(name, (char) => (char.charCodeAt(0) < 0x20 || char === '\u007f' ? '_' : char)).join('');

/**
 * Logs a file that could not be read at all (too large to read, unreadable) as rejected with `reason`: its row
 * has its name and size and no content (issue 28, finding 5).
 */
export async function rejectUnreadCccFile(
  db: Database,
  actor: Actor,
  file: Omit<ReceivedFile, 'content'> & { size: number },
  reason: string,
): Promise<CccImportRow> {
  const outcome: Outcome = { result: 'rejected', reason, claimId: null, estimateId: null, matchedBy: null };
  const unread = { ...file, content: Buffer.alloc(0) };
  return logFile(db, actor, unread, file.size, {
    ...parsedColumns(null),
    repairFacilityId: null,
    ...outcome,
  });
}

export async function logFile(
  db: Database,
  actor: Actor,
  file: ReceivedFile,
  size: number,
  values: ReturnType<typeof parsedColumns> & Outcome & { repairFacilityId: string | null },
): Promise<CccImportRow> {
  const [row] = await db
    .insert(cccImports)
    .values({
      // A name is shown and downloaded: no control characters (a NUL cannot even be stored).
      fileName: printable(file.fileName).slice(0, 255) || 'estimate.xml',
      fileSize: size,
      content: storedContent(file.content),
      sha256: createHash('sha256').update(file.content).digest('hex'),
      source: file.source,
      uploadedById: actorUserId(actor),
      ...values,
      createdAt: sql`clock_timestamp()`,
      updatedAt: sql`clock_timestamp()`,
    })
    .returning(returnedColumns);
  return row!;
}

/**
 * The original as stored: gzip-compressed (XML shrinks about tenfold, and PGlite writes a 5 MB value in over a
 * second on a busy machine), as base64 the database decodes (PGlite binds a 5 MB Buffer parameter ~20× slower
 * than a text; decision 020).
 */
function storedContent(content: Buffer) {
  return sql`decode(${gzipSync(content, { level: 1 }).toString('base64')}, 'base64')`;
}

/**
 * The original file of a logged import, byte for byte (read as base64, like it is written). Files logged
 * before the content was compressed are stored as they came: the original's SHA-256 tells which.
 */
export async function loadCccImportContent(db: Database, id: string): Promise<Buffer> {
  const [row] = await db
    .select({ base64: sql<string>`encode(${cccImports.content}, 'base64')`, sha256: cccImports.sha256 })
    .from(cccImports)
    .where(eq(cccImports.id, id));
  if (!row) throw new AppError('not_found', CCC_IMPORT_NOT_FOUND);
  const stored = Buffer.from(row.base64, 'base64');
  if (stored[0] !== 0x1f || stored[1] !== 0x8b) return stored;
  try {
    const original = gunzipSync(stored);
    if (createHash('sha256').update(original).digest('hex') === row.sha256) return original;
  } catch {
    // Not gzip after all: a file that merely starts with the same two bytes, stored as it came.
  }
  return stored;
}
