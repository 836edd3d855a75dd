import { describe, expect, it } from 'vitest';
import { caller, completedCollisionClaim } from '../../test/accounting-factories.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';

describe('payments and credit notes', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const admin = await loginAs(app, await buildUser(db, { role: 'admin' }));
  const call = caller(app, admin);
  const acme = await buildCompany(db, {
    name: 'Acme Rentals',
    paymentTermsDays: 30,
    billingEmail: 'ap@acme.example',
  });
  const zenith = await buildCompany(db, { name: 'Zenith Logistics', billingEmail: 'ap@zenith.example' });

  /** A sent invoice of `cents` (one untaxed line) of `companyId`, issued on `issueDate`. */
  const sentInvoice = async (cents: number, companyId = acme.id, issueDate = '2025-01-15') => {
    const claim = await completedCollisionClaim(app, admin, companyId, {
      lines: [{ operation: 'part', description: 'Part', quantity: 1, unitPriceCents: cents }],
    });
    const draft = (await call('POST', '/api/accounting/invoices', { claimIds: [claim.id] })).json();
    const sent = await call('POST', `/api/accounting/invoices/${draft.id}/send`, {
      version: draft.version,
      issueDate,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    return sent.json() as { id: string; number: string; totalCents: number; version: number };
  };
  const invoice = async (id: string) => (await call('GET', `/api/accounting/invoices/${id}`)).json();
  const pay = (body: object) =>
    call('POST', '/api/accounting/payments', {
      companyId: acme.id,
      receivedOn: '2025-02-01',
      method: 'check',
      ...body,
    });

  it('applies one payment across invoices of one company, keeps the rest as credit, and applies it later', async () => {
    const first = await sentInvoice(10_000);
    const second = await sentInvoice(5_000);
    const third = await sentInvoice(2_000);
    const response = await pay({
      amountCents: 14_000,
      reference: 'CHK 1042',
      note: 'January repairs',
      applications: [
        { invoiceId: first.id, amountCents: 10_000 },
        { invoiceId: second.id, amountCents: 2_500 },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      amountCents: 14_000,
      method: 'check',
      reference: 'CHK 1042',
      appliedCents: 12_500,
      unappliedCents: 1_500,
      applications: [
        { invoiceId: first.id, invoiceNumber: first.number, amountCents: 10_000, appliedOn: '2025-02-01' },
        { invoiceId: second.id, invoiceNumber: second.number, amountCents: 2_500, appliedOn: '2025-02-01' },
      ],
    });
    expect(await invoice(first.id)).toMatchObject({ status: 'paid', paidCents: 10_000, balanceCents: 0 });
    const partly = await invoice(second.id);
    expect(partly).toMatchObject({ status: 'partially_paid', balanceCents: 2_500 });
    expect(partly.payments).toMatchObject([{ amountCents: 2_500, method: 'check', reference: 'CHK 1042' }]);
    expect(partly.history.map((h: { action: string }) => h.action)).toContain('invoice.payment_applied');

    const later = await call('POST', `/api/accounting/payments/${response.json().id}/applications`, {
      appliedOn: '2025-02-10',
      applications: [{ invoiceId: third.id, amountCents: 1_500 }],
    });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json()).toMatchObject({ appliedCents: 14_000, unappliedCents: 0 });
    expect((await invoice(third.id)).balanceCents).toBe(500);
    const none = await call('POST', `/api/accounting/payments/${response.json().id}/applications`, {
      applications: [{ invoiceId: third.id, amountCents: 1 }],
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('The payment has $0.00 left to apply, not $0.01');
  });

  it('refuses an over-application, another company’s invoice, a draft and a sum above the payment', async () => {
    const open = await sentInvoice(3_000);
    const over = await pay({
      amountCents: 5_000,
      applications: [{ invoiceId: open.id, amountCents: 3_001 }],
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(
      `${open.number} has a balance of $30.00: $30.01 cannot be applied to it`,
    );
    const theirs = await sentInvoice(3_000, zenith.id);
    const foreign = await pay({
      amountCents: 1_000,
      applications: [{ invoiceId: theirs.id, amountCents: 1_000 }],
    });
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json().message).toBe('A payment applies only to sent invoices of its own company');
    const sum = await pay({ amountCents: 1_000, applications: [{ invoiceId: open.id, amountCents: 1_001 }] });
    expect(sum.statusCode).toBe(400);
    expect(sum.json().fieldErrors).toEqual({
      applications: ['The amounts applied add up to more than the payment'],
    });
    const invalid = await call('POST', '/api/accounting/payments', {
      companyId: acme.id,
      amountCents: 0,
      method: 'cash',
      receivedOn: '',
    });
    expect(invalid.json().fieldErrors).toMatchObject({
      amountCents: ['Amount must be more than $0.00'],
      method: ['Choose how it was paid'],
      receivedOn: ['Received on is required'],
    });
    const future = await pay({ amountCents: 1_000, receivedOn: '2999-01-01' });
    expect(future.json().fieldErrors).toEqual({ receivedOn: ['The date received cannot be in the future'] });
    // Nothing of the refused payments was kept.
    expect((await invoice(open.id)).balanceCents).toBe(3_000);
  });

  it('refuses the second of two payments racing to over-apply one invoice', async () => {
    const target = await sentInvoice(10_000);
    const [a, b] = await Promise.all([
      pay({ amountCents: 6_000, applications: [{ invoiceId: target.id, amountCents: 6_000 }] }),
      pay({ amountCents: 6_000, applications: [{ invoiceId: target.id, amountCents: 6_000 }] }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect((a.statusCode === 409 ? a : b).json().message).toBe(
      `${target.number} has a balance of $40.00: $60.00 cannot be applied to it`,
    );
    expect(await invoice(target.id)).toMatchObject({ paidCents: 6_000, balanceCents: 4_000 });
  });

  it('reverses a payment, audited, which reopens the balances it settled', async () => {
    const target = await sentInvoice(8_000);
    const paid = (
      await pay({ amountCents: 8_000, applications: [{ invoiceId: target.id, amountCents: 8_000 }] })
    ).json();
    expect((await invoice(target.id)).status).toBe('paid');
    const noReason = await call('POST', `/api/accounting/payments/${paid.id}/reversal`, {});
    expect(noReason.json().fieldErrors).toEqual({ reason: ['Say why the payment is reversed'] });
    const reversed = await call('POST', `/api/accounting/payments/${paid.id}/reversal`, {
      reason: 'Check bounced',
      reversedOn: '2025-02-05',
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json()).toMatchObject({
      reversedOn: '2025-02-05',
      reversalReason: 'Check bounced',
      appliedCents: 0,
      unappliedCents: 0,
    });
    const reopened = await invoice(target.id);
    expect(reopened).toMatchObject({ status: 'sent', paidCents: 0, balanceCents: 8_000 });
    expect(reopened.payments).toMatchObject([{ amountCents: 8_000, reversedOn: '2025-02-05' }]);
    expect(reopened.history.map((h: { action: string }) => h.action)).toContain('invoice.payment_reversed');
    const twice = await call('POST', `/api/accounting/payments/${paid.id}/reversal`, { reason: 'again' });
    expect(twice.statusCode).toBe(409);
    const apply = await call('POST', `/api/accounting/payments/${paid.id}/applications`, {
      applications: [{ invoiceId: target.id, amountCents: 1 }],
    });
    expect(apply.json().message).toBe('This payment is reversed: it settles nothing.');
  });

  it('refuses to void an invoice with payments applied until they are reversed', async () => {
    const target = await sentInvoice(4_000);
    const paid = (
      await pay({ amountCents: 1_000, applications: [{ invoiceId: target.id, amountCents: 1_000 }] })
    ).json();
    const refused = await call('POST', `/api/accounting/invoices/${target.id}/void`, {
      version: target.version,
      reason: 'Wrong fleet',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Payments are applied to this invoice: reverse them before voiding it.',
    );
    await call('POST', `/api/accounting/payments/${paid.id}/reversal`, { reason: 'Refunded' });
    const voided = await call('POST', `/api/accounting/invoices/${target.id}/void`, {
      version: target.version,
      reason: 'Wrong fleet',
    });
    expect(voided.statusCode, voided.body).toBe(200);
  });

  it('issues numbered credit notes that reduce the balance and never exceed it', async () => {
    const target = await sentInvoice(10_000, acme.id, '2019-03-01');
    const first = await call('POST', `/api/accounting/invoices/${target.id}/credit-notes`, {
      amountCents: 2_500,
      reason: 'Labour billed twice',
      issuedOn: '2019-03-10',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      number: 'CN-2019-000001',
      amountCents: 2_500,
      issuedOn: '2019-03-10',
    });
    expect(await invoice(target.id)).toMatchObject({
      status: 'partially_paid',
      creditedCents: 2_500,
      balanceCents: 7_500,
    });
    const over = await call('POST', `/api/accounting/invoices/${target.id}/credit-notes`, {
      amountCents: 7_501,
      reason: 'x',
      issuedOn: '2019-03-11',
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(`${target.number} has a balance of $75.00: the credit cannot exceed it`);
    const rest = await call('POST', `/api/accounting/invoices/${target.id}/credit-notes`, {
      amountCents: 7_500,
      reason: 'Goodwill',
      issuedOn: '2019-03-11',
    });
    expect(rest.json().number).toBe('CN-2019-000002');
    const settled = await invoice(target.id);
    expect(settled).toMatchObject({ status: 'paid', balanceCents: 0 });
    expect(settled.creditNotes.map((c: { number: string }) => c.number)).toEqual([
      'CN-2019-000001',
      'CN-2019-000002',
    ]);
    const claim = await completedCollisionClaim(app, admin, acme.id, {
      lines: [{ operation: 'part', description: 'P', quantity: 1, unitPriceCents: 100 }],
    });
    const draft = (await call('POST', '/api/accounting/invoices', { claimIds: [claim.id] })).json();
    const onDraft = await call('POST', `/api/accounting/invoices/${draft.id}/credit-notes`, {
      amountCents: 1,
      reason: 'x',
    });
    expect(onDraft.statusCode).toBe(409);
  });

  it('lists payments, latest first, per company', async () => {
    const company = await buildCompany(db, { name: 'Payments Listed Co', billingEmail: 'ap@listed.example' });
    for (const receivedOn of ['2024-01-02', '2024-03-04']) {
      await call('POST', '/api/accounting/payments', {
        companyId: company.id,
        amountCents: 100,
        method: 'ach',
        receivedOn,
      });
    }
    const list = (await call('GET', `/api/accounting/payments?companyId=${company.id}`)).json();
    expect(
      list.items.map((p: { receivedOn: string; unappliedCents: number }) => [p.receivedOn, p.unappliedCents]),
    ).toEqual([
      ['2024-03-04', 100],
      ['2024-01-02', 100],
    ]);
    expect(list.total).toBe(2);
  });
});
