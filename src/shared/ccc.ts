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
