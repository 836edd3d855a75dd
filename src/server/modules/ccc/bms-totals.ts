import { divideRounded } from '@shared/money.js';
import { PAINT_CHARGES, type BmsLine, type Rate } from './bms-lines.js';
import { arr, cents, node, optionalCents, text, type Node } from './bms-xml.js';

/**
 * The totals of a BMS estimate: taken from `RepairTotalsInfo` when the file has them, recomputed from the
 * lines otherwise, with a warning (not an error) where the two differ by more than a cent.
 */

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

export function computeTotals(
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
