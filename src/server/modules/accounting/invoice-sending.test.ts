import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { NO_INVOICE_RECIPIENT } from '@shared/accounting.js';
import { mailOutbox } from '../../db/schema/index.js';
import { mailDeliveryJob, smtpSender } from '../../jobs/mail-outbox.js';
import { createJobRunner } from '../../jobs/runner/index.js';
import { createLogger } from '../../logger.js';
import { caller, completedCollisionClaim } from '../../test/accounting-factories.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { pdfText } from '../../test/pdf-text.js';
import { startTestSmtpServer } from '../../test/smtp.js';
import { createTestApp } from '../../test/test-app.js';

describe('sending an invoice by email', async () => {
  const smtp = await startTestSmtpServer();
  const { app, database } = await createTestApp({ env: { SMTP_URL: smtp.url } });
  const db = database.db;
  const sender = smtpSender(smtp.url);
  // Mail is due at the database's clock; a runner clock far ahead keeps "due" out of the way.
  const runner = createJobRunner({
    db,
    logger: createLogger({ logLevel: 'silent' }),
    jobs: [mailDeliveryJob({ sender, from: 'FleetClaims <billing@test>' })],
    now: () => new Date('2099-01-01T00:00:30Z'),
    pollEveryMs: 0,
  });
  afterAll(async () => {
    await runner.stop();
    sender.close();
    await smtp.close();
  });
  const admin = await loginAs(app, await buildUser(db, { role: 'admin', username: 'billing.admin' }));
  const call = caller(app, admin);
  const acme = await buildCompany(db, {
    name: 'Acme Rentals',
    contactName: 'Jordan Reyes',
    billingEmail: 'ap@acme.example',
    paymentTermsDays: 15,
  });
  const draftFor = async (companyId: string, cents = 42_000) => {
    const claim = await completedCollisionClaim(app, admin, companyId, {
      lines: [{ operation: 'part', description: 'Tail lamp', quantity: 1, unitPriceCents: cents }],
    });
    const draft = await call('POST', '/api/accounting/invoices', { claimIds: [claim.id] });
    expect(draft.statusCode, draft.body).toBe(201);
    return draft.json() as { id: string; version: number };
  };

  it('mails the invoice_sent template with the PDF to the billing email, and the history says when, to whom, queued then sent', async () => {
    const draft = await draftFor(acme.id);
    const response = await call('POST', `/api/accounting/invoices/${draft.id}/send`, {
      version: draft.version,
      issueDate: '2025-05-01',
    });
    expect(response.statusCode, response.body).toBe(200);
    const invoice = response.json();
    expect(invoice).toMatchObject({ status: 'sent', sentTo: 'ap@acme.example', dueDate: '2025-05-16' });
    const sent = invoice.history.at(-1);
    expect(sent).toMatchObject({
      action: 'invoice.sent',
      by: 'billing.admin',
      detail: { number: invoice.number, sentTo: 'ap@acme.example' },
      mail: { delivery: 'queued', sentAt: null },
    });
    expect(sent.at).toBe(invoice.sentAt);

    await runner.tick();
    // The delivery job marked the mail sent: the history says so.
    const after = (await call('GET', `/api/accounting/invoices/${draft.id}`)).json();
    expect(after.history.at(-1).mail).toEqual({ delivery: 'sent', sentAt: expect.any(String) });
    const mail = smtp.received.find((received) => received.to.includes('ap@acme.example'));
    expect(mail, 'the mail reached the SMTP server').toBeDefined();
    expect(mail!.body).toContain(`Subject: Invoice ${invoice.number} from FleetClaims`);
    expect(mail!.body).toContain(`Invoice ${invoice.number} for $420.00 is due on May 16, 2025.`);
    expect(mail!.attachments.map((file) => [file.fileName, file.contentType])).toEqual([
      [`${invoice.number}.pdf`, 'application/pdf'],
    ]);
    const { text } = await pdfText(mail!.attachments[0]!.content);
    expect(text).toContain(invoice.number);
    expect(text).toContain('Total $420.00');
    expect(text).toContain('Balance due $420.00');
  });

  it('sends to a recipient given in the body instead, and to the contact email without a billing email', async () => {
    const draft = await draftFor(acme.id, 1_000);
    const response = await call('POST', `/api/accounting/invoices/${draft.id}/send`, {
      version: draft.version,
      issueDate: '2025-05-02',
      to: 'controller@acme.example',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().sentTo).toBe('controller@acme.example');
    const [queued] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'controller@acme.example'));
    expect(queued!.subject).toBe(`Invoice ${response.json().number} from FleetClaims`);

    // A company without a billing email gets it at its contact email, as the company form says.
    const contactOnly = await buildCompany(db, {
      name: 'Contact Fleet Co',
      contactEmail: 'ops@contact.example',
    });
    const other = await draftFor(contactOnly.id, 1_000);
    const toContact = await call('POST', `/api/accounting/invoices/${other.id}/send`, {
      version: other.version,
      issueDate: '2025-05-02',
    });
    expect(toContact.statusCode, toContact.body).toBe(200);
    expect(toContact.json().sentTo).toBe('ops@contact.example');
  });

  it('refuses without a recipient (no billing or contact email, none given) and keeps the draft unnumbered', async () => {
    const silent = await buildCompany(db, { name: 'Silent Fleet Co' });
    const draft = await draftFor(silent.id);
    const outboxBefore = (await db.select().from(mailOutbox)).length;
    const response = await call('POST', `/api/accounting/invoices/${draft.id}/send`, {
      version: draft.version,
      issueDate: '2025-05-03',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: NO_INVOICE_RECIPIENT,
      fieldErrors: { to: [NO_INVOICE_RECIPIENT] },
    });
    const invoice = (await call('GET', `/api/accounting/invoices/${draft.id}`)).json();
    expect(invoice).toMatchObject({ status: 'draft', number: null, sentTo: null });
    expect((await db.select().from(mailOutbox)).length).toBe(outboxBefore);

    const invalid = await call('POST', `/api/accounting/invoices/${draft.id}/send`, {
      version: draft.version,
      to: 'not-an-address',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fieldErrors.to).toEqual(['Please enter a valid email address']);
  });
});

describe('sending an invoice without a mail server', async () => {
  const { app, database } = await createTestApp();
  const admin = await loginAs(app, await buildUser(database.db, { role: 'admin' }));
  const company = await buildCompany(database.db, {
    name: 'Harbor Fleet',
    billingEmail: 'dana@harbor.example',
  });

  it('answers, and the history says, that the mail is held', async () => {
    const claim = await completedCollisionClaim(app, admin, company.id, {
      lines: [{ operation: 'part', description: 'Mirror', quantity: 1, unitPriceCents: 9_000 }],
    });
    const call = caller(app, admin);
    const draft = (await call('POST', '/api/accounting/invoices', { claimIds: [claim.id] })).json();
    const response = await call('POST', `/api/accounting/invoices/${draft.id}/send`, {
      version: draft.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().history.at(-1)).toMatchObject({
      action: 'invoice.sent',
      detail: { sentTo: 'dana@harbor.example' },
      mail: { delivery: 'held', sentAt: null },
    });
  });
});
