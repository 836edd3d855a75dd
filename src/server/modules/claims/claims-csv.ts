import type { ClaimListItem } from '@shared/claims.js';
import { PRIORITY_LABELS } from '@shared/claims.js';
import { STATUS_LABELS } from '@shared/workflows.js';
import { csvLine } from '@shared/csv.js';
import { centsToDecimal } from '@shared/money.js';

/** Money as a spreadsheet reads it: dollars with two decimals, no symbol or grouping (162147 → 1621.47). */
const dollars = (cents: number | null) => (cents === null ? null : centsToDecimal(cents));

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
  return csvLine(CLAIM_CSV_COLUMNS.map(([name]) => name));
}

export function claimCsvRow(claim: ClaimListItem): string {
  return csvLine(CLAIM_CSV_COLUMNS.map(([, value]) => value(claim)));
}
