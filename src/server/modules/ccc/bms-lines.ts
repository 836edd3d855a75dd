import { divideRounded } from '@shared/money.js';
import type { EstimateOperation } from '@shared/estimates.js';
import { arr, BmsRejection, cents, decimalUnits, flag, node, text, type Node } from './bms-xml.js';

/**
 * The lines of a BMS estimate (`DamageLineInfo`) priced as the samples' README builds them: part = PartPrice ×
 * Quantity, labour = hours × the `ProfileInfo` rate of its type, other charges as given (decision 020).
 */

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

export interface Rate {
  cents: number | null;
  taxThousandths: number;
}

/** `ProfileInfo/RateInfo`: the labour and material rates and the tax percentage of each rate type. */
export function readRates(body: Node): Map<string, Rate> {
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

export const REFINISH_OPERATIONS = new Set(['OP6', 'OP15']);
export const SUBLET_CHARGES = new Set(['OTSL']);
export const PAINT_CHARGES = new Set(['MAPA']);

export function readLine(line: Node, index: number, rates: Map<string, Rate>): BmsLine {
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
export function isCurrentClaimLine(line: Node) {
  const lineType = text(line, 'LineType');
  return !lineType || !/prior|unrelated/i.test(lineType);
}
