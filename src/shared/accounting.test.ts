import { describe, expect, it } from 'vitest';
import {
  couldBeInInvoiceNumber,
  documentNumber,
  isWholeInvoiceNumber,
  invoiceStatus,
  invoiceTotals,
  lineAmountCents,
  lineTaxCents,
} from './accounting.js';

describe('accounting rules', () => {
  it('prices a line at quantity × unit price, rounded half up to the cent', () => {
    expect(lineAmountCents(1.5, 8_333)).toBe(12_500);
    expect(lineAmountCents(0.33, 1)).toBe(0);
    expect(lineAmountCents(0.5, 1)).toBe(1);
    expect(lineAmountCents(3, 19_99)).toBe(59_97);
  });

  it('taxes only the taxable lines, rounding the tax once', () => {
    expect(
      invoiceTotals(
        [
          { quantity: 1, unitPriceCents: 98_500, taxable: true },
          { quantity: 1, unitPriceCents: 25_000, taxable: false },
        ],
        8.25,
      ),
    ).toEqual({ subtotalCents: 123_500, taxCents: 8_126, totalCents: 131_626 });
    expect(invoiceTotals([{ quantity: 1, unitPriceCents: 1_000, taxable: true }], 8.875).taxCents).toBe(89);
  });

  it('derives paid and partially paid from what settled a sent invoice', () => {
    expect(invoiceStatus('sent', 1_000, 0)).toBe('sent');
    expect(invoiceStatus('sent', 1_000, 1)).toBe('partially_paid');
    expect(invoiceStatus('sent', 1_000, 1_000)).toBe('paid');
    expect(invoiceStatus('void', 1_000, 0)).toBe('void');
    expect(invoiceStatus('draft', 1_000, 0)).toBe('draft');
  });

  it('shares the invoice tax over its taxable lines so that they add up to it exactly', () => {
    // Three equal lines: the odd cents go to the earlier lines.
    const thirds = [
      { amountCents: 3_333, taxable: true },
      { amountCents: 3_333, taxable: true },
      { amountCents: 3_333, taxable: true },
    ];
    expect(lineTaxCents(thirds, 825)).toEqual([275, 275, 275]);
    expect(lineTaxCents(thirds, 826)).toEqual([276, 275, 275]);
    expect(lineTaxCents(thirds, 827)).toEqual([276, 276, 275]);
    const mixed = [
      { amountCents: 98_500, taxable: true },
      { amountCents: 25_000, taxable: false },
      { amountCents: 1_000, taxable: true },
    ];
    const shares = lineTaxCents(mixed, 8_209);
    expect(shares).toEqual([8_126, 0, 83]);
    expect(lineTaxCents([{ amountCents: 1_000_000_000, taxable: true }], 100_000_000)).toEqual([100_000_000]);
    expect(lineTaxCents([{ amountCents: 500, taxable: false }], 0)).toEqual([0]);
  });

  it('numbers documents per year with six digits', () => {
    expect(documentNumber('INV', 2026, 1)).toBe('INV-2026-000001');
    expect(documentNumber('CN', 2026, 123_456)).toBe('CN-2026-123456');
  });

  it('tells a search that can be part of an invoice number from one that cannot', () => {
    const number = documentNumber('INV', 2026, 42);
    for (const part of [number, 'inv-2026', '000042', '-20', 'nv', '']) {
      expect(number.toLowerCase().includes(part.toLowerCase()) || part === '', part).toBe(true);
      expect(couldBeInInvoiceNumber(part), part).toBe(true);
    }
    for (const text of ['metro', 'Acme Rentals', 'INV 2026', 'INV_2026', '%']) {
      expect(couldBeInInvoiceNumber(text), text).toBe(false);
    }
    expect(isWholeInvoiceNumber(number)).toBe(true);
    expect(isWholeInvoiceNumber('inv-2026-000042')).toBe(true);
    expect(isWholeInvoiceNumber('INV-2026-00004')).toBe(false);
    expect(isWholeInvoiceNumber('CN-2026-000042')).toBe(false);
  });
});

describe('accounting dates', () => {
  it('refuses a date that is not a day of the calendar', async () => {
    const { agingQuerySchema } = await import('./aging.js');
    expect(agingQuerySchema.safeParse({ asOf: '2026-02-28' }).success).toBe(true);
    const refused = agingQuerySchema.safeParse({ asOf: '2026-02-30' });
    expect(refused.error?.issues[0]?.message).toBe('As of is not a day of the calendar');
  });
});
