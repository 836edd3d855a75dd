import { describe, expect, it } from 'vitest';
import { formatClaimNumber } from '@shared/claims.js';
import { caller, completedCollisionClaim } from '../../test/accounting-factories.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { EXPORT_BATCH } from './accounting-csv.js';

describe('accounting CSV exports', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const fleet = await buildCompany(db, {
    name: 'Export Fleet, Inc.',
    taxRatePercent: 8.25,
    paymentTermsDays: 30,
    billingEmail: 'ap@export.example',
  });
  const other = await buildCompany(db, {
    name: 'Other Haulage',
    contactEmail: 'office@other.example',
  });
  const adminUser = await buildUser(db, { role: 'admin' });
  const admin = await loginAs(app, adminUser);
  const manager = await loginAs(app, await buildUser(db, { role: 'manager', companyIds: [fleet.id] }));
  const viewer = await loginAs(app, await buildUser(db, { role: 'viewer', companyIds: [fleet.id] }));
  const call = caller(app, admin);

  const ok = async <T = { id: string; version: number; number: string }>(
    response: Promise<{ statusCode: number; body: string; json: () => unknown }>,
  ) => {
    const settled = await response;
    expect(settled.statusCode, settled.body).toBeLessThan(300);
    return settled.json() as T;
  };
  type Line = {
    claimId?: string;
    description: string;
    quantity: number;
    unitPriceCents: number;
    taxable: boolean;
  };
  /** A draft of a new completed claim of `companyId` whose lines are replaced by `lines` (the first billing the claim). */
  const draftWith = async (companyId: string, lines: Line[]) => {
    const claim = await completedCollisionClaim(app, admin, companyId, {
      lines: [{ operation: 'part', description: 'Part', quantity: 1, unitPriceCents: 1_000 }],
    });
    const draft = await ok(call('POST', '/api/accounting/invoices', { claimIds: [claim.id] }));
    const [first, ...rest] = lines;
    const edited = await ok(
      call('PATCH', `/api/accounting/invoices/${draft.id}`, {
        version: draft.version,
        lines: [{ ...first, claimId: claim.id }, ...rest],
      }),
    );
    return { ...edited, claim };
  };
  const send = (invoice: { id: string; version: number }, issueDate: string) =>
    ok(call('POST', `/api/accounting/invoices/${invoice.id}/send`, { version: invoice.version, issueDate }));

  // A: three lines at 8.25 %: 985.00 + 2.5 × 100.00 (untaxed) + 3 × 33.33; tax 8.25 % of 1084.99 = 89.51 shared
  // 81.26 / 0 / 8.25; total 1424.50; 400.00 of a 500.00 check applied. B: 100.00 + 8.25 tax, paid by a wire.
  // C: void. D: a draft. E: of another company. A card payment reversed.
  const aDraft = await draftWith(fleet.id, [
    { description: 'Front bumper cover', quantity: 1, unitPriceCents: 98_500, taxable: true },
    { description: 'Labor, body', quantity: 2.5, unitPriceCents: 10_000, taxable: false },
    { description: '=cmd|"/c calc"', quantity: 3, unitPriceCents: 3_333, taxable: true },
  ]);
  const a = await send(aDraft, '2019-03-01');
  const bDraft = await draftWith(fleet.id, [
    { description: 'Windshield', quantity: 1, unitPriceCents: 10_000, taxable: true },
  ]);
  const b = await send(bDraft, '2019-03-15');
  const cDraft = await draftWith(fleet.id, [
    { description: 'Duplicate tow', quantity: 1, unitPriceCents: 5_000, taxable: false },
  ]);
  const c = await send(cDraft, '2019-04-01');
  await ok(
    call('POST', `/api/accounting/invoices/${c.id}/void`, { version: c.version, reason: 'Duplicate' }),
  );
  const d = await draftWith(fleet.id, [
    { description: 'Mirror', quantity: 1, unitPriceCents: 2_000, taxable: true },
  ]);
  const eDraft = await draftWith(other.id, [
    { description: 'Tires', quantity: 4, unitPriceCents: 12_550, taxable: false },
  ]);
  const e = await send(eDraft, '2019-02-01');
  const pay = (companyId: string, body: object) =>
    ok(call('POST', '/api/accounting/payments', { companyId, ...body }));
  await pay(fleet.id, {
    amountCents: 50_000,
    receivedOn: '2019-03-10',
    method: 'check',
    reference: '1001',
    note: 'Partial, rest on account',
    applications: [{ invoiceId: a.id, amountCents: 40_000 }],
  });
  await pay(fleet.id, {
    amountCents: 10_825,
    receivedOn: '2019-04-05',
    method: 'wire',
    reference: 'W-77',
    applications: [{ invoiceId: b.id, amountCents: 10_825 }],
  });
  const card = await pay(fleet.id, { amountCents: 5_000, receivedOn: '2019-04-06', method: 'card' });
  await ok(
    call('POST', `/api/accounting/payments/${card.id}/reversal`, {
      reason: 'Chargeback',
      reversedOn: '2019-04-07',
    }),
  );
  await pay(other.id, {
    amountCents: 50_200,
    receivedOn: '2019-02-20',
    method: 'ach',
    applications: [{ invoiceId: e.id, amountCents: 50_200 }],
  });

  const csv = async (url: string, cookie = admin) => {
    const response = await app.inject({ method: 'GET', url, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    return response;
  };
  const rows = async (url: string) => (await csv(url)).body.split('\r\n');

  const LINE_HEADER =
    'Invoice number,Status,Customer,Customer email,Invoice date,Due date,Terms (days),Claim,Line,Description,Quantity,Unit price,Line amount,Taxable,Tax rate (%),Line tax,Invoice subtotal,Invoice tax,Invoice total,Invoice balance,Currency';
  const PAYMENT_HEADER =
    'Date,Customer,Amount,Method,Reference,Applied to,Applied,Unapplied,Reversed on,Reversal reason,Note,Currency';
  const claimOf = (invoice: { claim: { number: number } }) => formatClaimNumber(invoice.claim.number);

  it('exports one row per invoice line in number order, amounts in dollars, tax shared over the lines', async () => {
    const response = await csv('/api/accounting/invoice-lines.csv');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="invoice-lines-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect([a.number, b.number, c.number, e.number]).toEqual([
      'INV-2019-000001',
      'INV-2019-000002',
      'INV-2019-000003',
      'INV-2019-000004',
    ]);
    expect(response.body.split('\r\n')).toEqual([
      LINE_HEADER,
      `INV-2019-000001,Partially paid,"Export Fleet, Inc.",ap@export.example,2019-03-01,2019-03-31,30,${claimOf(aDraft)},1,Front bumper cover,1,985.00,985.00,Yes,8.25,81.26,1334.99,89.51,1424.50,1024.50,USD`,
      `INV-2019-000001,Partially paid,"Export Fleet, Inc.",ap@export.example,2019-03-01,2019-03-31,30,,2,"Labor, body",2.5,100.00,250.00,No,8.25,0.00,1334.99,89.51,1424.50,1024.50,USD`,
      `INV-2019-000001,Partially paid,"Export Fleet, Inc.",ap@export.example,2019-03-01,2019-03-31,30,,3,"'=cmd|""/c calc""",3,33.33,99.99,Yes,8.25,8.25,1334.99,89.51,1424.50,1024.50,USD`,
      `INV-2019-000002,Paid,"Export Fleet, Inc.",ap@export.example,2019-03-15,2019-04-14,30,${claimOf(bDraft)},1,Windshield,1,100.00,100.00,Yes,8.25,8.25,100.00,8.25,108.25,0.00,USD`,
      `INV-2019-000003,Void,"Export Fleet, Inc.",ap@export.example,2019-04-01,2019-05-01,30,${claimOf(cDraft)},1,Duplicate tow,1,50.00,50.00,No,8.25,0.00,50.00,0.00,50.00,0.00,USD`,
      `INV-2019-000004,Paid,Other Haulage,office@other.example,2019-02-01,2019-03-03,30,${claimOf(eDraft)},1,Tires,4,125.50,502.00,No,0,0.00,502.00,0.00,502.00,0.00,USD`,
      '',
    ]);
  });

  it('takes the invoice list’s filters: company, status, search, dates; drafts only when asked for', async () => {
    const numbers = async (query: string) =>
      (await rows(`/api/accounting/invoice-lines.csv?${query}`)).slice(1, -1).map((row) => row.split(',')[0]);
    expect(await numbers(`companyId=${other.id}`)).toEqual(['INV-2019-000004']);
    expect(await numbers('status=paid')).toEqual(['INV-2019-000002', 'INV-2019-000004']);
    expect(await numbers('search=INV-2019-000003')).toEqual(['INV-2019-000003']);
    expect(await numbers(`search=${claimOf(aDraft)}`)).toEqual([
      'INV-2019-000001',
      'INV-2019-000001',
      'INV-2019-000001',
    ]);
    expect(await numbers('issuedFrom=2019-03-02&issuedTo=2019-03-31')).toEqual(['INV-2019-000002']);
    // The list's sort and page are not the export's: every row of the filtered set comes, in number order.
    expect(await numbers('overdue=true&sort=total&dir=asc&page=3&pageSize=1')).toEqual([
      'INV-2019-000001',
      'INV-2019-000001',
      'INV-2019-000001',
    ]);
    expect(await rows('/api/accounting/invoice-lines.csv?status=draft')).toEqual([
      LINE_HEADER,
      `,Draft,"Export Fleet, Inc.",ap@export.example,,,30,${claimOf(d)},1,Mirror,1,20.00,20.00,Yes,8.25,1.65,20.00,1.65,21.65,0.00,USD`,
      '',
    ]);
    const bad = await call('GET', '/api/accounting/invoice-lines.csv?status=open&issuedFrom=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['issuedFrom', 'status']);
  });

  it('exports one row per payment, oldest first, with the invoices it settled, of the filtered company', async () => {
    const response = await csv('/api/accounting/payments.csv');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.body.split('\r\n')).toEqual([
      PAYMENT_HEADER,
      '2019-02-20,Other Haulage,502.00,ACH,,INV-2019-000004: 502.00,502.00,0.00,,,,USD',
      '2019-03-10,"Export Fleet, Inc.",500.00,Check,1001,INV-2019-000001: 400.00,400.00,100.00,,,"Partial, rest on account",USD',
      '2019-04-05,"Export Fleet, Inc.",108.25,Wire,W-77,INV-2019-000002: 108.25,108.25,0.00,,,,USD',
      '2019-04-06,"Export Fleet, Inc.",50.00,Card,,,0.00,0.00,2019-04-07,Chargeback,,USD',
      '',
    ]);
    const own = await rows(`/api/accounting/payments.csv?companyId=${other.id}`);
    expect(own).toEqual([
      PAYMENT_HEADER,
      '2019-02-20,Other Haulage,502.00,ACH,,INV-2019-000004: 502.00,502.00,0.00,,,,USD',
      '',
    ]);
  });

  it(`reads past one batch of ${EXPORT_BATCH} without losing or repeating a row`, async () => {
    const many = await buildCompany(db, { name: 'Many Payments Co' });
    const values = Array.from({ length: EXPORT_BATCH + 3 }, (_, i) => ({
      companyId: many.id,
      amountCents: i + 1,
      receivedOn: '2020-01-01',
      method: 'other' as const,
      reference: `R${String(i).padStart(4, '0')}`,
    }));
    const { payments } = await import('../../db/schema/index.js');
    await db.insert(payments).values(values);
    const lines = (await rows(`/api/accounting/payments.csv?companyId=${many.id}`)).slice(1, -1);
    expect(lines).toHaveLength(EXPORT_BATCH + 3);
    const amounts = lines.map((line) => Math.round(Number(line.split(',')[2]) * 100)).sort((x, y) => x - y);
    expect(amounts).toEqual(values.map((v) => v.amountCents));
  });

  it('is for accounting.view only: managers and viewers get 403 and no amount', async () => {
    for (const cookie of [manager, viewer]) {
      for (const url of ['/api/accounting/invoice-lines.csv', '/api/accounting/payments.csv']) {
        const response = await app.inject({ method: 'GET', url, headers: { cookie } });
        expect(response.statusCode, url).toBe(403);
        expect(response.body).not.toMatch(/INV-|\d+\.\d\d/);
      }
    }
    const anonymous = await app.inject({ method: 'GET', url: '/api/accounting/payments.csv' });
    expect(anonymous.statusCode).toBe(401);
  });
});
