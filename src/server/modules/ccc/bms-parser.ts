import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { divideRounded } from '@shared/money.js';
import type { EstimateOperation } from '@shared/estimates.js';

/**
 * Reads a CCC ONE estimate: a CIECA BMS `VehicleDamageEstimateAddRq` (docs/decisions/020-ccc-import.md and
 * ../shared/integrations/ccc-bms.md). Elements are read by local name (the BMS namespace, a prefix or none);
 * whatever FleetClaims does not use is ignored. Money is turned into integer cents from its decimal text,
 * never through floats. A file that cannot be an estimate throws a `BmsRejection` whose message the import
 * log shows.
 */

export const BMS_ESTIMATE_ROOT = 'VehicleDamageEstimateAddRq';

export class BmsRejection extends Error {
  override name = 'BmsRejection';
}

export interface BmsLine {
  /** `UniqueSequenceNum` (stable across supplements), else the line number: diffs versions by it. */
  key: string;
  lineNumber: number;
  description: string;
  header: string | null;
  operation: EstimateOperation;
  laborOperation: string | null;
  partType: string | null;
  partNumber: string | null;
  /** Hundredths (1 → 100); a missing or 0 quantity counts as 1. */
  quantityHundredths: number;
  unitPriceCents: number;
  partCents: number;
  laborType: string | null;
  /** Hundredths of an hour (2.4 h → 240). */
  laborHundredths: number;
  laborCents: number;
  otherChargeType: string | null;
  otherCents: number;
  sublet: boolean;
}

export interface BmsLaborTotal {
  type: string;
  hundredths: number;
  cents: number;
}

export interface BmsTotals {
  partsCents: number;
  laborCents: number;
  laborHundredths: number;
  laborByType: BmsLaborTotal[];
  /** Paint materials (`MAPA`). */
  paintCents: number;
  /** Every other charge (hazardous waste, sublet, …). */
  otherCents: number;
  taxCents: number;
  grossCents: number;
  deductibleCents: number;
  netCents: number;
}

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

type Node = Record<string, unknown>;

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
});

function arr(value: unknown): Node[] {
  if (value === undefined || value === null || value === '') return [];
  return (Array.isArray(value) ? value : [value]) as Node[];
}

function node(value: unknown): Node | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first && typeof first === 'object' ? (first as Node) : undefined;
}

/** The text at a path of local names (the first of repeated elements), trimmed; undefined when absent. */
function text(from: unknown, ...path: string[]): string | undefined {
  let current: unknown = from;
  for (const name of path) {
    const parent = node(current);
    if (!parent) return undefined;
    current = parent[name];
  }
  if (Array.isArray(current)) current = current[0];
  if (current === undefined || current === null) return undefined;
  if (typeof current === 'object') {
    const inner = (current as Node)['#text'];
    return inner === undefined ? undefined : String(inner).trim();
  }
  const value = String(current).trim();
  return value === '' ? undefined : value;
}

/**
 * A decimal text as an integer count of `places` decimals ("389.5", 2 → 38950), exact: no float ever holds
 * the amount. Rounded half up past `places`. Throws a rejection naming the element on anything else.
 */
export function decimalUnits(value: string, places: number, what: string): number {
  const match = /^([+-])?(\d*)(?:\.(\d*))?$/.exec(value.trim());
  if (!match || (match[2] === '' && !match[3])) throw new BmsRejection(`${what} is not a number: "${value}"`);
  const [, sign, whole = '', fraction = ''] = match;
  const kept = fraction.slice(0, places).padEnd(places, '0');
  let units = Number(whole || '0') * 10 ** places + Number(kept || '0');
  if (fraction.length > places && Number(fraction[places]) >= 5) units += 1;
  if (!Number.isSafeInteger(units)) throw new BmsRejection(`${what} is too large: "${value}"`);
  return sign === '-' ? -units : units;
}

const cents = (value: string | undefined, what: string) =>
  value === undefined ? 0 : decimalUnits(value, 2, what);
const optionalCents = (value: string | undefined, what: string) =>
  value === undefined ? null : decimalUnits(value, 2, what);

function flag(value: string | undefined): boolean | null {
  if (value === undefined) return null;
  const upper = value.toUpperCase();
  if (['Y', 'YES', '1', 'TRUE', 'T'].includes(upper)) return true;
  if (['N', 'NO', '0', 'FALSE', 'F'].includes(upper)) return false;
  return null;
}

/**
 * A BMS date-time: CCC writes seven fractional digits, an offset, and sometimes unpadded months and days
 * (`2016-1-20T18:01:19.7357874-08:00`). JavaScript's Date reads milliseconds only, so the fraction is cut.
 */
export function parseBmsDateTime(value: string | undefined): Date | null {
  if (!value) return null;
  const match =
    /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(
      value.trim(),
    );
  if (!match) return null;
  const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '', zone] = match;
  const pad = (part: string) => part.padStart(2, '0');
  const millis = fraction.slice(0, 3).padEnd(3, '0');
  const offset = !zone
    ? 'Z'
    : zone.toUpperCase() === 'Z'
      ? 'Z'
      : zone.includes(':')
        ? zone
        : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const iso = `${year}-${pad(month!)}-${pad(day!)}T${pad(hour)}:${minute}:${second}.${millis}${offset}`;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
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

/** Refuses what must never be parsed: a DTD or entity declarations (XXE, entity expansion). */
function refuseDeclarations(xml: string) {
  if (/<!DOCTYPE/i.test(xml) || /<!ENTITY/i.test(xml)) {
    throw new BmsRejection('Refused: the file declares a DTD or entities (never resolved)');
  }
}

function decode(content: Buffer | string): string {
  if (typeof content === 'string') return content.replace(/^\uFEFF/, '');
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(content);
  } catch {
    throw new BmsRejection('Not UTF-8 text: a BMS file is UTF-8 XML');
  }
}

/** The root element's local name and content, refusing anything but well-formed XML with one root. */
function parseDocument(xml: string): { root: string; body: Node } {
  const valid = XMLValidator.validate(xml, { allowBooleanAttributes: true });
  if (valid !== true) {
    const { msg, line, col } = valid.err;
    const unclosed = /^Invalid '\[(.*)\]' found\.$/s.exec(msg);
    if (unclosed) {
      // The file ended inside open elements: say so at the end of the file, as expat does.
      const open = unclosed[1]!.split(',').map((name) => name.trim().replace(/^"|"$/g, ''));
      const lines = xml.split(/\r\n|\r|\n/);
      throw new BmsRejection(
        `Not well-formed XML: the file ends before <${open.at(-1)}> is closed (line ${lines.length}, column ${lines.at(-1)!.length})`,
      );
    }
    throw new BmsRejection(`Not well-formed XML: ${msg} (line ${line}, column ${col})`);
  }
  const document = parser.parse(xml) as Node;
  const roots = Object.keys(document).filter((key) => !key.startsWith('?') && key !== '#text');
  if (roots.length !== 1) throw new BmsRejection('Not a BMS estimate (no single root element)');
  const root = roots[0]!;
  return { root, body: node(document[root]) ?? {} };
}

interface Rate {
  cents: number | null;
  taxThousandths: number;
}

/** `ProfileInfo/RateInfo`: the labour and material rates and the tax percentage of each rate type. */
function readRates(body: Node): Map<string, Rate> {
  const rates = new Map<string, Rate>();
  for (const rate of arr(node(body.ProfileInfo)?.RateInfo)) {
    const type = text(rate, 'RateType')?.toUpperCase();
    if (!type) continue;
    const tier =
      arr(rate.RateTierInfo).find((t) => (text(t, 'TierNum') ?? '1') === '1') ?? arr(rate.RateTierInfo)[0];
    const rateText = tier ? text(tier, 'Rate') : undefined;
    const taxable = flag(text(rate, 'TaxableInd')) !== false;
    const taxInfo = arr(rate.TaxInfo).find((info) => flag(text(info, 'TaxableInd')) !== false);
    const percentage = taxInfo ? text(taxInfo, 'TaxTierInfo', 'Percentage') : undefined;
    rates.set(type, {
      cents: rateText === undefined ? null : decimalUnits(rateText, 2, `Rate of ${type}`),
      taxThousandths: taxable && percentage ? decimalUnits(percentage, 3, `Tax percentage of ${type}`) : 0,
    });
  }
  return rates;
}

const REFINISH_OPERATIONS = new Set(['OP6', 'OP15']);
const SUBLET_CHARGES = new Set(['OTSL']);
const PAINT_CHARGES = new Set(['MAPA']);

function readLine(line: Node, index: number, rates: Map<string, Rate>): BmsLine {
  const lineNumber = Number(text(line, 'LineNum') ?? index + 1);
  const label = `Line ${Number.isFinite(lineNumber) ? lineNumber : index + 1}`;
  const part = node(line.PartInfo);
  const labor = node(line.LaborInfo);
  const other = node(line.OtherChargesInfo);
  const sublet = node(line.SubletInfo);

  const priceText = part ? text(part, 'PartPrice') : undefined;
  const unitPriceCents = cents(priceText, `${label}: PartPrice`);
  const quantityText = part ? text(part, 'Quantity') : undefined;
  let quantityHundredths =
    quantityText === undefined ? 100 : decimalUnits(quantityText, 2, `${label}: Quantity`);
  if (quantityHundredths === 0) quantityHundredths = 100;
  const partCents = part ? divideRounded(unitPriceCents * quantityHundredths, 100) : 0;

  const laborType = labor ? (text(labor, 'LaborType')?.toUpperCase() ?? null) : null;
  const laborOperation = labor ? (text(labor, 'LaborOperation')?.toUpperCase() ?? null) : null;
  const hoursText = labor ? text(labor, 'LaborHours') : undefined;
  const included = labor ? flag(text(labor, 'LaborInclInd')) === true : false;
  const laborHundredths = hoursText === undefined ? 0 : decimalUnits(hoursText, 2, `${label}: LaborHours`);
  let laborCents = 0;
  if (laborHundredths !== 0 && !included) {
    const rate = laborType ? rates.get(laborType)?.cents : null;
    if (rate === null || rate === undefined) {
      throw new BmsRejection(`${label}: no rate for labour type ${laborType ?? '(none)'} in ProfileInfo`);
    }
    laborCents = divideRounded(laborHundredths * rate, 100);
  }

  const otherChargeType = other ? (text(other, 'OtherChargesType')?.toUpperCase() ?? null) : null;
  const otherCents = other ? cents(text(other, 'Price'), `${label}: Price`) : 0;
  const isSublet =
    (otherChargeType !== null && SUBLET_CHARGES.has(otherChargeType)) ||
    (sublet !== undefined &&
      (flag(text(sublet, 'PartSubletInd')) === true || flag(text(sublet, 'LaborSubletInd')) === true));

  let operation: EstimateOperation;
  if (part) operation = 'part';
  else if (isSublet) operation = 'sublet';
  else if (otherChargeType && PAINT_CHARGES.has(otherChargeType)) operation = 'paint';
  else if (other) operation = 'other';
  else if (laborType === 'LAR' || (laborOperation && REFINISH_OPERATIONS.has(laborOperation)))
    operation = 'paint';
  else operation = 'labor';

  return {
    key: text(line, 'UniqueSequenceNum') ?? `line-${lineNumber}`,
    lineNumber: Number.isFinite(lineNumber) ? lineNumber : index + 1,
    description: text(line, 'LineDesc') ?? text(line, 'LineHeaderDesc') ?? label,
    header: text(line, 'LineHeaderDesc') ?? null,
    operation,
    laborOperation,
    partType: part ? (text(part, 'PartType') ?? null) : null,
    partNumber: part ? (text(part, 'PartNum') ?? text(part, 'OEMPartNum') ?? null) : null,
    quantityHundredths,
    unitPriceCents,
    partCents,
    laborType,
    laborHundredths,
    laborCents,
    otherChargeType,
    otherCents,
    sublet: isSublet,
  };
}

/** Lines of a prior-damage section are not part of this claim's repair. */
function isCurrentClaimLine(line: Node) {
  const lineType = text(line, 'LineType');
  return !lineType || !/prior|unrelated/i.test(lineType);
}

interface FileTotals {
  taxCents: number | null;
  grossCents: number | null;
  netCents: number | null;
  deductibleCents: number | null;
  aggregates: Map<string, { preTaxCents: number }>;
}

/** `RepairTotalsInfo`: the aggregate rows (LA, PA, OTAC) carry the tax; TOT/CE is gross, TOT/TT net. */
function readFileTotals(body: Node): FileTotals | null {
  const totals = node(body.RepairTotalsInfo);
  if (!totals) return null;
  const aggregates = new Map<string, { preTaxCents: number }>();
  let tax: number | null = null;
  for (const [element, type] of [
    ['LaborTotalsInfo', 'LA'],
    ['PartsTotalsInfo', 'PA'],
    ['OtherChargesTotalsInfo', 'OTAC'],
  ] as const) {
    const row = arr(totals[element]).find((r) => text(r, 'TotalType')?.toUpperCase() === type);
    if (!row) continue;
    const taxCents = cents(text(row, 'TaxTotalAmt'), `${type} TaxTotalAmt`);
    const totalCents = cents(text(row, 'TotalAmt'), `${type} TotalAmt`);
    aggregates.set(type, { preTaxCents: totalCents - taxCents });
    tax = (tax ?? 0) + taxCents;
  }
  let gross: number | null = null;
  let net: number | null = null;
  let deductible: number | null = null;
  for (const row of arr(totals.SummaryTotalsInfo)) {
    const type = text(row, 'TotalType')?.toUpperCase();
    const subType = text(row, 'TotalSubType')?.toUpperCase();
    const amount = optionalCents(text(row, 'TotalAmt'), `${type ?? ''} ${subType ?? ''} TotalAmt`.trim());
    if ((type === 'TOT' && subType === 'CE') || type === 'GROSSTOTAL') gross = amount;
    else if ((type === 'TOT' && subType === 'TT') || type === 'NETTOTAL') {
      net = amount;
      const adjustment = arr(row.TotalAdjustmentInfo).find((a) =>
        /deductible/i.test(text(a, 'AdjustmentType') ?? ''),
      );
      if (adjustment) deductible = Math.abs(cents(text(adjustment, 'TotalAdjustmentAmt'), 'Deductible'));
    } else if (type === 'TOT' && subType === 'D2' && amount !== null && deductible === null) {
      deductible = Math.abs(amount);
    }
  }
  return { taxCents: tax, grossCents: gross, netCents: net, deductibleCents: deductible, aggregates };
}

function computeTotals(
  body: Node,
  lines: BmsLine[],
  rates: Map<string, Rate>,
  warnings: string[],
): BmsTotals {
  const sum = (pick: (line: BmsLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  const partsCents = sum((line) => line.partCents);
  const laborCents = sum((line) => line.laborCents);
  const paintCents = sum((line) =>
    line.otherChargeType && PAINT_CHARGES.has(line.otherChargeType) ? line.otherCents : 0,
  );
  const otherCents = sum((line) => line.otherCents) - paintCents;
  const byType = new Map<string, BmsLaborTotal>();
  for (const line of lines) {
    if (!line.laborType || line.laborHundredths === 0) continue;
    const entry = byType.get(line.laborType) ?? { type: line.laborType, hundredths: 0, cents: 0 };
    entry.hundredths += line.laborHundredths;
    entry.cents += line.laborCents;
    byType.set(line.laborType, entry);
  }

  // Tax from the lines: each rate type's percentage on its taxable amounts, rounded once per category.
  const taxOf = (type: string) => rates.get(type)?.taxThousandths ?? 0;
  const categoryTax = (amounts: Array<[number, number]>) =>
    divideRounded(
      amounts.reduce((total, [amount, thousandths]) => total + amount * thousandths, 0),
      100_000,
    );
  const lineTax =
    categoryTax([[partsCents, taxOf('PA')]]) +
    categoryTax([...byType.values()].map((entry) => [entry.cents, taxOf(entry.type)])) +
    categoryTax(
      lines
        .filter((line) => line.otherChargeType)
        .map((line) => [line.otherCents, taxOf(line.otherChargeType!)] as [number, number]),
    );

  const file = readFileTotals(body);
  const claimDeductible = optionalCents(
    text(body, 'ClaimInfo', 'PolicyInfo', 'CoverageInfo', 'Coverage', 'DeductibleInfo', 'DeductibleAmt'),
    'DeductibleAmt',
  );
  const taxCents = file?.taxCents ?? lineTax;
  const subtotal = partsCents + laborCents + paintCents + otherCents;
  const grossCents = file?.grossCents ?? subtotal + taxCents;
  const deductibleCents = file?.deductibleCents ?? claimDeductible ?? 0;
  const netCents = file?.netCents ?? grossCents - deductibleCents;

  const money = (value: number) => (value / 100).toFixed(2);
  const check = (what: string, fromFile: number | undefined | null, fromLines: number) => {
    if (fromFile !== undefined && fromFile !== null && Math.abs(fromFile - fromLines) > 1) {
      warnings.push(`${what}: the file says ${money(fromFile)}, its lines add up to ${money(fromLines)}`);
    }
  };
  if (file) {
    check('Labour', file.aggregates.get('LA')?.preTaxCents, laborCents);
    check('Parts', file.aggregates.get('PA')?.preTaxCents, partsCents);
    check('Other charges', file.aggregates.get('OTAC')?.preTaxCents, paintCents + otherCents);
    check('Tax', file.taxCents, lineTax);
    check('Gross total', file.grossCents, subtotal + taxCents);
  }
  return {
    partsCents,
    laborCents,
    laborHundredths: sum((line) => line.laborHundredths),
    laborByType: [...byType.values()],
    paintCents,
    otherCents,
    taxCents,
    grossCents,
    deductibleCents,
    netCents,
  };
}

/** The party's organisation name, and a CCC shop id when the party carries one (`IDInfo/IDNum`). */
function readFacility(body: Node) {
  const party = node(node(node(body.AdminInfo)?.RepairFacility)?.Party);
  if (!party) return { name: null, shopId: null };
  const ids = [...arr(party.OrgInfo && node(party.OrgInfo)?.IDInfo), ...arr(party.IDInfo)];
  const shopId = ids.map((id) => text(id, 'IDNum')).find((id) => id !== undefined) ?? null;
  return { name: text(party, 'OrgInfo', 'CompanyName') ?? null, shopId };
}

export interface ParseOptions {
  maxBytes: number;
}

/** Parses one BMS estimate file, or throws a `BmsRejection` saying why it is not one. */
export function parseBmsEstimate(content: Buffer | string, { maxBytes }: ParseOptions): BmsEstimate {
  const size = typeof content === 'string' ? Buffer.byteLength(content) : content.length;
  if (size > maxBytes) {
    throw new BmsRejection(
      `File too large: ${size.toLocaleString('en-US')} bytes (the limit is ${maxBytes.toLocaleString('en-US')})`,
    );
  }
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
    insurer: text(body, 'AdminInfo', 'InsuranceCompany', 'Party', 'OrgInfo', 'CompanyName') ?? null,
    policyNumber: text(body, 'ClaimInfo', 'PolicyInfo', 'PolicyNum') ?? null,
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
