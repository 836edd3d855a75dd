import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { systemActor } from '../../actor.js';
import { companies, companyStatements, mailAttachments, mailOutbox } from '../../db/schema/index.js';
import { createJobRunner } from '../../jobs/runner/index.js';
import { createLogger } from '../../logger.js';
import { caller, sentInvoiceVia } from '../../test/accounting-factories.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { pdfText } from '../../test/pdf-text.js';
import { createTestApp } from '../../test/test-app.js';
import { monthlyStatementsJob, sendMonthlyStatements, statementDayFor } from './monthly-statements.job.js';

describe('company statements', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const system = systemActor('test');
  const admin = await loginAs(app, await buildUser(db, { role: 'admin' }));
  const call = caller(app, admin);
  const ok = async (response: Promise<{ statusCode: number; body: string }>) => {
    const settled = await response;
    expect(settled.statusCode, settled.body).toBeLessThan(300);
    return settled;
  };

  // As of 2025-04-30: A $100.00 due 2025-01-31 (89 days: 61–90); B $250.00 due 2025-03-31 with $40.00 paid on
  // 2025-04-15 (30 days: 1–30, $210.00 open); C $123.45 due 2025-05-10 (current); D $80.00 issued 2025-05-02
  // (after the day: not on it); $25.50 received 2025-04-20 left unapplied.
  const fleet = await buildCompany(db, {
    name: 'Statement Fleet Co',
    contactName: 'Jordan Reyes',
    billingEmail: 'ap@statement.example',
    billingAddress: '12 Harbor Rd, Tacoma WA',
    paymentTermsDays: 30,
    monthlyStatementsEnabled: true,
  });
  const a = await sentInvoiceVia(app, admin, fleet.id, { cents: 10_000, issueDate: '2025-01-01' });
  const b = await sentInvoiceVia(app, admin, fleet.id, { cents: 25_000, issueDate: '2025-03-01' });
  const c = await sentInvoiceVia(app, admin, fleet.id, { cents: 12_345, issueDate: '2025-04-10' });
  const d = await sentInvoiceVia(app, admin, fleet.id, { cents: 8_000, issueDate: '2025-05-02' });
  const pay = (receivedOn: string, amountCents: number, applications: object[] = []) =>
    ok(
      call('POST', '/api/accounting/payments', {
        companyId: fleet.id,
        method: 'check',
        receivedOn,
        amountCents,
        applications,
      }),
    );
  await pay('2025-04-15', 4_000, [{ invoiceId: b.id, amountCents: 4_000 }]);
  await pay('2025-04-20', 2_550);

  it('prints the open invoices with their aging and the unapplied credit, to the cent, as of a chosen day', async () => {
    const response = await call('GET', `/api/accounting/companies/${fleet.id}/statement.pdf?asOf=2025-04-30`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="statement-statement-fleet-co-2025-04-30.pdf"',
    );
    const { text } = await pdfText(response.rawPayload);
    expect(text).toContain('Statement as of Apr 30, 2025');
    expect(text).toContain('Statement Fleet Co');
    expect(text).toContain('12 Harbor Rd, Tacoma WA');
    expect(text).toContain(`${a.number} Jan 1, 2025 Jan 31, 2025 89 61–90 $100.00`);
    expect(text).toContain(`${b.number} Mar 1, 2025 Mar 31, 2025 30 1–30 $210.00`);
    expect(text).toContain(`${c.number} Apr 10, 2025 May 10, 2025 — Current $123.45`);
    expect(text).not.toContain(d.number);
    expect(text).toContain(
      'Current $123.45 1–30 days $210.00 31–60 days $0.00 61–90 days $100.00 90+ days $0.00',
    );
    expect(text).toContain('Open balance $433.45 Unapplied credit -$25.50 Balance due $407.95');
  });

  it('stands at today without a day, and answers 404 for an unknown company', async () => {
    const today = await call('GET', `/api/accounting/companies/${fleet.id}/statement.pdf`);
    expect(today.statusCode).toBe(200);
    const { text } = await pdfText(today.rawPayload);
    expect(text).toContain(d.number);
    const unknown = await call(
      'GET',
      '/api/accounting/companies/00000000-0000-4000-8000-000000000000/statement.pdf?asOf=2025-04-30',
    );
    expect(unknown.statusCode).toBe(404);
    expect(
      (await call('GET', `/api/accounting/companies/${fleet.id}/statement.pdf?asOf=2025-02-30`)).statusCode,
    ).toBe(400);
  });

  it('is for accounting roles only: managers and viewers of the company get 403 and no amount', async () => {
    for (const role of ['manager', 'viewer'] as const) {
      const cookie = await loginAs(app, await buildUser(db, { role, companyIds: [fleet.id] }));
      const response = await caller(app, cookie)(
        'GET',
        `/api/accounting/companies/${fleet.id}/statement.pdf?asOf=2025-04-30`,
      );
      expect(response.statusCode, role).toBe(403);
      expect(response.body).not.toContain('$');
    }
  });

  it('mails each opted-in company that owes or has credit one statement a month, with two runners', async () => {
    const quiet = await buildCompany(db, {
      name: 'Statement Quiet Co',
      billingEmail: 'ap@quiet.example',
      monthlyStatementsEnabled: true,
    });
    const notAsked = await buildCompany(db, {
      name: 'Statement Optout Co',
      billingEmail: 'ap@optout.example',
    });
    await sentInvoiceVia(app, admin, notAsked.id, { cents: 5_000, issueDate: '2025-04-01' });
    const creditOnly = await buildCompany(db, {
      name: 'Statement Credit Co',
      contactEmail: 'owner@credit.example',
      monthlyStatementsEnabled: true,
    });
    await ok(
      call('POST', '/api/accounting/payments', {
        companyId: creditOnly.id,
        method: 'wire',
        receivedOn: '2025-04-02',
        amountCents: 1_999,
        applications: [],
      }),
    );
    expect(statementDayFor(new Date('2025-05-01T06:00:30Z'))).toBe('2025-04-30');
    expect(statementDayFor(new Date('2025-03-01T06:00:00Z'))).toBe('2025-02-28');

    const clock = () => new Date('2025-05-01T06:00:30Z');
    const runners = [0, 1].map(() =>
      createJobRunner({
        db,
        logger: createLogger({ logLevel: 'silent' }),
        jobs: [monthlyStatementsJob()],
        now: clock,
        pollEveryMs: 0,
      }),
    );
    await Promise.all(runners.map((runner) => runner.tick()));
    await Promise.all(runners.map((runner) => runner.tick()));
    for (const runner of runners) await runner.stop();
    const again = await Promise.all(
      [0, 1].map(() => sendMonthlyStatements(db, system, { asOf: '2025-04-30', generatedAt: clock() })),
    );
    expect(again.map((result) => result.queued)).toEqual([0, 0]);

    const addresses = [
      'ap@statement.example',
      'ap@quiet.example',
      'ap@optout.example',
      'owner@credit.example',
    ];
    const mail = await db
      .select()
      .from(mailOutbox)
      .where(and(inArray(mailOutbox.to, addresses), eq(mailOutbox.templateKey, 'account_statement')))
      .orderBy(asc(mailOutbox.to));
    expect(mail.map((m) => [m.to, m.subject])).toEqual([
      ['ap@statement.example', 'Your FleetClaims statement as of Apr 30, 2025'],
      ['owner@credit.example', 'Your FleetClaims statement as of Apr 30, 2025'],
    ]);
    expect(mail[0]!.text).toContain(
      'The statement of Statement Fleet Co as of Apr 30, 2025 is attached as a PDF: open balance $433.45, unapplied credit $25.50.',
    );
    const [file] = await db.select().from(mailAttachments).where(eq(mailAttachments.mailId, mail[0]!.id));
    expect([file!.fileName, file!.contentType]).toEqual([
      'statement-statement-fleet-co-2025-04-30.pdf',
      'application/pdf',
    ]);
    const { text } = await pdfText(Buffer.from(file!.content));
    expect(text).toContain('Open balance $433.45 Unapplied credit -$25.50 Balance due $407.95');

    const rows = await db
      .select()
      .from(companyStatements)
      .where(inArray(companyStatements.companyId, [fleet.id, quiet.id, notAsked.id, creditOnly.id]))
      .orderBy(asc(companyStatements.sentTo));
    expect(rows.map((row) => [row.companyId, row.asOf, row.openCents, row.creditCents, row.sentTo])).toEqual([
      [fleet.id, '2025-04-30', 43_345, 2_550, 'ap@statement.example'],
      [creditOnly.id, '2025-04-30', 0, 1_999, 'owner@credit.example'],
    ]);

    // The next month is a new statement.
    await db
      .update(companies)
      .set({ monthlyStatementsEnabled: false })
      .where(eq(companies.id, creditOnly.id));
    const june = await sendMonthlyStatements(db, system, { asOf: '2025-05-31', generatedAt: clock() });
    expect(june.queued).toBeGreaterThanOrEqual(1);
    const fleetRows = await db
      .select({ asOf: companyStatements.asOf })
      .from(companyStatements)
      .where(eq(companyStatements.companyId, fleet.id))
      .orderBy(asc(companyStatements.asOf));
    expect(fleetRows.map((row) => row.asOf)).toEqual(['2025-04-30', '2025-05-31']);
  });
});
