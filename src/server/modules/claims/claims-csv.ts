import type { ClaimListItem } from '@shared/claims.js';
import { PRIORITY_LABELS } from '@shared/claims.js';
import { STATUS_LABELS } from '@shared/workflows.js';

/** RFC 4180 quoting; a leading = + - @ is prefixed so spreadsheets never run a cell as a formula. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Money as a spreadsheet reads it: dollars with two decimals, no symbol or grouping (162147 → 1621.47). */
export function dollars(cents: number | null): string | null {
  if (cents === null) return null;
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export const CLAIM_CSV_COLUMNS: [string, (claim: ClaimListItem) => unknown][] = [
  ['Claim number', (c) => c.claimNumber],
  ['Status', (c) => STATUS_LABELS[c.status]],
  ['Workflow', (c) => (c.workflow === 'collision' ? 'Collision' : 'Mechanical')],
  ['Priority', (c) => PRIORITY_LABELS[c.priority]],
  ['Company', (c) => c.companyName],
  ['Location', (c) => c.locationName],
  ['Unit', (c) => c.vehicle.unitNumber],
  ['VIN', (c) => c.vehicle.vin],
  ['Year', (c) => c.vehicle.year],
  ['Make', (c) => c.vehicle.make],
  ['Model', (c) => c.vehicle.model],
  ['Plate', (c) => c.vehicle.plate],
  ['Repair facility', (c) => c.facilityName],
  ['Assignee', (c) => c.assignee?.name],
  ['Date of loss', (c) => c.lossDate],
  ['Estimated completion', (c) => c.eta],
  ['Downtime days', (c) => c.downtimeDays],
  ['Estimate amount', (c) => dollars(c.estimateAmountCents)],
  ['Approved amount', (c) => dollars(c.approvedAmountCents)],
  ['Final amount', (c) => dollars(c.finalAmountCents)],
  ['Insurer claim number', (c) => c.insurerClaimNumber],
  ['Driver', (c) => c.reportedByName],
  ['Created', (c) => c.createdAt],
  ['Updated', (c) => c.updatedAt],
];

export function claimCsvHeader(): string {
  return `${CLAIM_CSV_COLUMNS.map(([name]) => csvCell(name)).join(',')}\r\n`;
}

export function claimCsvRow(claim: ClaimListItem): string {
  return `${CLAIM_CSV_COLUMNS.map(([, value]) => csvCell(value(claim))).join(',')}\r\n`;
}
