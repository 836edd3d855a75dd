import { describe, expect, it } from 'vitest';
import { caller, completedCollisionClaim, sentInvoiceVia } from '../../test/accounting-factories.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { pdfText } from '../../test/pdf-text.js';
import { createTestApp } from '../../test/test-app.js';

describe('invoice PDF', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const admin = await loginAs(app, await buildUser(db, { role: 'admin' }));
  const call = caller(app, admin);
  const acme = await buildCompany(db, {
    name: 'Acme Rentals',
    contactName: 'Jordan Reyes',
    billingAddress: '400 Harbor Way, Suite 12\nOakland, CA 94607',
    billingEmail: 'ap@acme.example',
    taxRatePercent: 8.25,
    paymentTermsDays: 30,
  });
  const pdfOf = async (id: string) => {
    const response = await call('GET', `/api/accounting/invoices/${id}/pdf`);
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  it('prints the billing address, number, dates, terms, lines, tax, total, payments, credit notes and balance', async () => {
    const invoice = await sentInvoiceVia(app, admin, acme.id, { cents: 120_000, issueDate: '2025-03-03' });
    // $1,200.00 taxable at 8.25% → $99.00 tax → $1,299.00.
    expect(invoice.totalCents).toBe(129_900);
    const paid = await call('POST', '/api/accounting/payments', {
      companyId: acme.id,
      amountCents: 50_000,
      receivedOn: '2025-03-20',
      method: 'check',
      reference: 'CHK 2210',
      applications: [{ invoiceId: invoice.id, amountCents: 50_000 }],
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const credit = await call('POST', `/api/accounting/invoices/${invoice.id}/credit-notes`, {
      amountCents: 9_900,
      reason: 'Tax charged in error on the bumper',
      issuedOn: '2025-03-21',
    });
    expect(credit.statusCode, credit.body).toBe(201);

    const response = await pdfOf(invoice.id);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${invoice.number}.pdf"`);
    const { pages, text } = await pdfText(response.rawPayload);
    expect(pages).toBe(1);
    for (const expected of [
      'FLEETCLAIMS · INVOICE',
      invoice.number,
      'Partially paid',
      'BILL TO Acme Rentals Jordan Reyes 400 Harbor Way, Suite 12 Oakland, CA 94607 ap@acme.example',
      'Issue date Mar 3, 2025',
      'Due date Apr 2, 2025',
      'Terms Net 30 days',
      'Front bumper cover',
      'Subtotal $1,200.00',
      'Tax (8.25%) $99.00',
      'Total $1,299.00',
      'Mar 20, 2025 Check CHK 2210 $500.00',
      `${credit.json().number} Mar 21, 2025 Tax charged in error on the bumper -$99.00`,
      'Payments -$500.00',
      'Credit notes -$99.00',
      'Balance due $700.00',
      `${invoice.number} · Acme Rentals Page 1 of 1`,
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('says a draft has no number yet and a void invoice why it is void', async () => {
    const claim = await completedCollisionClaim(app, admin, acme.id, {
      lines: [{ operation: 'part', description: 'Mirror', quantity: 1, unitPriceCents: 5_000 }],
    });
    const draft = (await call('POST', '/api/accounting/invoices', { claimIds: [claim.id] })).json();
    const drafted = await pdfOf(draft.id);
    expect(drafted.headers['content-disposition']).toBe('attachment; filename="draft-invoice.pdf"');
    const draftText = (await pdfText(drafted.rawPayload)).text;
    expect(draftText).toContain('Draft invoice');
    expect(draftText).toContain('Invoice number Not issued yet');
    expect(draftText).toContain('No payments yet.');

    const sent = await sentInvoiceVia(app, admin, acme.id, { cents: 3_000, issueDate: '2025-04-01' });
    const voided = await call('POST', `/api/accounting/invoices/${sent.id}/void`, {
      version: sent.version,
      reason: 'Billed to the wrong company',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    const voidText = (await pdfText((await pdfOf(sent.id)).rawPayload)).text;
    expect(voidText).toContain(sent.number);
    expect(voidText).toContain('Void');
    expect(voidText).toContain('Billed to the wrong company');
    expect(voidText).toContain('Balance (void) $0.00');
  });

  it('answers 404 for an unknown invoice', async () => {
    const response = await call('GET', '/api/accounting/invoices/00000000-0000-4000-8000-000000000000/pdf');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Invoice not found');
  });
});
