import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { InvoiceFilter } from '@shared/accounting.js';
import { queryRows } from '../../db/client.js';
import {
  caller,
  checkReceivedVia,
  completedCollisionClaim,
  sentInvoiceVia,
  succeeded,
} from '../../test/accounting-factories.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { createTestApp, testDatabaseKind } from '../../test/test-app.js';
import { agingReport } from './aging.service.js';
import { invoiceTotalsOf } from './invoice-list.query.js';

/**
 * The invoices summed per company, status and due day (invoice_totals, migration 0032, decision 033) are kept by
 * a trigger: after every kind of change each row equals the sums of the invoices themselves. The list's totals
 * and the aging today read them; for every filter they can answer, they give what the invoices give.
 */
const kept = sql`select company_id, status, due_date::text as due, invoices, open_invoices, total_cents::int as total,
    settled_cents::int as settled, balance_cents::int as balance
  from invoice_totals
  where invoices <> 0 or open_invoices <> 0 or total_cents <> 0 or settled_cents <> 0 or balance_cents <> 0
  order by company_id, status, due_date nulls first`;

const summed = sql`select company_id, status, due_date::text as due, count(*)::int as invoices,
    count(*) filter (where balance_cents <> 0)::int as open_invoices, sum(total_cents)::int as total,
    sum(paid_cents + credited_cents)::int as settled, sum(balance_cents)::int as balance
  from invoices group by company_id, status, due_date
  order by company_id, status, due_date nulls first`;

describe('the invoices summed per company, status and due day', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const admin = await loginAs(app, await buildUser(db, { role: 'admin' }));
  const call = caller(app, admin);
  const harbor = await buildCompany(db, {
    name: 'Harbor Freight Lines',
    paymentTermsDays: 30,
    billingEmail: 'ap@harbor.example',
  });
  const summit = await buildCompany(db, {
    name: 'Summit Haulage',
    paymentTermsDays: 15,
    billingEmail: 'ap@summit.example',
  });
  const expectKeptEqualsSummed = async () => {
    const rows = await queryRows(db, kept);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toEqual(await queryRows(db, summed));
  };
  const sent = (companyId: string, cents: number, issueDate: string) =>
    sentInvoiceVia(app, admin, companyId, { cents, issueDate });
  const pay = (companyId: string, receivedOn: string, amountCents: number, applications: object[]) =>
    checkReceivedVia(app, admin, { companyId, receivedOn, amountCents, applications });

  // Harbor: A 100.00 and B 50.00 issued 2025-01-10 (due 2025-02-09, the same day), C 80.00 of 2025-03-01.
  // Summit: D 60.00 of 2025-01-20 (due 2025-02-04).
  const a = await sent(harbor.id, 10_000, '2025-01-10');
  const b = await sent(harbor.id, 5_000, '2025-01-10');
  await sent(harbor.id, 8_000, '2025-03-01'); // C
  const d = await sent(summit.id, 6_000, '2025-01-20');

  it('match the invoices after drafts, sending, payments, a credit note, a reversal, a void and a deletion', async () => {
    await expectKeptEqualsSummed();
    const claim = await completedCollisionClaim(app, admin, harbor.id, {
      lines: [{ operation: 'part', description: 'Part', quantity: 1, unitPriceCents: 2_000 }],
    });
    const draft = await succeeded(call('POST', '/api/accounting/invoices', { claimIds: [claim.id] }));
    await expectKeptEqualsSummed();
    await succeeded(call('DELETE', `/api/accounting/invoices/${draft.id}?version=${draft.version}`));
    await expectKeptEqualsSummed();
    await pay(harbor.id, '2025-02-01', 12_500, [
      { invoiceId: a.id, amountCents: 10_000 },
      { invoiceId: b.id, amountCents: 2_500 },
    ]);
    await expectKeptEqualsSummed();
    await succeeded(
      call('POST', `/api/accounting/invoices/${b.id}/credit-notes`, {
        amountCents: 1_000,
        reason: 'Discount',
        issuedOn: '2025-02-15',
      }),
    );
    await expectKeptEqualsSummed();
    const bounced = await pay(summit.id, '2025-03-02', 6_000, [{ invoiceId: d.id, amountCents: 6_000 }]);
    await expectKeptEqualsSummed();
    await succeeded(
      call('POST', `/api/accounting/payments/${bounced.id}/reversal`, {
        reason: 'Bounced',
        reversedOn: '2025-03-20',
      }),
    );
    await expectKeptEqualsSummed();
    const spare = await sent(summit.id, 3_000, '2025-03-15');
    await succeeded(
      call('POST', `/api/accounting/invoices/${spare.id}/void`, { version: spare.version, reason: 'Twice' }),
    );
    await expectKeptEqualsSummed();
  });

  it('are summed again from the invoices by rebuild_invoice_totals()', async () => {
    await db.execute(sql`update invoice_totals set invoices = 0, total_cents = 0, balance_cents = 0`);
    await db.execute(sql`select rebuild_invoice_totals()`);
    await expectKeptEqualsSummed();
  });

  it('give the list the totals the invoices give, for every filter they answer', async () => {
    // Held draft of Harbor (no due date), so that a filter also meets an invoice that is not sent.
    const claim = await completedCollisionClaim(app, admin, harbor.id, {
      lines: [{ operation: 'part', description: 'Part', quantity: 1, unitPriceCents: 4_000 }],
    });
    await succeeded(call('POST', '/api/accounting/invoices', { claimIds: [claim.id] }));
    const filters: InvoiceFilter[] = [
      {},
      { status: 'partially_paid' },
      { status: 'paid' },
      { status: 'draft' },
      { companyId: harbor.id },
      { overdue: 'true' },
      { overdue: 'true', companyId: summit.id },
      { dueFrom: '2025-02-05', dueTo: '2025-02-28' },
      { search: 'harbor' },
      { search: 'haul', status: 'sent' },
    ];
    for (const filter of filters) {
      const fromSums = await invoiceTotalsOf(db, filter, '2025-06-30', 'sums');
      expect(fromSums, JSON.stringify(filter)).toEqual(
        await invoiceTotalsOf(db, filter, '2025-06-30', 'invoices'),
      );
    }
    // Harbor: A 100.00 paid; B 50.00 less 25.00 paid and 10.00 credited; C 80.00; the 40.00 draft counts, no money.
    expect(await invoiceTotalsOf(db, { companyId: harbor.id }, '2025-06-30', 'sums')).toEqual({
      total: 4,
      invoicedCents: 23_000,
      settledCents: 13_500,
    });
    // Overdue on 2025-06-30: B (15.00 open), C (80.00) and D (60.00, its payment reversed).
    expect(await invoiceTotalsOf(db, { overdue: 'true' }, '2025-06-30', 'sums')).toEqual({
      total: 3,
      invoicedCents: 19_000,
      settledCents: 3_500,
    });
  });

  it('give the aging today what the invoices give, and a past day too', async () => {
    for (const asOf of ['2025-02-10', '2025-03-10', '2025-06-30']) {
      // `today` decides the way: the kept sums when asOf is today or later, the invoices one by one before.
      const fromSums = await agingReport(db, asOf, asOf);
      expect(fromSums, asOf).toEqual(await agingReport(db, asOf, '9999-12-31'));
    }
    // On 2025-06-30: B 15.00, C 80.00, D 60.00, and the 30.00 voided only today (a void counts from its day).
    const june = await agingReport(db, '2025-06-30', '2025-06-30');
    expect(june.totals).toEqual({
      buckets: { current: 0, '1-30': 0, '31-60': 0, '61-90': 0, '90+': 18_500 },
      totalCents: 18_500,
      creditCents: 0,
    });
  });
});

/**
 * Two transactions changing invoices of one company whose sums lie in the same rows, in opposite orders (as two
 * payments spread over several invoices do): the trigger serializes them per company, so neither deadlocks. The
 * sums are written at once (`set constraints … immediate`) to force the interleaving that deadlocked: each holds
 * one row and asks for the other's. PostgreSQL only: PGlite runs one transaction at a time.
 */
describe.skipIf(testDatabaseKind() !== 'postgres')(
  'two transactions summing into the same rows',
  async () => {
    const { app, database } = await createTestApp();
    const url = (database as { url?: string }).url!;
    const admin = await loginAs(app, await buildUser(database.db, { role: 'admin' }));
    const fleet = await buildCompany(database.db, {
      name: 'Crossing Fleet',
      billingEmail: 'ap@crossing.example',
    });
    // Two invoices due 2025-02-09 (issued 2025-01-10) and two due 2025-03-03 (issued 2025-02-01), all sent.
    const early = [
      await sentInvoiceVia(app, admin, fleet.id, { cents: 1_000, issueDate: '2025-01-10' }),
      await sentInvoiceVia(app, admin, fleet.id, { cents: 1_000, issueDate: '2025-01-10' }),
    ];
    const late = [
      await sentInvoiceVia(app, admin, fleet.id, { cents: 1_000, issueDate: '2025-02-01' }),
      await sentInvoiceVia(app, admin, fleet.id, { cents: 1_000, issueDate: '2025-02-01' }),
    ];

    it('serializes them instead of deadlocking, and the sums stay right', async () => {
      const connect = () => new pg.Client({ connectionString: url });
      const [first, second, observer] = [connect(), connect(), connect()];
      await Promise.all([first, second, observer].map((client) => client.connect()));
      try {
        const settle = (client: pg.Client, id: string) =>
          client.query('update invoices set credited_cents = credited_cents + 100 where id = $1', [id]);
        const begin = async (client: pg.Client) => {
          await client.query('begin');
          await client.query('set constraints invoice_totals_changes immediate');
        };
        await begin(first);
        await settle(first, late[0]!.id);
        const secondDone = (async () => {
          await begin(second);
          await settle(second, early[1]!.id);
          await settle(second, late[1]!.id);
          await second.query('commit');
        })();
        // Until the second waits for a lock: for the company (serialized) or, without it, for the first's row.
        const secondPid = ((await second.query('select pg_backend_pid() as pid')).rows[0] as { pid: number })
          .pid;
        for (;;) {
          const waiting = await observer.query(
            "select 1 from pg_stat_activity where pid = $1 and wait_event_type = 'Lock'",
            [secondPid],
          );
          if (waiting.rowCount) break;
          await delay(20);
        }
        await settle(first, early[0]!.id);
        await first.query('commit');
        await secondDone;
      } finally {
        await Promise.all([first, second, observer].map((client) => client.end()));
      }
      expect(await queryRows(database.db, kept)).toEqual(await queryRows(database.db, summed));
      expect(await invoiceTotalsOf(database.db, { companyId: fleet.id }, '2025-06-30', 'sums')).toEqual({
        total: 4,
        invoicedCents: 4_000,
        settledCents: 400,
      });
    });
  },
);
