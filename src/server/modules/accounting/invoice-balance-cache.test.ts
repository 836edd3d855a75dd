import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import {
  caller,
  checkReceivedVia,
  completedCollisionClaim,
  sentInvoiceVia,
  succeeded,
} from '../../test/accounting-factories.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { creditedCentsSql, paidCentsSql, paymentAppliedCentsSql } from './invoice-balance.sql.js';

/**
 * What settled each invoice, and what each payment applied, is kept by triggers (migration 0031, decision 031) as
 * a cache of the derivation the invoice and payment pages read (invoice-balance.sql.ts). After every kind of
 * change the kept columns must equal that derivation, and the last dated entry the latest of the dates written
 * here independently.
 */
const kept = sql`select invoices.id, invoices.paid_cents as paid, invoices.credited_cents as credited,
    invoices.last_entry_on::text as last_entry, invoices.first_settled_on::text as first_settled,
    invoices.balance_cents as balance, invoices.status
  from invoices order by invoices.id`;

const raw = sql`select invoices.id, ${paidCentsSql()} as paid, ${creditedCentsSql()} as credited,
    (select max(d) from (
      select invoices.issue_date as d union all select invoices.voided_on
      union all select pa.applied_on from payment_applications pa where pa.invoice_id = invoices.id
      union all select p.reversed_on from payment_applications pa inner join payments p on p.id = pa.payment_id
        where pa.invoice_id = invoices.id
      union all select cn.issued_on from credit_notes cn where cn.invoice_id = invoices.id
    ) dates)::text as last_entry,
    (select min(d) from (
      select pa.applied_on as d from payment_applications pa where pa.invoice_id = invoices.id
      union all select cn.issued_on from credit_notes cn where cn.invoice_id = invoices.id
    ) dates)::text as first_settled,
    case when invoices.lifecycle = 'sent' then invoices.total_cents - ${paidCentsSql()} - ${creditedCentsSql()}
      else 0 end as balance,
    case when invoices.lifecycle <> 'sent' then invoices.lifecycle
      when ${paidCentsSql()} + ${creditedCentsSql()} >= invoices.total_cents then 'paid'
      when ${paidCentsSql()} + ${creditedCentsSql()} > 0 then 'partially_paid' else 'sent' end as status
  from invoices order by invoices.id`;

const keptCredits = sql`select payments.id, payments.applied_cents as paid, 0 as credited,
    payments.last_entry_on::text as last_entry, null as first_settled, payments.unapplied_cents as balance, '' as status
  from payments order by payments.id`;

const rawCredits = sql`select payments.id, ${paymentAppliedCentsSql()} as paid, 0 as credited,
    (select max(d) from (
      select payments.received_on as d union all select payments.reversed_on
      union all select pa.applied_on from payment_applications pa where pa.payment_id = payments.id
    ) dates)::text as last_entry, null as first_settled,
    case when payments.reversed_at is null then payments.amount_cents - ${paymentAppliedCentsSql()} else 0 end
      as balance, '' as status
  from payments order by payments.id`;

describe('the settled amounts kept on each invoice and payment', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const admin = await loginAs(app, await buildUser(db, { role: 'admin' }));
  const call = caller(app, admin);
  const company = await buildCompany(db, {
    name: 'Cache Fleet',
    paymentTermsDays: 30,
    billingEmail: 'ap@cache.example',
  });
  const read = async (query: typeof kept) =>
    (await queryRows<Record<string, unknown>>(db, query)).map((row) => ({
      ...row,
      paid: Number(row.paid),
      credited: Number(row.credited),
      balance: Number(row.balance),
    }));
  const expectKeptEqualsDerived = async () => {
    const rows = await read(kept);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toEqual(await read(raw));
    expect(await read(keptCredits)).toEqual(await read(rawCredits));
  };
  const sent = (cents: number, issueDate: string) =>
    sentInvoiceVia(app, admin, company.id, { cents, issueDate });
  const pay = (receivedOn: string, amountCents: number, applications: object[] = []) =>
    checkReceivedVia(app, admin, { companyId: company.id, receivedOn, amountCents, applications });

  const a = await sent(10_000, '2025-01-10');
  const b = await sent(5_000, '2025-01-20');
  const c = await sent(8_000, '2025-02-01');

  it('matches after a draft is created, edited and sent', async () => {
    const claim = await completedCollisionClaim(app, admin, company.id, {
      lines: [{ operation: 'part', description: 'Part', quantity: 1, unitPriceCents: 1_000 }],
    });
    const draft = await succeeded(call('POST', '/api/accounting/invoices', { claimIds: [claim.id] }));
    await expectKeptEqualsDerived();
    const edited = await succeeded(
      call('PATCH', `/api/accounting/invoices/${draft.id}`, {
        version: draft.version,
        lines: [
          { claimId: claim.id, description: 'Labor', quantity: 2, unitPriceCents: 4_321, taxable: false },
        ],
      }),
    );
    await expectKeptEqualsDerived();
    await succeeded(
      call('POST', `/api/accounting/invoices/${draft.id}/send`, {
        version: edited.version,
        issueDate: '2025-03-01',
      }),
    );
    await expectKeptEqualsDerived();
  });

  it('matches after one payment applied to several invoices, and the rest applied later', async () => {
    const payment = await pay('2025-02-10', 14_000, [
      { invoiceId: a.id, amountCents: 10_000 },
      { invoiceId: b.id, amountCents: 2_500 },
    ]);
    await expectKeptEqualsDerived();
    await succeeded(
      call('POST', `/api/accounting/payments/${payment.id}/applications`, {
        appliedOn: '2025-03-05',
        applications: [{ invoiceId: c.id, amountCents: 1_500 }],
      }),
    );
    await expectKeptEqualsDerived();
  });

  it('matches after a credit note, a payment reversed and an invoice voided', async () => {
    await succeeded(
      call('POST', `/api/accounting/invoices/${b.id}/credit-notes`, {
        amountCents: 1_000,
        reason: 'Discount',
        issuedOn: '2025-03-10',
      }),
    );
    await expectKeptEqualsDerived();
    const bounced = await pay('2025-03-12', 6_500, [
      { invoiceId: c.id, amountCents: 5_000 },
      { invoiceId: b.id, amountCents: 1_500 },
    ]);
    await expectKeptEqualsDerived();
    await succeeded(
      call('POST', `/api/accounting/payments/${bounced.id}/reversal`, {
        reason: 'Bounced',
        reversedOn: '2025-03-20',
      }),
    );
    await expectKeptEqualsDerived();
    const spare = await sent(3_000, '2025-03-15');
    await succeeded(
      call('POST', `/api/accounting/invoices/${spare.id}/void`, {
        version: spare.version,
        reason: 'Duplicate',
      }),
    );
    await expectKeptEqualsDerived();
  });

  it('matches after a draft is deleted and after everything is rebuilt', async () => {
    const claim = await completedCollisionClaim(app, admin, company.id, {
      lines: [{ operation: 'part', description: 'Part', quantity: 1, unitPriceCents: 700 }],
    });
    const draft = await succeeded(call('POST', '/api/accounting/invoices', { claimIds: [claim.id] }));
    await succeeded(call('DELETE', `/api/accounting/invoices/${draft.id}?version=${draft.version}`));
    await expectKeptEqualsDerived();
    await db.execute(
      sql`update invoices set paid_cents = 0, credited_cents = 0, last_entry_on = null, first_settled_on = null`,
    );
    await db.execute(sql`update payments set applied_cents = 0, last_entry_on = null`);
    await db.execute(sql`select rebuild_invoice_balances()`);
    await expectKeptEqualsDerived();
  });
});
