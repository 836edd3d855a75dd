import { describe, expect, it } from 'vitest';
import { invoiceTotals } from './accounting.js';
import { finalCostPrefill, invoicedShareCents, invoiceTaxRate } from './money-facts.js';

describe('money facts (decision 038)', () => {
  it('offers the final amount, else the approved, else the estimate as the final cost', () => {
    const none = { finalAmountCents: null, approvedAmountCents: null, estimateAmountCents: null };
    expect(finalCostPrefill(none)).toBeNull();
    expect(finalCostPrefill({ ...none, estimateAmountCents: 100 })).toBe(100);
    expect(finalCostPrefill({ ...none, estimateAmountCents: 100, approvedAmountCents: 90 })).toBe(90);
    expect(finalCostPrefill({ finalAmountCents: 0, approvedAmountCents: 90, estimateAmountCents: 100 })).toBe(
      0,
    );
  });

  it('bills at the approved estimates’ rate when every claim has one and they agree, else the company’s', () => {
    expect(invoiceTaxRate([10.25], 8.25)).toEqual({ percent: 10.25, source: 'estimate' });
    expect(invoiceTaxRate([10.25, 10.25], 8.25)).toEqual({ percent: 10.25, source: 'estimate' });
    expect(invoiceTaxRate([10.25, 9], 8.25)).toEqual({ percent: 8.25, source: 'company' });
    expect(invoiceTaxRate([10.25, null], 8.25)).toEqual({ percent: 8.25, source: 'company' });
    // An estimate at 0 % names no rate.
    expect(invoiceTaxRate([0], 8.25)).toEqual({ percent: 8.25, source: 'company' });
    expect(invoiceTaxRate([], 8.25)).toEqual({ percent: 8.25, source: 'company' });
  });

  it('shares an invoice among its claims to the cent: the whole total for one claim, the lines and their tax for several', () => {
    const lines = [
      { claimId: 'a', amountCents: 10_001, taxable: true, quantity: 1, unitPriceCents: 10_001 },
      { claimId: 'b', amountCents: 20_003, taxable: true, quantity: 1, unitPriceCents: 20_003 },
      { claimId: 'b', amountCents: 5_000, taxable: false, quantity: 1, unitPriceCents: 5_000 },
    ];
    const totals = invoiceTotals(lines, 8.25);
    const shares = invoicedShareCents(totals, ['a', 'b'], lines);
    expect(shares.get('a')! + shares.get('b')!).toBe(totals.totalCents);
    expect(shares.get('a')).toBe(10_001 + 825);
    expect(invoicedShareCents(totals, ['a'], [])).toEqual(new Map([['a', totals.totalCents]]));
  });
});
