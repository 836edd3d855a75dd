import { lineTaxCents } from './accounting.js';
import { currentClaimAmount } from './claims.js';

/**
 * The rules of a claim's money facts (decision 038), one place each; the server writes the facts on the claim
 * row, the claim page and the reports read them there.
 *
 * - Estimate amount: typed on the claim (Add Claim's "Estimate"), or the current estimate version's total
 *   once the claim has one (the estimate writer keeps `estimateAmountCents`).
 * - First estimate (the reports' "First estimates" and estimate accuracy): the original estimate version's total
 *   (supplement 0), or the typed estimate amount for a claim without versions — kept on the claim by the
 *   triggers of migrations 0026 and 0034 (`firstEstimateCents`).
 * - Approved amount: what the approval says (the approved estimate's total, or the authorized lines).
 * - Final amount: the final cost asked when the claim moves to Completed (prefilled by `finalCostPrefill`),
 *   replaced by the claim's share of its invoice when the invoice is sent (`invoicedShareCents`).
 * - Spend: the sum of final amounts.
 */

/** The label of the Completed move's field, and what it says. */
export const FINAL_COST_LABEL = 'Final cost';
export const FINAL_COST_HINT =
  'What the repair cost in the end: the claim’s final amount, counted as spend on Reports and the Fleet Dashboard. Sending an invoice for the claim replaces it with the invoiced total.';

/**
 * The final cost the Completed move offers: the claim's current amount (`currentClaimAmount`: the final amount
 * already known, else the approved, else the estimate), the one the lists and Ready to invoice show.
 */
export function finalCostPrefill(claim: Parameters<typeof currentClaimAmount>[0]): number | null {
  return currentClaimAmount(claim)?.cents ?? null;
}

/**
 * Each billed claim's share of a sent invoice, which becomes its final amount: the lines naming the claim (every
 * line when the invoice bills one claim) with their share of the invoice's tax (`lineTaxCents`, so that the
 * shares of a one-claim invoice are its total exactly).
 */
export function invoicedShareCents(
  invoice: { taxCents: number; totalCents: number },
  claimIds: readonly string[],
  lines: readonly { claimId: string | null; amountCents: number; taxable: boolean }[],
): Map<string, number> {
  if (claimIds.length === 1) return new Map([[claimIds[0]!, invoice.totalCents]]);
  const taxes = lineTaxCents(lines, invoice.taxCents);
  const shares = new Map(claimIds.map((id) => [id, 0]));
  lines.forEach((line, index) => {
    if (line.claimId && shares.has(line.claimId)) {
      shares.set(line.claimId, shares.get(line.claimId)! + line.amountCents + taxes[index]!);
    }
  });
  return shares;
}

/** Where a draft invoice's tax rate came from, as the draft shows it to the admin. */
export type InvoiceTaxRateSource = 'estimate' | 'company';

/** What the draft tells the admin about its tax rate (`invoiceTaxRate`). */
export const INVOICE_TAX_RATE_RULE =
  'A new invoice takes the tax rate of the approved estimate it bills, so that it matches the claim; without one, the company’s rate. Change it here if this invoice needs another.';

/**
 * The tax rate a new invoice uses: the rate of the approved estimates it bills from when every billed claim has
 * one and they agree (the claim's approved amount was priced at it, so the invoice matches Ready to invoice),
 * else the company's. An estimate at 0 % names no rate (tax was not entered on it). The admin sees the rate on
 * the draft and may change it.
 */
export function invoiceTaxRate(
  estimateRates: readonly (number | null)[],
  companyRatePercent: number,
): { percent: number; source: InvoiceTaxRateSource } {
  const rates = new Set(estimateRates.map((rate) => (rate ? rate : null)));
  const [only] = rates;
  if (estimateRates.length > 0 && rates.size === 1 && only) {
    return { percent: only, source: 'estimate' };
  }
  return { percent: companyRatePercent, source: 'company' };
}
