import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  invoiceTotals,
  lineAmountCents,
  type Invoice,
  type InvoiceLineInput,
  type createInvoiceSchema,
  type updateInvoiceSchema,
  type voidInvoiceSchema,
} from '@shared/accounting.js';
import { canInvoiceClaim } from '@shared/accounting.policy.js';
import { formatClaimNumber } from '@shared/claims.js';
import { AppError } from '@shared/errors.js';
import type { z } from 'zod';
import { actorUserId, type Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { companies, invoiceClaims, invoiceLines, invoices } from '../../db/schema/index.js';
import { recordAudit } from '../audit/index.js';
import { todayUtc } from './accounting-dates.js';
import { billedTaxRate, draftLinesFor, loadBilledClaims, type DraftLine } from './invoice-drafting.js';
import { getInvoice, INVOICE_NOT_FOUND } from './invoice-read.js';
import { assertDraft, assertVoidable, STALE_INVOICE_MESSAGE } from './invoices.policy.js';

export const ALREADY_INVOICED = (claimNumber: number) =>
  `Claim ${formatClaimNumber(claimNumber)} is already on an invoice: void that invoice before invoicing the claim again`;

function linesToRows(invoiceId: string, lines: DraftLine[] | InvoiceLineInput[]) {
  return lines.map((line, position) => ({
    invoiceId,
    position,
    claimId: line.claimId ?? null,
    description: line.description,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    taxable: line.taxable ?? true,
    amountCents: lineAmountCents(line.quantity, line.unitPriceCents),
  }));
}

/**
 * A draft invoice billing completed or closed claims of one company, with lines from their approved work (or
 * one summary line each), the tax rate of decision 038 (`billedTaxRate`) and the company's payment terms. A claim already on an invoice that is not
 * void is refused, also when two admins invoice it at the same moment (the unique index decides).
 */
export async function createInvoice(
  db: Database,
  actor: Actor,
  input: z.output<typeof createInvoiceSchema>,
): Promise<Invoice> {
  const billed = await loadBilledClaims(db, input.claimIds);
  if (billed.length !== input.claimIds.length) throw new AppError('not_found', 'Claim not found');
  const companyId = billed[0]!.companyId;
  if (billed.some((claim) => claim.companyId !== companyId)) {
    throw new AppError('bad_request', 'The claims of one invoice must belong to one company', {
      fieldErrors: { claimIds: ['The claims of one invoice must belong to one company'] },
    });
  }
  const unfinished = billed.find((claim) => !canInvoiceClaim(claim));
  if (unfinished) {
    throw new AppError(
      'conflict',
      `Claim ${formatClaimNumber(unfinished.number)} is not completed: only completed or closed claims are invoiced`,
    );
  }
  const [company] = await db
    .select({ terms: companies.paymentTermsDays, taxRatePercent: companies.taxRatePercent })
    .from(companies)
    .where(eq(companies.id, companyId));
  const lines = (await Promise.all(billed.map((claim) => draftLinesFor(db, claim, input.lineMode)))).flat();
  const taxRate = await billedTaxRate(db, billed, company!.taxRatePercent);
  const totals = invoiceTotals(lines, taxRate.percent);
  try {
    const id = await db.transaction(async (tx) => {
      const taken = await tx
        .select({ claimId: invoiceClaims.claimId })
        .from(invoiceClaims)
        .where(and(inArray(invoiceClaims.claimId, input.claimIds), eq(invoiceClaims.active, true)));
      if (taken.length) {
        const claim = billed.find((c) => c.id === taken[0]!.claimId)!;
        throw new AppError('conflict', ALREADY_INVOICED(claim.number));
      }
      const [created] = await tx
        .insert(invoices)
        .values({
          companyId,
          paymentTermsDays: company!.terms,
          taxRatePercent: taxRate.percent,
          ...totals,
          createdById: actorUserId(actor),
        })
        .returning({ id: invoices.id });
      const invoiceId = created!.id;
      await tx.insert(invoiceClaims).values(billed.map((claim) => ({ invoiceId, claimId: claim.id })));
      await tx.insert(invoiceLines).values(linesToRows(invoiceId, lines));
      await recordAudit(tx, actor, {
        action: 'invoice.created',
        entityType: 'invoice',
        entityId: invoiceId,
        after: {
          companyId,
          claims: billed.map((claim) => formatClaimNumber(claim.number)),
          lineMode: input.lineMode,
          lineCount: lines.length,
          taxRatePercent: taxRate.percent,
          taxRateSource: taxRate.source,
          ...totals,
        },
      });
      return invoiceId;
    });
    return getInvoice(db, id);
  } catch (error) {
    if (isUniqueViolation(error, 'invoice_claims_active_claim_key')) {
      throw new AppError(
        'conflict',
        billed.length === 1
          ? ALREADY_INVOICED(billed[0]!.number)
          : 'One of these claims is already on an invoice: void that invoice before invoicing the claim again',
      );
    }
    throw error;
  }
}

/** Locks the invoice's row for the rest of the transaction and checks the version read. */
export async function lockInvoice(tx: Database, id: string, version: number) {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
  if (!row) throw new AppError('not_found', INVOICE_NOT_FOUND);
  if (row.version !== version) throw new AppError('conflict', STALE_INVOICE_MESSAGE);
  return row;
}

export const bumped = () => ({ version: sql`${invoices.version} + 1`, updatedAt: sql`now()` });

/** Edits a draft: its lines (replacing all), terms, tax rate and note; totals are computed again. */
export async function updateInvoice(
  db: Database,
  actor: Actor,
  id: string,
  input: z.output<typeof updateInvoiceSchema>,
): Promise<Invoice> {
  await db.transaction(async (tx) => {
    const before = await lockInvoice(tx, id, input.version);
    assertDraft(before);
    const billed = await tx
      .select({ claimId: invoiceClaims.claimId })
      .from(invoiceClaims)
      .where(eq(invoiceClaims.invoiceId, id));
    const billedIds = new Set(billed.map((row) => row.claimId));
    const foreign = input.lines?.findIndex((line) => line.claimId && !billedIds.has(line.claimId)) ?? -1;
    if (foreign >= 0) {
      throw new AppError('bad_request', 'A line may only name a claim of this invoice', {
        fieldErrors: { [`lines.${foreign}.claimId`]: ['Not a claim of this invoice'] },
      });
    }
    const taxRatePercent = input.taxRatePercent ?? before.taxRatePercent;
    const lines = input.lines ?? (await tx.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, id)));
    const totals = invoiceTotals(lines, taxRatePercent);
    const changes = {
      ...(input.paymentTermsDays !== undefined ? { paymentTermsDays: input.paymentTermsDays } : {}),
      ...(input.note !== undefined ? { note: input.note } : {}),
      taxRatePercent,
      ...totals,
    };
    await tx
      .update(invoices)
      .set({ ...changes, ...bumped() })
      .where(eq(invoices.id, id));
    if (input.lines) {
      await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, id));
      await tx.insert(invoiceLines).values(linesToRows(id, input.lines));
    }
    await recordAudit(tx, actor, {
      action: 'invoice.updated',
      entityType: 'invoice',
      entityId: id,
      before: {
        paymentTermsDays: before.paymentTermsDays,
        taxRatePercent: before.taxRatePercent,
        note: before.note,
        subtotalCents: before.subtotalCents,
        taxCents: before.taxCents,
        totalCents: before.totalCents,
      },
      after: { ...changes, ...(input.lines ? { lineCount: input.lines.length } : {}) },
    });
  });
  return getInvoice(db, id);
}

/** Deletes a draft (its claims may be invoiced again). Sent invoices are voided instead. */
export async function deleteInvoice(db: Database, actor: Actor, id: string, version: number) {
  await db.transaction(async (tx) => {
    const before = await lockInvoice(tx, id, version);
    assertDraft(before);
    await tx.delete(invoices).where(eq(invoices.id, id));
    await recordAudit(tx, actor, {
      action: 'invoice.deleted',
      entityType: 'invoice',
      entityId: id,
      before: { companyId: before.companyId, totalCents: before.totalCents },
    });
  });
}

/**
 * Voids a sent invoice with a reason: it keeps its number and stays listed, owes nothing, and its claims may be
 * invoiced again. Refused while payments are applied to it (reverse them first).
 */
export async function voidInvoice(
  db: Database,
  actor: Actor,
  id: string,
  input: z.output<typeof voidInvoiceSchema>,
  today = todayUtc(),
): Promise<Invoice> {
  await db.transaction(async (tx) => {
    const before = await lockInvoice(tx, id, input.version);
    const current = await getInvoice(tx, id);
    assertVoidable(current);
    await tx
      .update(invoices)
      .set({
        lifecycle: 'void',
        voidReason: input.reason,
        voidedAt: sql`now()`,
        voidedOn: today,
        ...bumped(),
      })
      .where(eq(invoices.id, id));
    await tx.update(invoiceClaims).set({ active: false }).where(eq(invoiceClaims.invoiceId, id));
    await recordAudit(tx, actor, {
      action: 'invoice.voided',
      entityType: 'invoice',
      entityId: id,
      before: { status: current.status, balanceCents: current.balanceCents },
      after: { status: 'void', reason: input.reason, number: before.number },
    });
  });
  return getInvoice(db, id);
}

/** The claim's invoice that is not void, if any (the claim page shows it to admins). */
export async function invoiceOfClaim(db: Database, claimId: string) {
  const [row] = await db
    .select({ id: invoiceClaims.invoiceId })
    .from(invoiceClaims)
    .where(and(eq(invoiceClaims.claimId, claimId), eq(invoiceClaims.active, true)));
  return row ? getInvoice(db, row.id) : null;
}
