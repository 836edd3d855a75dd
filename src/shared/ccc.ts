import { z } from 'zod';
import { personSchema } from './people.js';

/**
 * CCC ONE estimate import (issue 16, decision 020): what happened to each file, as the import log shows it.
 */

export const CCC_IMPORT_SOURCES = ['upload', 'inbox'] as const;
export type CccImportSource = (typeof CCC_IMPORT_SOURCES)[number];

export const CCC_IMPORT_RESULTS = [
  'imported',
  'supplement',
  'duplicate',
  'held',
  'unmatched',
  'rejected',
] as const;
export type CccImportResult = (typeof CCC_IMPORT_RESULTS)[number];
export const CCC_IMPORT_RESULT_LABELS: Record<CccImportResult, string> = {
  imported: 'Imported',
  supplement: 'Supplement',
  duplicate: 'Duplicate',
  held: 'Held for review',
  unmatched: 'Unmatched',
  rejected: 'Rejected',
};

/** How the file found its claim. */
export const CCC_MATCHED_BY = ['document', 'claim_number', 'vin', 'manual'] as const;
export type CccMatchedBy = (typeof CCC_MATCHED_BY)[number];
export const CCC_MATCHED_BY_LABELS: Record<CccMatchedBy, string> = {
  document: 'estimate already on the claim',
  claim_number: 'insurer claim number',
  vin: 'VIN of an open claim',
  manual: 'assigned by hand',
};

/** "Original" for EM 0, "Supplement n" for SV n. */
export function cccVersionLabel(versionNumber: number): string {
  return versionNumber === 0 ? 'Original' : `Supplement ${versionNumber}`;
}

/** "EM 0" → Original, "SV 2" → Supplement 2, with "(in progress)" for a preliminary file. */
export function cccImportVersionLabel(
  versionNumber: number | null,
  committed: boolean | null,
): string | null {
  if (versionNumber === null) return null;
  return `${cccVersionLabel(versionNumber)}${committed === false ? ' (in progress)' : ''}`;
}

const dateOnly = z.iso.date({ message: 'Use a date like 2026-11-25' });

/** `GET /api/ccc/imports`: the import log, newest first, filtered by result and by the day received. */
export const listCccImportsQuerySchema = z.object({
  result: z.enum(CCC_IMPORT_RESULTS, { message: 'Choose a result' }).optional(),
  from: dateOnly.optional().describe('Received on or after this day (UTC)'),
  to: dateOnly.optional().describe('Received on or before this day (UTC)'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type ListCccImportsQuery = z.infer<typeof listCccImportsQuerySchema>;

export const cccImportSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  fileSize: z.number().int(),
  source: z.enum(CCC_IMPORT_SOURCES),
  uploadedBy: personSchema.describe('Who uploaded it; null for the inbox folder'),
  result: z.enum(CCC_IMPORT_RESULTS),
  reason: z.string().nullable(),
  warnings: z.array(z.string()),
  documentId: z.string().nullable(),
  version: z.string().nullable().describe('Original, Supplement n; "(in progress)" for a preliminary file'),
  claimNumber: z.string().nullable().describe('The insurer claim number in the file'),
  vin: z.string().nullable(),
  grossCents: z.number().int().nullable(),
  facility: z.object({
    name: z.string().nullable().describe('The repair facility the file names'),
    repairFacilityId: z.uuid().nullable().describe('Ours, matched by CCC shop id or name; null when unknown'),
  }),
  claim: z.object({ id: z.uuid(), number: z.string() }).nullable(),
  estimateId: z.uuid().nullable(),
  matchedBy: z.enum(CCC_MATCHED_BY).nullable(),
  attempts: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type CccImport = z.infer<typeof cccImportSchema>;

export const cccImportPageSchema = z.object({
  items: z.array(cccImportSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CccImportPage = z.infer<typeof cccImportPageSchema>;

export const uploadCccFilesResultSchema = z.object({ items: z.array(cccImportSchema) });

export const assignCccImportSchema = z.object({
  claimId: z.uuid('Choose a claim'),
});

/** The inbox folder another program drops files into, and what waits there. */
export const cccInboxSchema = z.object({
  path: z.string(),
  exists: z.boolean(),
  waiting: z.number().int().describe('Files waiting to be imported'),
  processed: z.number().int(),
  failed: z.number().int(),
  pollEveryMs: z.number().int(),
  maxFileBytes: z.number().int(),
  lastRunAt: z.iso.datetime({ offset: true }).nullable(),
  lastRunStatus: z.string().nullable(),
});
export type CccInbox = z.infer<typeof cccInboxSchema>;
