import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../actor.js';
import { companies, invoiceReminders, mailOutbox } from '../../db/schema/index.js';
import { mailDeliveryJob, smtpSender } from '../../jobs/mail-outbox.js';
import { createJobRunner } from '../../jobs/runner/index.js';
import { createLogger } from '../../logger.js';
import { caller, sentInvoiceVia } from '../../test/accounting-factories.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { pdfText } from '../../test/pdf-text.js';
import { startTestSmtpServer } from '../../test/smtp.js';
import { createTestApp } from '../../test/test-app.js';
import { invoiceRemindersJob, sendInvoiceReminders } from './invoice-reminders.job.js';

const STAGES = [7, 30, 60];
const logger = createLogger({ logLevel: 'silent' });

describe('overdue invoice reminders', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const system = systemActor('test');
  const admin = await loginAs(app, await buildUser(db, { role: 'admin', username: 'reminder.admin' }));
  const call = caller(app, admin);
  const smtp = await startTestSmtpServer();
  const sender = smtpSender(smtp.url);
  const delivery = createJobRunner({
    db,
    logger,
    jobs: [mailDeliveryJob({ sender, from: 'FleetClaims <billing@test>' })],
    now: () => new Date('2099-01-01T00:00:30Z'),
    pollEveryMs: 0,
  });
  afterAll(async () => {
    await delivery.stop();
    sender.close();
    await smtp.close();
  });

  /** A company on net 30 in `timeZone`, and a sent invoice of it due on `dueDate` (issued 30 days before). */
  const company = (billingEmail: string | null, overrides: Partial<typeof companies.$inferInsert> = {}) =>
    buildCompany(db, {
      billingEmail: billingEmail ?? 'setup@example.com',
      paymentTermsDays: 30,
      timeZone: 'America/Chicago',
      contactName: 'Jordan Reyes',
      ...overrides,
    });
  const invoiceDue = async (companyId: string, dueDate: string, cents = 10_000) => {
    const issue = new Date(`${dueDate}T00:00:00Z`);
    issue.setUTCDate(issue.getUTCDate() - 30);
    const invoice = await sentInvoiceVia(app, admin, companyId, {
      cents,
      issueDate: issue.toISOString().slice(0, 10),
    });
    expect(invoice.dueDate).toBe(dueDate);
    return invoice;
  };
  const remindersTo = (addresses: string[]) =>
    db
      .select()
      .from(mailOutbox)
      .where(and(inArray(mailOutbox.to, addresses), eq(mailOutbox.templateKey, 'invoice_reminder')))
      .orderBy(asc(mailOutbox.subject));

  it('reminds at exactly 7, 30 and 60 days past due in the company’s zone, once each, with two runners', async () => {
    const chicago = await company('ap@chicago.example');
    // On 2025-06-01 at 12:30 UTC it is 07:30 on June 1 in Chicago and 00:30 on June 2 in Auckland.
    const auckland = await company('ap@auckland.example', { timeZone: 'Pacific/Auckland' });
    const sixDays = await invoiceDue(chicago.id, '2025-05-26');
    const sevenDays = await invoiceDue(chicago.id, '2025-05-25');
    const thirtyDays = await invoiceDue(chicago.id, '2025-05-02', 12_345);
    const sixtyDays = await invoiceDue(chicago.id, '2025-04-02');
    const sevenInAuckland = await invoiceDue(auckland.id, '2025-05-26');

    const clock = () => new Date('2025-06-01T12:30:00Z');
    const runners = [0, 1].map(() =>
      createJobRunner({
        db,
        logger,
        jobs: [invoiceRemindersJob({ stages: STAGES })],
        now: clock,
        pollEveryMs: 0,
      }),
    );
    await Promise.all(runners.map((runner) => runner.tick()));
    await Promise.all(runners.map((runner) => runner.tick()));
    for (const runner of runners) await runner.stop();
    // Two more runs at the same moment (another process, a retry) send nothing more.
    const again = await Promise.all(
      [0, 1].map(() => sendInvoiceReminders(db, system, { now: clock(), stages: STAGES })),
    );
    expect(again.map((result) => result.queued)).toEqual([0, 0]);

    const mail = await remindersTo(['ap@chicago.example', 'ap@auckland.example']);
    expect(mail.map((m) => [m.to, m.subject])).toEqual(
      [
        ['ap@chicago.example', `Reminder: invoice ${sevenDays.number} is 7 days past due`],
        ['ap@chicago.example', `Reminder: invoice ${thirtyDays.number} is 30 days past due`],
        ['ap@chicago.example', `Reminder: invoice ${sixtyDays.number} is 60 days past due`],
        ['ap@auckland.example', `Reminder: invoice ${sevenInAuckland.number} is 7 days past due`],
      ].sort((a, b) => a[1]!.localeCompare(b[1]!)),
    );
    expect(mail.some((m) => m.subject.includes(sixDays.number))).toBe(false);
    const thirty = mail.find((m) => m.subject.includes(thirtyDays.number))!;
    expect(thirty.text).toContain(
      `Invoice ${thirtyDays.number} was due on May 2, 2025 and $123.45 of its $123.45 is still open (30 days past due).`,
    );

    const rows = await db
      .select()
      .from(invoiceReminders)
      .where(inArray(invoiceReminders.invoiceId, [sevenDays.id, thirtyDays.id, sixtyDays.id, sixDays.id]))
      .orderBy(asc(invoiceReminders.stage));
    expect(rows.map((row) => [row.invoiceId, row.stage, row.daysPastDue, row.sentTo])).toEqual([
      [sevenDays.id, 7, 7, 'ap@chicago.example'],
      [thirtyDays.id, 30, 30, 'ap@chicago.example'],
      [sixtyDays.id, 60, 60, 'ap@chicago.example'],
    ]);

    // The invoice's history says it, like it says it was sent.
    const history = (await call('GET', `/api/accounting/invoices/${thirtyDays.id}`)).json().history;
    expect(history.at(-1)).toMatchObject({
      action: 'invoice.reminder_sent',
      by: null,
      detail: { stage: 30, daysPastDue: 30, sentTo: 'ap@chicago.example', mailId: thirty.id },
    });

    // The six-day invoice gets its 7-day reminder the next day, and only that.
    const nextDay = await sendInvoiceReminders(db, system, {
      now: new Date('2025-06-02T12:30:00Z'),
      stages: STAGES,
    });
    expect(nextDay.queued).toBeGreaterThanOrEqual(1);
    const later = await remindersTo(['ap@chicago.example']);
    expect(later.filter((m) => m.subject.includes(sixDays.number)).map((m) => m.subject)).toEqual([
      `Reminder: invoice ${sixDays.number} is 7 days past due`,
    ]);
    expect(later).toHaveLength(4);
  });

  it('queues one reminder when two processes run at the same moment', async () => {
    const racer = await company('ap@race.example');
    const invoice = await invoiceDue(racer.id, '2025-07-01');
    const now = new Date('2025-07-08T16:00:00Z');
    // (Invoices of the tests before reach later stages too; only this company's mail is counted.)
    await Promise.all([0, 1, 2].map(() => sendInvoiceReminders(db, system, { now, stages: STAGES })));
    expect((await remindersTo(['ap@race.example'])).map((m) => m.subject)).toEqual([
      `Reminder: invoice ${invoice.number} is 7 days past due`,
    ]);
    const history = (await call('GET', `/api/accounting/invoices/${invoice.id}`)).json().history;
    expect(
      history.filter((entry: { action: string }) => entry.action === 'invoice.reminder_sent'),
    ).toHaveLength(1);
  });

  it('attaches the invoice’s PDF to the reminder that reaches the SMTP server', async () => {
    const acme = await company('ap@pdf.example');
    const invoice = await invoiceDue(acme.id, '2025-03-01', 42_000);
    await sendInvoiceReminders(db, system, { now: new Date('2025-03-31T15:00:00Z'), stages: STAGES });
    await delivery.tick();
    const received = smtp.received.filter((m) => m.to.includes('ap@pdf.example'));
    // The invoice itself went there when sent; the reminder is the second mail.
    const reminder = received.find((m) => m.body.includes('days past due'));
    expect(reminder, 'the reminder reached the SMTP server').toBeDefined();
    expect(reminder!.body).toContain(`Subject: Reminder: invoice ${invoice.number} is 30 days past due`);
    expect(reminder!.attachments.map((file) => [file.fileName, file.contentType])).toEqual([
      [`${invoice.number}.pdf`, 'application/pdf'],
    ]);
    expect(reminder!.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await pdfText(reminder!.attachments[0]!.content);
    expect(text).toContain(invoice.number);
    expect(text).toContain('Balance due $420.00');
  });

  it('sends nothing to a company that turned reminders off, nor for an invoice paid in full', async () => {
    const optedOut = await company('ap@optout.example', { invoiceRemindersEnabled: false });
    await invoiceDue(optedOut.id, '2025-01-10');
    const payer = await company('ap@paid.example');
    const paid = await invoiceDue(payer.id, '2025-01-10');
    const payment = await call('POST', '/api/accounting/payments', {
      companyId: payer.id,
      method: 'check',
      receivedOn: '2025-01-20',
      amountCents: paid.totalCents,
      applications: [{ invoiceId: paid.id, amountCents: paid.totalCents }],
    });
    expect(payment.statusCode, payment.body).toBe(201);
    const partly = await invoiceDue(payer.id, '2025-01-11', 20_000);
    const part = await call('POST', '/api/accounting/payments', {
      companyId: payer.id,
      method: 'ach',
      receivedOn: '2025-01-20',
      amountCents: 5_000,
      applications: [{ invoiceId: partly.id, amountCents: 5_000 }],
    });
    expect(part.statusCode, part.body).toBe(201);

    await sendInvoiceReminders(db, system, { now: new Date('2025-02-09T18:00:00Z'), stages: STAGES });
    const mail = await remindersTo(['ap@optout.example', 'ap@paid.example']);
    // Only the partly paid invoice (29 days past due in Chicago → the 7-day stage) is reminded of.
    expect(mail.map((m) => m.subject)).toEqual([`Reminder: invoice ${partly.number} is 29 days past due`]);
    expect(mail[0]!.text).toContain('$150.00 of its $200.00 is still open');

    // Turned back on, the company gets the stage its invoice has reached by then.
    await db.update(companies).set({ invoiceRemindersEnabled: true }).where(eq(companies.id, optedOut.id));
    await sendInvoiceReminders(db, system, { now: new Date('2025-02-09T18:00:00Z'), stages: STAGES });
    expect((await remindersTo(['ap@optout.example'])).map((m) => m.subject)).toEqual([
      expect.stringMatching(/is 30 days past due$/),
    ]);
  });

  it('skips a company without any email and reminds it once it has one', async () => {
    const silent = await company('ap@later.example');
    const invoice = await invoiceDue(silent.id, '2025-02-01');
    await db
      .update(companies)
      .set({ billingEmail: null, contactEmail: null })
      .where(eq(companies.id, silent.id));
    const now = new Date('2025-02-08T15:00:00Z');
    await sendInvoiceReminders(db, system, { now, stages: STAGES });
    expect(
      await db.select().from(invoiceReminders).where(eq(invoiceReminders.invoiceId, invoice.id)),
    ).toEqual([]);
    await db
      .update(companies)
      .set({ contactEmail: 'owner@later.example' })
      .where(eq(companies.id, silent.id));
    await sendInvoiceReminders(db, system, { now, stages: STAGES });
    expect((await remindersTo(['owner@later.example'])).map((m) => m.subject)).toEqual([
      `Reminder: invoice ${invoice.number} is 7 days past due`,
    ]);
  });
});
