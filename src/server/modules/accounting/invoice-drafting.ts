import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { lineAmountCents } from '@shared/accounting.js';
import { currentClaimAmount, formatClaimNumber } from '@shared/claims.js';
import { invoiceTaxRate } from '@shared/money-facts.js';
import type { ClaimStatus } from '@shared/workflows.js';
import type { Database } from '../../db/client.js';
import {
  authorizationLines,
  authorizationRequests,
  claims,
  estimateLines,
  estimates,
  vehicles,
} from '../../db/schema/index.js';

export interface DraftLine {
  claimId: string;
  description: string;
  quantity: number;
  unitPriceCents: number;
  taxable: boolean;
}

export interface BilledClaim {
  id: string;
  number: number;
  companyId: string;
  workflow: 'collision' | 'mechanical';
  status: ClaimStatus;
  finalAmountCents: number | null;
  approvedAmountCents: number | null;
  estimateAmountCents: number | null;
  vehicle: string;
}

/** The claims to bill with their vehicle, in claim-number order. */
export async function loadBilledClaims(db: Database, ids: string[]): Promise<BilledClaim[]> {
  const rows = await db
    .select({
      id: claims.id,
      number: claims.number,
      companyId: claims.companyId,
      workflow: claims.workflow,
      status: claims.status,
      finalAmountCents: claims.finalAmountCents,
      approvedAmountCents: claims.approvedAmountCents,
      estimateAmountCents: claims.estimateAmountCents,
      year: vehicles.year,
      make: vehicles.make,
      model: vehicles.model,
      unitNumber: vehicles.unitNumber,
    })
    .from(claims)
    .innerJoin(vehicles, eq(vehicles.id, claims.vehicleId))
    .where(inArray(claims.id, ids))
    .orderBy(asc(claims.number));
  return rows.map(({ year, make, model, unitNumber, ...claim }) => ({
    ...claim,
    vehicle: [[year, make, model].filter(Boolean).join(' '), `unit ${unitNumber}`].filter(Boolean).join(', '),
  }));
}

/** The latest approved estimate of a claim (supplements are complete estimates), or none. */
const latestApprovedEstimate = (db: Database, claimId: string) =>
  db
    .select({ id: estimates.id, taxLabor: estimates.taxLabor, taxRatePercent: estimates.taxRatePercent })
    .from(estimates)
    .where(and(eq(estimates.claimId, claimId), eq(estimates.status, 'approved')))
    .orderBy(desc(estimates.supplementNumber))
    .limit(1);

/**
 * The tax rate of a new invoice of `billed` (decision 038, `invoiceTaxRate`): their approved estimates' rate when
 * every claim is billed from one and they agree, else the company's.
 */
export async function billedTaxRate(db: Database, billed: BilledClaim[], companyRatePercent: number) {
  const rates = await Promise.all(
    billed.map(async (claim) =>
      claim.workflow === 'collision'
        ? ((await latestApprovedEstimate(db, claim.id))[0]?.taxRatePercent ?? null)
        : null,
    ),
  );
  return invoiceTaxRate(rates, companyRatePercent);
}

/** A line of one unit at `amountCents`. */
const single = (claimId: string, description: string, amountCents: number, taxable = true): DraftLine => ({
  claimId,
  description,
  quantity: 1,
  unitPriceCents: amountCents,
  taxable,
});

/**
 * The lines of the claim's latest approved estimate (supplements are complete estimates). A line with both a
 * part price and labour is split when labour is not taxed, so that each line is either taxable or not.
 */
async function collisionLines(db: Database, claim: BilledClaim): Promise<DraftLine[]> {
  const [estimate] = await latestApprovedEstimate(db, claim.id);
  if (!estimate) return [];
  const lines = await db
    .select()
    .from(estimateLines)
    .where(eq(estimateLines.estimateId, estimate.id))
    .orderBy(asc(estimateLines.position));
  return lines.flatMap((line): DraftLine[] => {
    const description = line.partNumber ? `${line.description} (${line.partNumber})` : line.description;
    const asQuantity = lineAmountCents(line.quantity, line.unitPriceCents) === line.priceCents;
    const priced: DraftLine | null =
      line.priceCents === 0
        ? null
        : asQuantity
          ? {
              claimId: claim.id,
              description,
              quantity: line.quantity,
              unitPriceCents: line.unitPriceCents,
              taxable: true,
            }
          : single(claim.id, description, line.priceCents);
    if (line.laborCents === 0) return priced ? [priced] : [];
    if (estimate.taxLabor) return [single(claim.id, description, line.totalCents)];
    const labour = single(claim.id, `${description}: labour, ${line.laborHours} h`, line.laborCents, false);
    return priced ? [priced, labour] : [labour];
  });
}

/** The authorized lines of the claim's decided authorization requests, in request order. */
async function mechanicalLines(db: Database, claim: BilledClaim): Promise<DraftLine[]> {
  const rows = await db
    .select({ description: authorizationLines.description, amountCents: authorizationLines.amountCents })
    .from(authorizationLines)
    .innerJoin(authorizationRequests, eq(authorizationRequests.id, authorizationLines.authorizationId))
    .where(
      and(
        eq(authorizationRequests.claimId, claim.id),
        inArray(authorizationRequests.status, ['approved', 'partially_approved']),
        eq(authorizationLines.approved, true),
      ),
    )
    .orderBy(asc(authorizationRequests.sequence), asc(authorizationLines.position));
  return rows.map((row) => single(claim.id, row.description, row.amountCents));
}

/** One line saying which claim and vehicle it bills (a summary invoice line). */
export const summaryDescription = (claim: Pick<BilledClaim, 'number' | 'vehicle'>) =>
  `Repairs on claim ${formatClaimNumber(claim.number)} (${claim.vehicle})`;

/** What the claim's amounts say when it has no approved lines: its current amount (final, approved, estimate). */
const claimAmount = (claim: BilledClaim) => currentClaimAmount(claim)?.cents ?? 0;

/**
 * The draft lines billing `claim`: its approved estimate or authorized mechanical lines, or one summary line
 * (at the sum of those lines, or the claim's amount when it has none).
 */
export async function draftLinesFor(
  db: Database,
  claim: BilledClaim,
  mode: 'detailed' | 'summary',
): Promise<DraftLine[]> {
  const detailed =
    claim.workflow === 'collision' ? await collisionLines(db, claim) : await mechanicalLines(db, claim);
  if (mode === 'detailed' && detailed.length) return detailed;
  if (!detailed.length) return [single(claim.id, summaryDescription(claim), claimAmount(claim))];
  const sumOf = (taxable: boolean) =>
    detailed
      .filter((line) => line.taxable === taxable)
      .reduce((total, line) => total + lineAmountCents(line.quantity, line.unitPriceCents), 0);
  const taxed = sumOf(true);
  const untaxed = sumOf(false);
  const lines: DraftLine[] = [];
  if (taxed || !untaxed) lines.push(single(claim.id, summaryDescription(claim), taxed));
  if (untaxed)
    lines.push(single(claim.id, `${summaryDescription(claim)}: labour, not taxed`, untaxed, false));
  return lines;
}
