import { describe, expect, it } from 'vitest';
import { caller, completedCollisionClaim } from '../../test/accounting-factories.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';

describe('aging', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const admin = await loginAs(app, await buildUser(db, { role: 'admin' }));
  const call = caller(app, admin);
  const company = await buildCompany(db, {
    name: 'Aging Fleet Co',
    paymentTermsDays: 30,
    billingEmail: 'ap@aging.example',
  });

  const sentInvoice = async (cents: number, issueDate: string) => {
    const claim = await completedCollisionClaim(app, admin, company.id, {
      lines: [{ operation: 'part', description: 'Part', quantity: 1, unitPriceCents: cents }],
    });
    const draft = (await call('POST', '/api/accounting/invoices', { claimIds: [claim.id] })).json();
    const sent = await call('POST', `/api/accounting/invoices/${draft.id}/send`, {
      version: draft.version,
      issueDate,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    return sent.json() as { id: string; number: string; version: number; dueDate: string };
  };
  const ok = async (response: Promise<{ statusCode: number; body: string }>) => {
    const settled = await response;
    expect(settled.statusCode, settled.body).toBeLessThan(300);
  };

  // A 100.00 due 2018-01-31; B 100.00 due 2018-03-31, 40.00 paid on 2018-06-15; C 100.00 due 2018-06-19,
  // paid in full on 2018-06-20 by a check reversed on 2018-07-10; D 100.00 issued 2018-06-25, due 2018-07-25;
  // E 50.00 due 2018-03-03, voided today; A gets a 10.00 credit note on 2018-07-01; 25.00 received 2018-06-01
  // is left unapplied.
  const a = await sentInvoice(10_000, '2018-01-01');
  const b = await sentInvoice(10_000, '2018-03-01');
  const c = await sentInvoice(10_000, '2018-05-20');
  const d = await sentInvoice(10_000, '2018-06-25');
  const e = await sentInvoice(5_000, '2018-02-01');
  const pay = (receivedOn: string, amountCents: number, applications: object[] = []) =>
    call('POST', '/api/accounting/payments', {
      companyId: company.id,
      method: 'check',
      receivedOn,
      amountCents,
      applications,
    });
  await ok(pay('2018-06-15', 4_000, [{ invoiceId: b.id, amountCents: 4_000 }]));
  const bounced = (await pay('2018-06-20', 10_000, [{ invoiceId: c.id, amountCents: 10_000 }])).json();
  await ok(
    call('POST', `/api/accounting/payments/${bounced.id}/reversal`, {
      reason: 'Bounced',
      reversedOn: '2018-07-10',
    }),
  );
  await ok(
    call('POST', `/api/accounting/invoices/${a.id}/credit-notes`, {
      amountCents: 1_000,
      reason: 'Discount',
      issuedOn: '2018-07-01',
    }),
  );
  await ok(pay('2018-06-01', 2_500));
  await ok(
    call('POST', `/api/accounting/invoices/${e.id}/void`, { version: e.version, reason: 'Duplicate' }),
  );

  const aging = async (asOf: string) => {
    const response = await call('GET', `/api/accounting/aging?asOf=${asOf}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().companies.find((row: { companyId: string }) => row.companyId === company.id);
  };

  it('puts open balances in buckets counted from the due date, as they stood on a past day', async () => {
    expect(await aging('2018-05-01')).toMatchObject({
      buckets: { current: 0, '1-30': 0, '31-60': 15_000, '61-90': 10_000, '90+': 0 },
      totalCents: 25_000,
      creditCents: 0,
    });
    expect(await aging('2018-06-30')).toMatchObject({
      companyName: 'Aging Fleet Co',
      buckets: { current: 10_000, '1-30': 0, '31-60': 0, '61-90': 0, '90+': 21_000 },
      totalCents: 31_000,
      creditCents: 2_500,
    });
    // The credit note lowers A, the reversal reopens C, and E is void by now.
    expect(await aging('2018-07-15')).toMatchObject({
      buckets: { current: 10_000, '1-30': 10_000, '31-60': 0, '61-90': 0, '90+': 20_000 },
      totalCents: 40_000,
    });
    const today = (await call('GET', '/api/accounting/aging')).json();
    expect(
      today.companies.find((r: { companyId: string }) => r.companyId === company.id).buckets['90+'],
    ).toBe(35_000);
    expect(today.totals.totalCents).toBe(35_000);
  });

  it('lists the invoices behind an amount, with their balances on that day, earliest due first', async () => {
    const behind = async (bucket: string) =>
      (
        await call(
          'GET',
          `/api/accounting/aging/invoices?asOf=2018-06-30&bucket=${encodeURIComponent(bucket)}&companyId=${company.id}`,
        )
      )
        .json()
        .items.map((i: { number: string; balanceCents: number; daysPastDue: number }) => [
          i.number,
          i.balanceCents,
          i.daysPastDue,
        ]);
    expect(await behind('90+')).toEqual([
      [a.number, 10_000, 150],
      [e.number, 5_000, 119],
      [b.number, 6_000, 91],
    ]);
    expect(await behind('current')).toEqual([[d.number, 10_000, -25]]);
    expect(await behind('1-30')).toEqual([]);
  });

  it('exports the aging as CSV', async () => {
    const response = await call('GET', '/api/accounting/aging.csv?asOf=2018-06-30');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="aging-2018-06-30.csv"');
    expect(response.body.split('\r\n')).toEqual([
      'As of,Company,Current,1–30,31–60,61–90,90+,Total,Unapplied credit',
      '2018-06-30,Aging Fleet Co,100.00,0.00,0.00,0.00,210.00,310.00,25.00',
      '2018-06-30,Total,100.00,0.00,0.00,0.00,210.00,310.00,25.00',
      '',
    ]);
    const bad = await call('GET', '/api/accounting/aging?asOf=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ asOf: ['As of must be a date (YYYY-MM-DD)'] });
  });
});
