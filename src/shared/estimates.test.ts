import { describe, expect, it } from 'vitest';
import {
  computeEstimateTotals,
  estimateInputSchema,
  estimateLineAmounts,
  estimateTaxLabel,
  supplementLabel,
  type EstimateLineValues,
} from './estimates.js';
import { divideRounded, formatCents } from './money.js';

const line = (overrides: Partial<EstimateLineValues>): EstimateLineValues => ({
  operation: 'part',
  quantity: 1,
  unitPriceCents: 0,
  laborHours: 0,
  ...overrides,
});

describe('money', () => {
  it('rounds half up, exactly, for integers', () => {
    expect(divideRounded(149, 100)).toBe(1);
    expect(divideRounded(150, 100)).toBe(2);
    expect(divideRounded(250, 100)).toBe(3);
    expect(divideRounded(-150, 100)).toBe(-2);
    expect(divideRounded(0, 100)).toBe(0);
    expect(divideRounded(99_999_999_999_950, 100)).toBe(1_000_000_000_000);
  });

  it('formats cents as dollars', () => {
    expect(formatCents(128450)).toBe('$1,284.50');
    expect(formatCents(5)).toBe('$0.05');
  });
});

describe('estimate line amounts', () => {
  it('prices quantity × unit price and hours × rate, each rounded to the cent', () => {
    // 1.5 × $3.33 = $4.995 → $5.00; 0.3 h × $125.55 = $37.665 → $37.67
    expect(estimateLineAmounts(line({ quantity: 1.5, unitPriceCents: 333, laborHours: 0.3 }), 12555)).toEqual(
      { priceCents: 500, laborCents: 3767, totalCents: 4267 },
    );
  });

  it('does not suffer from binary fractions (1.15 × 100 is not 114.999…)', () => {
    expect(estimateLineAmounts(line({ quantity: 1.15, unitPriceCents: 100 }), null).priceCents).toBe(115);
    expect(estimateLineAmounts(line({ quantity: 0.29, unitPriceCents: 100 }), null).priceCents).toBe(29);
    expect(estimateLineAmounts(line({ laborHours: 2.675 - 0.005 }), 10000).laborCents).toBe(26700);
  });

  it('prices hours at nothing when there is no rate', () => {
    expect(estimateLineAmounts(line({ laborHours: 4 }), null).laborCents).toBe(0);
  });
});

describe('estimate totals', () => {
  const lines: EstimateLineValues[] = [
    line({ operation: 'part', quantity: 1, unitPriceCents: 45_000, laborHours: 2.5 }), // bumper + 2.5 h
    line({ operation: 'labor', quantity: 1, unitPriceCents: 0, laborHours: 1.2 }), // diagnosis
    line({ operation: 'paint', quantity: 1, unitPriceCents: 8_500, laborHours: 1.8 }), // materials + refinish
    line({ operation: 'sublet', quantity: 1, unitPriceCents: 12_000 }), // alignment at another shop
    line({ operation: 'other', quantity: 2, unitPriceCents: 1_250 }), // hazardous waste fee
  ];

  it('sorts each line into parts, labour, paint and other', () => {
    const totals = computeEstimateTotals({
      lines,
      laborRateCents: 10_000,
      taxRatePercent: 0,
      taxLabor: false,
    });
    expect(totals).toMatchObject({
      partsCents: 45_000,
      laborCents: 25_000 + 12_000, // 2.5 h + 1.2 h at $100
      paintCents: 8_500 + 18_000, // materials + 1.8 h refinish
      otherCents: 12_000 + 2_500,
      subtotalCents: 123_000,
      taxCents: 0,
      totalCents: 123_000,
    });
    expect(totals.lines.map((amounts) => amounts.totalCents)).toEqual([
      70_000, 12_000, 26_500, 12_000, 2_500,
    ]);
  });

  it('taxes parts, paint and other, and labour only when asked, rounding the tax once', () => {
    // Taxable without labour: 45,000 + 26,500 + 14,500 = 86,000 × 8.875% = 7,632.5 → 7,633
    const withoutLabor = computeEstimateTotals({
      lines,
      laborRateCents: 10_000,
      taxRatePercent: 8.875,
      taxLabor: false,
    });
    expect(withoutLabor.taxCents).toBe(7_633);
    expect(withoutLabor.totalCents).toBe(123_000 + 7_633);
    // With labour: 123,000 × 8.875% = 10,916.25 → 10,916
    const withLabor = computeEstimateTotals({
      lines,
      laborRateCents: 10_000,
      taxRatePercent: 8.875,
      taxLabor: true,
    });
    expect(withLabor.taxCents).toBe(10_916);
  });

  it('adds up: the lines sum to the subtotal, and the buckets too', () => {
    const odd = [
      line({ quantity: 3, unitPriceCents: 333, laborHours: 0.33 }),
      line({ operation: 'paint', quantity: 0.5, unitPriceCents: 999, laborHours: 0.15 }),
    ];
    const totals = computeEstimateTotals({
      lines: odd,
      laborRateCents: 9_999,
      taxRatePercent: 7.25,
      taxLabor: true,
    });
    const lineSum = totals.lines.reduce((sum, amounts) => sum + amounts.totalCents, 0);
    expect(lineSum).toBe(totals.subtotalCents);
    expect(totals.partsCents + totals.laborCents + totals.paintCents + totals.otherCents).toBe(
      totals.subtotalCents,
    );
    expect(totals.totalCents).toBe(totals.subtotalCents + totals.taxCents);
  });

  it('words the tax as it is computed: labour exempt unless taxed too', () => {
    expect(estimateTaxLabel(8.875, false)).toBe('8.875%, labour exempt');
    expect(estimateTaxLabel(8.25, true)).toBe('8.25%, labour included');
    expect(estimateTaxLabel(0, false)).toBe('0%');
  });

  it('is zero for no lines', () => {
    expect(
      computeEstimateTotals({ lines: [], laborRateCents: null, taxRatePercent: 10, taxLabor: true })
        .totalCents,
    ).toBe(0);
  });
});

describe('estimate input', () => {
  const valid = {
    lines: [{ operation: 'part', description: 'Front bumper cover', quantity: 1, unitPriceCents: 45_000 }],
  };

  it('drops totals a client sends and defaults tax and hours', () => {
    const parsed = estimateInputSchema.parse({ ...valid, totalCents: 1, partsCents: 1 });
    expect(parsed).not.toHaveProperty('totalCents');
    expect(parsed).toMatchObject({ taxRatePercent: 0, taxLabor: false });
    expect(parsed.lines[0]!.laborHours).toBe(0);
  });

  it('takes a blank unit price as 0, so a labour line may be priced by its hours alone', () => {
    const parsed = estimateInputSchema.parse({
      lines: [{ operation: 'labor', description: 'Diagnosis', quantity: 1, laborHours: 1.2 }],
    });
    expect(parsed.lines[0]).toMatchObject({ unitPriceCents: 0, laborHours: 1.2 });
    const totals = computeEstimateTotals({
      lines: parsed.lines,
      laborRateCents: 10_000,
      taxRatePercent: 0,
      taxLabor: false,
    });
    expect(totals).toMatchObject({ laborCents: 12_000, totalCents: 12_000 });
  });

  it('refuses more than two decimals of quantity or hours and three of tax', () => {
    const result = estimateInputSchema.safeParse({
      taxRatePercent: 8.8755,
      lines: [{ ...valid.lines[0], quantity: 1.005, laborHours: 0.125 }],
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['taxRatePercent', 'Tax rate takes at most 3 decimals'],
      ['lines.0.quantity', 'Quantity takes at most 2 decimals'],
      ['lines.0.laborHours', 'Labour hours takes at most 2 decimals'],
    ]);
  });

  it('needs a line and caps the total', () => {
    expect(estimateInputSchema.safeParse({ lines: [] }).error?.issues[0]?.message).toBe(
      'Add at least one line',
    );
    const huge = estimateInputSchema.safeParse({
      lines: Array.from({ length: 11 }, () => ({ ...valid.lines[0], unitPriceCents: 100_000_000 })),
    });
    expect(huge.error?.issues[0]).toMatchObject({
      path: ['lines'],
      message: 'An estimate totals at most $10,000,000.00',
    });
  });

  it('labels supplements', () => {
    expect([0, 1, 2].map(supplementLabel)).toEqual(['Original', 'Supplement 1', 'Supplement 2']);
  });
});
