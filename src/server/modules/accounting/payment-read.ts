import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { listPaymentsQuerySchema, Payment } from '@shared/accounting.js';
import { AppError } from '@shared/errors.js';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { companies, invoices, paymentApplications, payments } from '../../db/schema/index.js';

/** Payments as the API shows them: each with its applications, what is applied and what is left. */

export const PAYMENT_NOT_FOUND = 'Payment not found';

type PaymentRow = typeof payments.$inferSelect & { companyName: string };

/** Payment rows with their applications (one query) as the API shows them. */
export async function presentPayments(db: Database, rows: PaymentRow[]): Promise<Payment[]> {
  if (!rows.length) return [];
  const applications = await db
    .select({
      id: paymentApplications.id,
      paymentId: paymentApplications.paymentId,
      invoiceId: paymentApplications.invoiceId,
      invoiceNumber: invoices.number,
      amountCents: paymentApplications.amountCents,
      appliedOn: paymentApplications.appliedOn,
    })
    .from(paymentApplications)
    .innerJoin(invoices, eq(invoices.id, paymentApplications.invoiceId))
    .where(
      inArray(
        paymentApplications.paymentId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(paymentApplications.appliedOn), asc(invoices.number), asc(paymentApplications.id));
  return rows.map((row) => {
    const own = applications.filter((a) => a.paymentId === row.id);
    const applied = own.reduce((sum, a) => sum + a.amountCents, 0);
    const live = row.reversedAt === null;
    return {
      id: row.id,
      companyId: row.companyId,
      companyName: row.companyName,
      amountCents: row.amountCents,
      receivedOn: row.receivedOn,
      method: row.method,
      reference: row.reference,
      note: row.note,
      appliedCents: live ? applied : 0,
      unappliedCents: live ? row.amountCents - applied : 0,
      reversedOn: row.reversedOn,
      reversalReason: row.reversalReason,
      applications: own,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

export const paymentColumns = { payment: payments, companyName: companies.name };

export async function getPayment(db: Database, id: string): Promise<Payment> {
  const [row] = await db
    .select(paymentColumns)
    .from(payments)
    .innerJoin(companies, eq(companies.id, payments.companyId))
    .where(eq(payments.id, id));
  if (!row) throw new AppError('not_found', PAYMENT_NOT_FOUND);
  const [payment] = await presentPayments(db, [{ ...row.payment, companyName: row.companyName }]);
  return payment!;
}

/** Payments, latest received first, optionally of one company. */
export async function listPayments(db: Database, query: z.output<typeof listPaymentsQuerySchema>) {
  const where = query.companyId ? eq(payments.companyId, query.companyId) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select(paymentColumns)
      .from(payments)
      .innerJoin(companies, eq(companies.id, payments.companyId))
      .where(where)
      .orderBy(desc(payments.receivedOn), desc(payments.createdAt), desc(payments.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(payments)
      .where(where),
  ]);
  const items = await presentPayments(
    db,
    rows.map((row) => ({ ...row.payment, companyName: row.companyName })),
  );
  return { items, total: count!.total, page: query.page, pageSize: query.pageSize };
}
