import { asc, eq, inArray, sql } from 'drizzle-orm';
import {
  type applyPaymentSchema,
  type Payment,
  type recordPaymentSchema,
  type reversePaymentSchema,
} from '@shared/accounting.js';
import { AppError } from '@shared/errors.js';
import { formatCents } from '@shared/money.js';
import type { z } from 'zod';
import { actorUserId, type Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { companies, invoices, paymentApplications, payments } from '../../db/schema/index.js';
import { recordAudit } from '../audit/index.js';
import { todayUtc } from './accounting-dates.js';
import { creditedCentsSql, paidCentsSql } from './invoice-balance.sql.js';
import { emitInvoicesPaid } from './invoice-webhooks.js';
import { getPayment, PAYMENT_NOT_FOUND } from './payment-read.js';
import {
  assertApplicable,
  assertNotInFuture,
  assertOnOrAfterReceipt,
  assertPaymentLive,
} from './payments.policy.js';

type Application = { invoiceId: string; amountCents: number };

/**
 * Applies `applications` of a payment (whose row the caller has locked) to invoices of its company. The
 * invoices are locked in id order and their balances read after the locks, so two payments racing for one
 * invoice take turns and the second sees what the first applied: an over-application is refused.
 */
async function applyLocked(
  tx: Database,
  payment: { id: string; companyId: string; unappliedCents: number },
  applications: Application[],
  appliedOn: string,
) {
  if (!applications.length) return;
  const total = applications.reduce((sum, a) => sum + a.amountCents, 0);
  if (total > payment.unappliedCents) {
    throw new AppError(
      'conflict',
      `The payment has ${formatCents(payment.unappliedCents)} left to apply, not ${formatCents(total)}`,
    );
  }
  const ids = applications.map((a) => a.invoiceId).sort();
  await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(inArray(invoices.id, ids))
    .orderBy(asc(invoices.id))
    .for('update');
  const rows = await tx
    .select({
      id: invoices.id,
      companyId: invoices.companyId,
      number: invoices.number,
      lifecycle: invoices.lifecycle,
      issueDate: invoices.issueDate,
      totalCents: invoices.totalCents,
      settled: sql<number>`(${paidCentsSql()} + ${creditedCentsSql()})`,
    })
    .from(invoices)
    .where(inArray(invoices.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const application of applications) {
    const invoice = byId.get(application.invoiceId);
    if (!invoice) throw new AppError('not_found', 'Invoice not found');
    assertApplicable(
      { ...invoice, settledCents: Number(invoice.settled) },
      payment,
      application.amountCents,
      appliedOn,
    );
  }
  await tx.insert(paymentApplications).values(
    applications.map((a) => ({
      paymentId: payment.id,
      invoiceId: a.invoiceId,
      amountCents: a.amountCents,
      appliedOn,
    })),
  );
}

/** Records money received from a company and applies it to its invoices; the rest is the company's credit. */
export async function recordPayment(
  db: Database,
  actor: Actor,
  input: z.output<typeof recordPaymentSchema>,
  today = todayUtc(),
): Promise<Payment> {
  assertNotInFuture(input.receivedOn, 'receivedOn', 'The date received', today);
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, input.companyId));
  if (!company) throw new AppError('not_found', 'Company not found');
  const id = await db.transaction(async (tx) => {
    const { applications, ...fields } = input;
    const [created] = await tx
      .insert(payments)
      .values({ ...fields, createdById: actorUserId(actor) })
      .returning({ id: payments.id });
    await applyLocked(
      tx,
      { id: created!.id, companyId: input.companyId, unappliedCents: input.amountCents },
      applications,
      input.receivedOn,
    );
    await recordAudit(tx, actor, {
      action: 'payment.recorded',
      entityType: 'payment',
      entityId: created!.id,
      after: { ...fields, applications },
    });
    await auditInvoices(tx, actor, 'invoice.payment_applied', created!.id, applications);
    await emitInvoicesPaid(
      tx,
      applications.map((application) => application.invoiceId),
    );
    return created!.id;
  });
  return getPayment(db, id);
}

/** Each invoice a payment touched gets a history entry of its own. */
async function auditInvoices(
  tx: Database,
  actor: Actor,
  action: string,
  paymentId: string,
  applications: Application[],
) {
  for (const application of applications) {
    await recordAudit(tx, actor, {
      action,
      entityType: 'invoice',
      entityId: application.invoiceId,
      after: { paymentId, amountCents: application.amountCents },
    });
  }
}

async function lockPayment(tx: Database, id: string) {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  if (!row) throw new AppError('not_found', PAYMENT_NOT_FOUND);
  const [applied] = await tx
    .select({ cents: sql<number>`coalesce(sum(${paymentApplications.amountCents}), 0)::int` })
    .from(paymentApplications)
    .where(eq(paymentApplications.paymentId, id));
  return { ...row, unappliedCents: row.amountCents - Number(applied!.cents) };
}

/** Applies a payment's unapplied credit to invoices of its company. */
export async function applyPayment(
  db: Database,
  actor: Actor,
  id: string,
  input: z.output<typeof applyPaymentSchema>,
  today = todayUtc(),
): Promise<Payment> {
  const appliedOn = input.appliedOn ?? today;
  assertNotInFuture(appliedOn, 'appliedOn', 'The date applied', today);
  await db.transaction(async (tx) => {
    const payment = await lockPayment(tx, id);
    assertPaymentLive(payment, 'applied');
    assertOnOrAfterReceipt(payment, appliedOn, 'appliedOn');
    await applyLocked(tx, payment, input.applications, appliedOn);
    await recordAudit(tx, actor, {
      action: 'payment.applied',
      entityType: 'payment',
      entityId: id,
      before: { unappliedCents: payment.unappliedCents },
      after: { applications: input.applications, appliedOn },
    });
    await auditInvoices(tx, actor, 'invoice.payment_applied', id, input.applications);
    await emitInvoicesPaid(
      tx,
      input.applications.map((application) => application.invoiceId),
    );
  });
  return getPayment(db, id);
}

/** Reverses a payment (a bounced check): from `reversedOn` on it settles nothing, reopening the balances it settled. */
export async function reversePayment(
  db: Database,
  actor: Actor,
  id: string,
  input: z.output<typeof reversePaymentSchema>,
  today = todayUtc(),
): Promise<Payment> {
  const reversedOn = input.reversedOn ?? today;
  assertNotInFuture(reversedOn, 'reversedOn', 'The reversal date', today);
  await db.transaction(async (tx) => {
    const payment = await lockPayment(tx, id);
    assertPaymentLive(payment, 'reversed');
    assertOnOrAfterReceipt(payment, reversedOn, 'reversedOn');
    await tx
      .update(payments)
      .set({ reversedOn, reversedAt: sql`now()`, reversalReason: input.reason })
      .where(eq(payments.id, id));
    const applications = await tx
      .select({ invoiceId: paymentApplications.invoiceId, amountCents: paymentApplications.amountCents })
      .from(paymentApplications)
      .where(eq(paymentApplications.paymentId, id));
    await recordAudit(tx, actor, {
      action: 'payment.reversed',
      entityType: 'payment',
      entityId: id,
      before: {
        amountCents: payment.amountCents,
        appliedCents: payment.amountCents - payment.unappliedCents,
      },
      after: { reversedOn, reason: input.reason },
    });
    await auditInvoices(tx, actor, 'invoice.payment_reversed', id, applications);
  });
  return getPayment(db, id);
}
