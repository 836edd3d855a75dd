import { describe, expect, it } from 'vitest';
import { caller, completedCollisionClaim } from '../../test/accounting-factories.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';

describe('the claim page’s invoice', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const company = await buildCompany(db, {
    name: 'Claim Invoice Fleet',
    taxRatePercent: 0,
    billingEmail: 'ap@claim-invoice.example',
  });
  const admin = await loginAs(app, await buildUser(db, { role: 'admin' }));
  const manager = await loginAs(app, await buildUser(db, { role: 'manager', companyIds: [company.id] }));
  const viewer = await loginAs(app, await buildUser(db, { role: 'viewer', companyIds: [company.id] }));
  const call = caller(app, admin);
  const line = { operation: 'part', description: 'Mirror', quantity: 1, unitPriceCents: 12_345 };

  it('gives admins the claim’s invoice number, status and balance, and nothing once it is void', async () => {
    const claim = await completedCollisionClaim(app, admin, company.id, { lines: [line] });
    const url = `/api/accounting/claims/${claim.id}/invoice`;
    expect((await call('GET', url)).json()).toEqual({ invoice: null });

    const draft = (await call('POST', '/api/accounting/invoices', { claimIds: [claim.id] })).json();
    expect((await call('GET', url)).json().invoice).toMatchObject({
      id: draft.id,
      number: null,
      status: 'draft',
      totalCents: 12_345,
      claims: [{ id: claim.id, number: claim.number }],
    });

    const sent = (
      await call('POST', `/api/accounting/invoices/${draft.id}/send`, { version: draft.version })
    ).json();
    const paid = await call('POST', '/api/accounting/payments', {
      companyId: company.id,
      amountCents: 2_345,
      receivedOn: sent.issueDate,
      method: 'ach',
      applications: [{ invoiceId: sent.id, amountCents: 2_345 }],
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const shown = (await call('GET', url)).json().invoice;
    expect(shown).toMatchObject({ number: sent.number, status: 'partially_paid', balanceCents: 10_000 });
    // The summary only: no lines, no history.
    expect(shown).not.toHaveProperty('lines');

    const reversed = await call('POST', `/api/accounting/payments/${paid.json().id}/reversal`, {
      reason: 'Entered twice',
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    const voided = await call('POST', `/api/accounting/invoices/${sent.id}/void`, {
      version: (await call('GET', `/api/accounting/invoices/${sent.id}`)).json().version,
      reason: 'Billed to the wrong fleet',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect((await call('GET', url)).json()).toEqual({ invoice: null });
  });

  it('shows no amount to managers and viewers of the claim’s company, and refuses a bad id', async () => {
    const claim = await completedCollisionClaim(app, admin, company.id, { lines: [line] });
    await call('POST', '/api/accounting/invoices', { claimIds: [claim.id] });
    for (const cookie of [manager, viewer]) {
      const response = await caller(app, cookie)('GET', `/api/accounting/claims/${claim.id}/invoice`);
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toMatch(/Cents|INV-|12345/);
      // The claim itself tells them nothing about its invoice either.
      const page = await caller(app, cookie)('GET', `/api/vehicles/${claim.id}`);
      expect(page.statusCode).toBe(200);
      expect(page.json()).not.toHaveProperty('invoice');
      expect(page.body).not.toMatch(/INV-|balanceCents|paidCents/);
    }
    const bad = await call('GET', '/api/accounting/claims/not-a-uuid/invoice');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Not a valid claim id/);
  });
});
