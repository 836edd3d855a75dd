import { CLAIM_AMOUNT_MAX_CENTS } from '@shared/claim-edits.js';
import { formatCents } from '@shared/money.js';
import { isCurrentClaimLine, readLine, readRates, type BmsLine } from './bms-lines.js';
import { readContact, readFacility, readInsurer, type BmsContact } from './bms-parties.js';
import { computeTotals, type BmsTotals } from './bms-totals.js';
import {
  arr,
  BmsRejection,
  decode,
  flag,
  node,
  optionalCents,
  parseBmsDateTime,
  parseDocument,
  refuseDeclarations,
  text,
} from './bms-xml.js';

/**
 * Reads a CCC ONE estimate: a CIECA BMS `VehicleDamageEstimateAddRq` (docs/decisions/020-ccc-import.md and
 * ../shared/integrations/ccc-bms.md). Elements are read by local name (the BMS namespace, a prefix or none);
 * whatever FleetClaims does not use is ignored. Money is turned into integer cents from its decimal text,
 * never through floats. A file that cannot be an estimate throws a `BmsRejection` whose message the import
 * log shows.
 */

export const BMS_ESTIMATE_ROOT = 'VehicleDamageEstimateAddRq';

export interface BmsEstimate {
  rqUid: string;
  documentId: string;
  versionCode: 'EM' | 'SV';
  versionNumber: number;
  committed: boolean;
  createdAt: Date | null;
  repairOrderId: string | null;
  altEstimateId: string | null;
  /** Normalised (trimmed, upper-case, single spaces); null for none or a placeholder like "N/A". */
  claimNumber: string | null;
  vin: string | null;
  insurer: string | null;
  policyNumber: string | null;
  /** The policy's deductible (`ClaimInfo/…/DeductibleAmt`), null when the file gives none. */
  policyDeductibleCents: number | null;
  /** `AdminInfo/Adjuster`: the insurer's adjuster, null when the file names none. */
  adjuster: BmsContact | null;
  repairFacility: { name: string | null; shopId: string | null };
  totalLoss: boolean;
  valuationCents: number | null;
  drivable: boolean | null;
  odometer: number | null;
  taxPercentThousandths: number;
  lines: BmsLine[];
  totals: BmsTotals;
  /** Differences between the file's totals and its lines (kept, not fatal). */
  warnings: string[];
}

const PLACEHOLDER_CLAIM_NUMBERS = new Set(['', 'N/A', 'NA', 'TBD', 'NONE', 'UNKNOWN']);

/** Trimmed, upper case, inner spaces collapsed; placeholders ("N/A", "TBD") are no claim number. */
export function normaliseClaimNumber(value: string | undefined): string | null {
  const normal = (value ?? '').trim().toUpperCase().replace(/\s+/g, ' ');
  return PLACEHOLDER_CLAIM_NUMBERS.has(normal) ? null : normal;
}

function normaliseVin(value: string | undefined): string | null {
  const vin = (value ?? '').replace(/\s+/g, '').toUpperCase();
  return vin === '' ? null : vin;
}

/** The reason a file over the limit is refused, also for one never read (the inbox looks at its size first). */
export const tooLargeReason = (size: number, maxBytes: number) =>
  `File too large: ${size.toLocaleString('en-US')} bytes (the limit is ${maxBytes.toLocaleString('en-US')})`;

export interface ParseOptions {
  maxBytes: number;
}

/**
 * Parses one BMS estimate file, or throws a `BmsRejection` saying why it is not one: whatever goes wrong in
 * reading a file is the file's rejection, never an error of the import (issue 28, finding 5).
 */
export function parseBmsEstimate(content: Buffer | string, options: ParseOptions): BmsEstimate {
  try {
    return readEstimate(content, options);
  } catch (error) {
    if (error instanceof BmsRejection) throw error;
    const why = error instanceof Error ? error.message : String(error);
    throw new BmsRejection(`Could not read the file as a BMS estimate: ${why.slice(0, 200)}`);
  }
}

/** Estimate quantities and hours are numeric(10,2) and (8,2) columns; money is an integer of cents. */
const LIMITS = {
  cents: CLAIM_AMOUNT_MAX_CENTS,
  quantityHundredths: 9_999_999_999,
  hoursHundredths: 99_999_999,
};

/** Refuses amounts no estimate has and the database cannot store, rather than failing to store them. */
function assertStorable(lines: BmsLine[], totals: BmsTotals) {
  const { partsCents, laborCents, paintCents, otherCents, taxCents, grossCents, deductibleCents, netCents } =
    totals;
  const amounts = [partsCents, laborCents, paintCents, otherCents, taxCents, grossCents, deductibleCents];
  amounts.push(netCents, partsCents + laborCents + paintCents + otherCents);
  for (const line of lines) {
    amounts.push(line.unitPriceCents, line.partCents + line.otherCents, line.laborCents);
    amounts.push(line.partCents + line.otherCents + line.laborCents);
    if (
      Math.abs(line.quantityHundredths) > LIMITS.quantityHundredths ||
      Math.abs(line.laborHundredths) > LIMITS.hoursHundredths
    ) {
      throw new BmsRejection(
        `Not a usable estimate: line ${line.lineNumber} has an impossible quantity or hours`,
      );
    }
  }
  if (amounts.some((amount) => Math.abs(amount) > LIMITS.cents)) {
    throw new BmsRejection(
      `Not a usable estimate: an amount is over ${formatCents(LIMITS.cents)}, more than any estimate`,
    );
  }
}

function readEstimate(content: Buffer | string, { maxBytes }: ParseOptions): BmsEstimate {
  const size = typeof content === 'string' ? Buffer.byteLength(content) : content.length;
  if (size > maxBytes) throw new BmsRejection(tooLargeReason(size, maxBytes));
  if (size === 0) throw new BmsRejection('Empty file');
  const xml = decode(content);
  refuseDeclarations(xml);
  const { root, body } = parseDocument(xml);
  if (root !== BMS_ESTIMATE_ROOT) throw new BmsRejection(`Not a BMS estimate (root ${root})`);

  const info = node(body.DocumentInfo);
  const documentId = text(info, 'DocumentID');
  if (!documentId) throw new BmsRejection('Not a usable estimate: DocumentInfo/DocumentID is missing');
  const documentType = text(info, 'DocumentType');
  if (documentType && documentType.toUpperCase() !== 'E') {
    throw new BmsRejection(`Not a vehicle damage estimate (DocumentType ${documentType})`);
  }
  const version = arr(info?.DocumentVer).find((entry) =>
    ['EM', 'SV'].includes(text(entry, 'DocumentVerCode')?.toUpperCase() ?? ''),
  );
  const versionCode = (text(version, 'DocumentVerCode')?.toUpperCase() ?? 'EM') as 'EM' | 'SV';
  const versionNumber = Number(text(version, 'DocumentVerNum') ?? (versionCode === 'EM' ? '0' : 'NaN'));
  if (!Number.isInteger(versionNumber) || versionNumber < 0 || versionNumber > 99) {
    throw new BmsRejection('Not a usable estimate: DocumentVerNum must be 0 to 99');
  }
  const rqUid = text(body, 'RqUID');
  if (!rqUid) throw new BmsRejection('Not a usable estimate: RqUID is missing');

  const claimNumber =
    normaliseClaimNumber(text(body, 'ClaimInfo', 'ClaimNum')) ??
    normaliseClaimNumber(text(body, 'RefClaimNum'));
  const vehicle = node(body.VehicleInfo);
  const vin = normaliseVin(text(vehicle, 'VINInfo', 'VIN', 'VINNum'));
  if (!claimNumber && !vin)
    throw new BmsRejection('Not a usable estimate: it has neither a claim number nor a VIN');

  const rates = readRates(body);
  const lineNodes = arr(body.DamageLineInfo).filter(isCurrentClaimLine);
  if (lineNodes.length === 0) throw new BmsRejection('Not a usable estimate: it has no DamageLineInfo lines');
  const lines = lineNodes.map((line, index) => readLine(line, index, rates));
  const warnings: string[] = [];
  const totals = computeTotals(body, lines, rates, warnings);
  assertStorable(lines, totals);
  const references = arr(node(info?.ReferenceInfo)?.OtherReferenceInfo);
  const alt = references.find((ref) => text(ref, 'OtherReferenceName') === 'AltEstimateID1');
  const odometer = text(vehicle, 'VehicleDesc', 'OdometerInfo', 'OdometerReading');

  return {
    rqUid,
    documentId,
    versionCode,
    versionNumber,
    committed: (text(info, 'DocumentStatus')?.toUpperCase() ?? 'C') !== 'I',
    createdAt: parseBmsDateTime(text(info, 'CreateDateTime')),
    repairOrderId: text(info, 'ReferenceInfo', 'RepairOrderID') ?? null,
    altEstimateId: alt ? (text(alt, 'OtherRefNum') ?? text(alt, 'OtherReferenceNum') ?? null) : null,
    claimNumber,
    vin,
    insurer: readInsurer(body),
    policyNumber: text(body, 'ClaimInfo', 'PolicyInfo', 'PolicyNum') ?? null,
    policyDeductibleCents: optionalCents(
      text(body, 'ClaimInfo', 'PolicyInfo', 'CoverageInfo', 'Coverage', 'DeductibleInfo', 'DeductibleAmt'),
      'DeductibleAmt',
    ),
    adjuster: readContact(body, 'Adjuster'),
    repairFacility: readFacility(body),
    totalLoss: flag(text(body, 'ClaimInfo', 'LossInfo', 'TotalLossInd')) === true,
    valuationCents: optionalCents(text(vehicle, 'Valuation', 'ValuationAmt'), 'ValuationAmt'),
    drivable: flag(text(vehicle, 'Condition', 'DrivableInd')),
    odometer: odometer && /^\d+$/.test(odometer) ? Number(odometer) : null,
    taxPercentThousandths: rates.get('PA')?.taxThousandths ?? 0,
    lines,
    totals,
    warnings,
  };
}
