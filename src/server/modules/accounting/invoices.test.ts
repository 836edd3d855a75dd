import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, claims } from '../../db/schema/index.js';
import { caller, completedCollisionClaim } from '../../test/accounting-factories.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';

describe('invoices', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const acme = await buildCompany(db, {
    name: 'Acme Rentals',
    taxRatePercent: 8.25,
    paymentTermsDays: 15,
    billingEmail: 'ap@acme.example',
  });
  const zenith = await buildCompany(db, { name: 'Zenith Logistics', billingEmail: 'ap@zenith.example' });
  const adminUser = await buildUser(db, { role: 'admin' });
  const admin = await loginAs(app, adminUser);
  const otherAdmin = await loginAs(app, await buildUser(db, { role: 'admin' }));
  const manager = await loginAs(app, await buildUser(db, { role: 'manager', companyIds: [acme.id] }));
  const viewer = await loginAs(app, await buildUser(db, { role: 'viewer', companyIds: [acme.id] }));
  const call = caller(app, admin);

  const bumper = {
    operation: 'part',
    description: 'Front bumper cover',
    partNumber: 'FO1000700',
    quantity: 2,
    unitPriceCents: 45_000,
    laborHours: 2.5,
  };
  const paint = {
    operation: 'paint',
    description: 'Refinish bumper cover',
    quantity: 1,
    unitPriceCents: 8_500,
  };
  const completed = (companyId = acme.id, options: Parameters<typeof completedCollisionClaim>[3] = {}) =>
    completedCollisionClaim(app, admin, companyId, options);
  const draft = async (claimIds: string[], lineMode?: 'detailed' | 'summary') => {
    const response = await call('POST', '/api/accounting/invoices', {
      claimIds,
      ...(lineMode ? { lineMode } : {}),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const send = async (invoice: { id: string; version: number }, issueDate: string) => {
    const response = await call('POST', `/api/accounting/invoices/${invoice.id}/send`, {
      version: invoice.version,
      issueDate,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  describe('company billing fields', () => {
    it('keeps payment terms (30 days unless set), tax rate, billing email and reminders on the company', async () => {
      const created = await call('POST', '/api/companies', { name: 'Billing Fleet', code: 'BILLF' });
      expect(created.json()).toMatchObject({
        paymentTermsDays: 30,
        taxRatePercent: 0,
        billingEmail: null,
        invoiceRemindersEnabled: true,
      });
      const edited = await call('PATCH', `/api/companies/${created.json().id}`, {
        paymentTermsDays: 45,
        taxRatePercent: 8.875,
        billingEmail: 'ap@billing.example',
        invoiceRemindersEnabled: false,
      });
      expect(edited.json()).toMatchObject({
        paymentTermsDays: 45,
        taxRatePercent: 8.875,
        billingEmail: 'ap@billing.example',
        invoiceRemindersEnabled: false,
      });
      const invalid = await call('PATCH', `/api/companies/${created.json().id}`, {
        paymentTermsDays: -1,
        taxRatePercent: 8.8755,
        billingEmail: 'nope',
      });
      expect(invalid.json().fieldErrors).toEqual({
        paymentTermsDays: ['Payment terms cannot be negative'],
        taxRatePercent: ['Tax rate takes at most 3 decimals'],
        billingEmail: ['Please enter a valid email address'],
      });
    });
  });

  describe('drafting', () => {
    it('drafts an invoice from the approved estimate lines at the company’s tax rate, with labour untaxed, audited', async () => {
      const claim = await completed(acme.id, { lines: [bumper, paint] });
      const invoice = await draft([claim.id]);
      expect(invoice).toMatchObject({
        number: null,
        status: 'draft',
        companyName: 'Acme Rentals',
        claims: [{ id: claim.id, number: claim.number }],
        paymentTermsDays: 15,
        taxRatePercent: 8.25,
        issueDate: null,
        dueDate: null,
        balanceCents: 0,
      });
      expect(
        invoice.lines.map(
          (l: {
            description: string;
            quantity: number;
            unitPriceCents: number;
            taxable: boolean;
            amountCents: number;
          }) => [l.description, l.quantity, l.unitPriceCents, l.taxable, l.amountCents],
        ),
      ).toEqual([
        ['Front bumper cover (FO1000700)', 2, 45_000, true, 90_000],
        ['Front bumper cover (FO1000700): labour, 2.5 h', 1, 25_000, false, 25_000],
        ['Refinish bumper cover', 1, 8_500, true, 8_500],
      ]);
      // 8.25 % of the taxable 98,500 cents is 8,126.25 → 8,126.
      expect(invoice).toMatchObject({ subtotalCents: 123_500, taxCents: 8_126, totalCents: 131_626 });
      const [audit] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, invoice.id), eq(auditLog.action, 'invoice.created')));
      expect(audit).toMatchObject({ actorId: adminUser.id, entityType: 'invoice' });
      expect(audit!.after).toMatchObject({ totalCents: 131_626, lineCount: 3 });
      expect(invoice.history.map((h: { action: string }) => h.action)).toEqual(['invoice.created']);
    });

    it('bills several claims of one company on one invoice, one summary line each', async () => {
      const first = await completed(acme.id, { lines: [paint] });
      const second = await completed(acme.id);
      await db.update(claims).set({ finalAmountCents: 50_000 }).where(eq(claims.id, second.id));
      const invoice = await draft([second.id, first.id], 'summary');
      expect(invoice.claims.map((c: { id: string }) => c.id)).toEqual([first.id, second.id]);
      expect(invoice.lines).toHaveLength(2);
      expect(invoice.lines[0]).toMatchObject({
        claimId: first.id,
        quantity: 1,
        unitPriceCents: 8_500,
        taxable: true,
      });
      expect(invoice.lines[0].description).toMatch(
        /^Repairs on claim CLM-\d{6} \(2022 Ford Transit 250, unit U-/,
      );
      expect(invoice.lines[1]).toMatchObject({ claimId: second.id, unitPriceCents: 50_000 });
      expect(invoice.subtotalCents).toBe(58_500);
      // The list shows the same claims, in number order, read with its page.
      const listed = (await call('GET', '/api/accounting/invoices?status=draft&pageSize=100')).json();
      const item = listed.items.find((row: { id: string }) => row.id === invoice.id);
      expect(item.claims).toEqual([
        { id: first.id, number: first.number },
        { id: second.id, number: second.number },
      ]);
    });

    it('refuses claims of two companies, an open claim and an unknown one, each with a clear message', async () => {
      const ours = await completed(acme.id);
      const theirs = await completed(zenith.id);
      const mixed = await call('POST', '/api/accounting/invoices', { claimIds: [ours.id, theirs.id] });
      expect(mixed.statusCode).toBe(400);
      expect(mixed.json().message).toBe('The claims of one invoice must belong to one company');
      const open = await completed(acme.id, { until: 'in_repair' });
      const refused = await call('POST', '/api/accounting/invoices', { claimIds: [open.id] });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(
        /^Claim CLM-\d{6} is not completed: only completed or closed claims are invoiced$/,
      );
      const unknown = await call('POST', '/api/accounting/invoices', {
        claimIds: ['00000000-0000-4000-8000-000000000000'],
      });
      expect(unknown.statusCode).toBe(404);
      const empty = await call('POST', '/api/accounting/invoices', { claimIds: [] });
      expect(empty.json().fieldErrors).toEqual({ claimIds: ['Choose at least one claim'] });
    });

    it('does not invoice a claim twice; two admins invoicing one claim at the same moment make one invoice', async () => {
      const claim = await completed(acme.id, { lines: [paint] });
      const [a, b] = await Promise.all([
        caller(app, admin)('POST', '/api/accounting/invoices', { claimIds: [claim.id] }),
        caller(app, otherAdmin)('POST', '/api/accounting/invoices', { claimIds: [claim.id] }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
      const loser = a.statusCode === 409 ? a : b;
      expect(loser.json().message).toMatch(
        /^Claim CLM-\d{6} is already on an invoice: void that invoice before invoicing the claim again$/,
      );
      const again = await call('POST', '/api/accounting/invoices', { claimIds: [claim.id] });
      expect(again.statusCode).toBe(409);
      const list = await call('GET', `/api/accounting/invoices?search=${claim.number}`);
      expect(list.json().total).toBe(1);
    });
  });

  describe('editing a draft', () => {
    it('replaces the lines, recomputes the totals, refuses a stale version and a foreign claim', async () => {
      const claim = await completed(acme.id, { lines: [paint] });
      const invoice = await draft([claim.id]);
      const edited = await call('PATCH', `/api/accounting/invoices/${invoice.id}`, {
        version: invoice.version,
        paymentTermsDays: 45,
        note: 'PO 7781',
        lines: [
          {
            claimId: claim.id,
            description: 'Refinish bumper cover',
            quantity: 1.5,
            unitPriceCents: 8_333,
            taxable: true,
          },
          { description: 'Towing', quantity: 1, unitPriceCents: 12_000, taxable: false },
        ],
      });
      expect(edited.statusCode, edited.body).toBe(200);
      // 1.5 × 83.33 = 124.995 → 125.00; tax 8.25 % of 125.00 = 10.3125 → 10.31.
      expect(edited.json()).toMatchObject({
        paymentTermsDays: 45,
        note: 'PO 7781',
        subtotalCents: 24_500,
        taxCents: 1_031,
        totalCents: 25_531,
        version: invoice.version + 1,
      });
      expect(edited.json().lines.map((l: { amountCents: number }) => l.amountCents)).toEqual([
        12_500, 12_000,
      ]);
      const stale = await call('PATCH', `/api/accounting/invoices/${invoice.id}`, {
        version: invoice.version,
        note: 'x',
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toMatch(/^Someone else changed this invoice/);
      const foreign = await call('PATCH', `/api/accounting/invoices/${invoice.id}`, {
        version: invoice.version + 1,
        lines: [
          {
            claimId: '00000000-0000-4000-8000-000000000000',
            description: 'X',
            quantity: 1,
            unitPriceCents: 1,
          },
        ],
      });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().fieldErrors).toEqual({ 'lines.0.claimId': ['Not a claim of this invoice'] });
      const invalid = await call('PATCH', `/api/accounting/invoices/${invoice.id}`, {
        version: invoice.version + 1,
        lines: [{ description: '', quantity: 0, unitPriceCents: -1 }],
      });
      expect(invalid.json().fieldErrors).toMatchObject({
        'lines.0.description': ['Describe the line'],
        'lines.0.quantity': ['Quantity must be more than 0'],
        'lines.0.unitPriceCents': ['Unit price cannot be negative'],
      });
      const history = (await call('GET', `/api/accounting/invoices/${invoice.id}`)).json().history;
      expect(history.map((h: { action: string }) => h.action)).toEqual([
        'invoice.created',
        'invoice.updated',
      ]);
    });

    it('deletes a draft, which frees its claims; a sent invoice can neither be edited nor deleted', async () => {
      const claim = await completed(acme.id, { lines: [paint] });
      const invoice = await draft([claim.id]);
      const deleted = await call(
        'DELETE',
        `/api/accounting/invoices/${invoice.id}?version=${invoice.version}`,
      );
      expect(deleted.statusCode).toBe(204);
      expect((await call('GET', `/api/accounting/invoices/${invoice.id}`)).statusCode).toBe(404);
      const second = await draft([claim.id]);
      const sent = await send(second, '2025-03-01');
      const edit = await call('PATCH', `/api/accounting/invoices/${sent.id}`, {
        version: sent.version,
        note: 'late',
      });
      expect(edit.statusCode).toBe(409);
      expect(edit.json().message).toBe(
        'This invoice is already sent: only a draft can be changed. Issue a credit note or void it instead.',
      );
      const remove = await call('DELETE', `/api/accounting/invoices/${sent.id}?version=${sent.version}`);
      expect(remove.statusCode).toBe(409);
    });
  });

  describe('sending and numbering', () => {
    it('numbers invoices per year in sequence when sent, with the due date from the terms', async () => {
      const drafts = [];
      for (let i = 0; i < 3; i += 1)
        drafts.push(await draft([(await completed(acme.id, { lines: [paint] })).id]));
      const first = await send(drafts[0], '2024-06-10');
      expect(first).toMatchObject({
        number: 'INV-2024-000001',
        status: 'sent',
        issueDate: '2024-06-10',
        dueDate: '2024-06-25',
        sentTo: 'ap@acme.example',
        balanceCents: first.totalCents,
      });
      expect((await send(drafts[1], '2024-07-01')).number).toBe('INV-2024-000002');
      expect((await send(drafts[2], '2023-12-31')).number).toBe('INV-2023-000001');
      const twice = await call('POST', `/api/accounting/invoices/${first.id}/send`, {
        version: first.version,
      });
      expect(twice.statusCode).toBe(409);
      expect(first.history.at(-1)).toMatchObject({
        action: 'invoice.sent',
        detail: { number: 'INV-2024-000001', sentTo: 'ap@acme.example' },
      });
    });

    it('gives invoices sent at the same moment consecutive numbers without gaps or duplicates', async () => {
      const drafts = [];
      for (let i = 0; i < 6; i += 1)
        drafts.push(await draft([(await completed(acme.id, { lines: [paint] })).id]));
      const sent = await Promise.all(
        drafts.map((d) =>
          call('POST', `/api/accounting/invoices/${d.id}/send`, {
            version: d.version,
            issueDate: '2022-02-02',
          }),
        ),
      );
      expect(sent.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(sent.map((r) => r.json().number).sort()).toEqual(
        [1, 2, 3, 4, 5, 6].map((n) => `INV-2022-00000${n}`),
      );
    });

    it('refuses an issue date in the future and an invoice of $0.00', async () => {
      const claim = await completed(acme.id);
      const invoice = await draft([claim.id]);
      const future = await call('POST', `/api/accounting/invoices/${invoice.id}/send`, {
        version: invoice.version,
        issueDate: '2999-01-01',
      });
      expect(future.statusCode).toBe(400);
      expect(future.json().fieldErrors).toEqual({ issueDate: ['The issue date cannot be in the future'] });
      const zero = await call('POST', `/api/accounting/invoices/${invoice.id}/send`, {
        version: invoice.version,
      });
      expect(zero.statusCode).toBe(409);
      expect(zero.json().message).toBe('An invoice of $0.00 cannot be sent');
    });
  });

  describe('voiding', () => {
    it('voids a sent invoice with a reason: it keeps its number, stays listed, owes nothing and frees its claim', async () => {
      const claim = await completed(acme.id, { lines: [paint] });
      const sent = await send(await draft([claim.id]), '2021-05-05');
      const noReason = await call('POST', `/api/accounting/invoices/${sent.id}/void`, {
        version: sent.version,
        reason: ' ',
      });
      expect(noReason.json().fieldErrors).toEqual({ reason: ['Say why the invoice is void'] });
      const voided = await call('POST', `/api/accounting/invoices/${sent.id}/void`, {
        version: sent.version,
        reason: 'Billed to the wrong fleet',
      });
      expect(voided.statusCode, voided.body).toBe(200);
      expect(voided.json()).toMatchObject({
        number: 'INV-2021-000001',
        status: 'void',
        voidReason: 'Billed to the wrong fleet',
        balanceCents: 0,
      });
      const listed = await call('GET', '/api/accounting/invoices?search=INV-2021-000001');
      expect(listed.json().items.map((i: { status: string }) => i.status)).toEqual(['void']);
      const again = await call('POST', `/api/accounting/invoices/${sent.id}/void`, {
        version: voided.json().version,
        reason: 'x',
      });
      expect(again.statusCode).toBe(409);
      await draft([claim.id]);
      const aDraft = await draft([(await completed(acme.id, { lines: [paint] })).id]);
      const voidDraft = await call('POST', `/api/accounting/invoices/${aDraft.id}/void`, {
        version: aDraft.version,
        reason: 'x',
      });
      expect(voidDraft.statusCode).toBe(409);
      expect(voidDraft.json().message).toBe('A draft is deleted, not voided.');
    });
  });

  describe('the list', () => {
    it('searches, filters, sorts and totals the filtered set', async () => {
      const company = await buildCompany(db, {
        name: 'Listed Fleet Co',
        paymentTermsDays: 30,
        billingEmail: 'ap@listed.example',
      });
      const a = await send(await draft([(await completed(company.id, { lines: [paint] })).id]), '2020-01-10');
      const bClaim = await completed(company.id, { lines: [bumper] });
      const b = await send(await draft([bClaim.id]), '2020-02-10');
      const c = await draft([(await completed(company.id, { lines: [paint] })).id]);
      const byCompany = (
        await call('GET', `/api/accounting/invoices?companyId=${company.id}&sort=number&dir=asc`)
      ).json();
      expect(byCompany.items.map((i: { id: string }) => i.id)).toEqual([a.id, b.id, c.id]);
      expect(byCompany.totals).toEqual({
        invoicedCents: a.totalCents + b.totalCents,
        paidCents: 0,
        openCents: a.totalCents + b.totalCents,
      });
      const drafts = (
        await call('GET', `/api/accounting/invoices?companyId=${company.id}&status=draft`)
      ).json();
      expect(drafts.items.map((i: { id: string }) => i.id)).toEqual([c.id]);
      const overdue = (
        await call('GET', `/api/accounting/invoices?companyId=${company.id}&overdue=true`)
      ).json();
      expect(overdue.total).toBe(2);
      expect(overdue.items.every((i: { overdue: boolean }) => i.overdue)).toBe(true);
      const issued = (
        await call(
          'GET',
          `/api/accounting/invoices?companyId=${company.id}&issuedFrom=2020-02-01&issuedTo=2020-02-28`,
        )
      ).json();
      expect(issued.items.map((i: { id: string }) => i.id)).toEqual([b.id]);
      const due = (
        await call(
          'GET',
          `/api/accounting/invoices?companyId=${company.id}&dueFrom=2020-02-01&dueTo=2020-02-15`,
        )
      ).json();
      expect(due.items.map((i: { id: string }) => i.id)).toEqual([a.id]);
      const byClaim = (
        await call('GET', `/api/accounting/invoices?search=CLM-${String(bClaim.number).padStart(6, '0')}`)
      ).json();
      expect(byClaim.items.map((i: { id: string }) => i.id)).toEqual([b.id]);
      // A whole number in any case finds that invoice, and its totals are that invoice's.
      const byNumber = (
        await call('GET', `/api/accounting/invoices?search=${b.number.toLowerCase()}`)
      ).json();
      expect(byNumber.items.map((i: { id: string }) => i.id)).toEqual([b.id]);
      expect(byNumber.totals.invoicedCents).toBe(b.totalCents);
      const byName = (
        await call('GET', '/api/accounting/invoices?search=listed fleet&sort=total&dir=desc')
      ).json();
      // Equal totals fall back to the id, in the same direction.
      expect(byName.items.map((i: { id: string }) => i.id)).toEqual([b.id, ...[a.id, c.id].sort().reverse()]);
      const bad = await call('GET', '/api/accounting/invoices?status=lost');
      expect(bad.statusCode).toBe(400);
    });

    it('lists completed claims of the last 90 days without an invoice as ready to invoice', async () => {
      const company = await buildCompany(db, { name: 'Ready Fleet Co' });
      const waiting = await completed(company.id, { lines: [paint] });
      const billed = await completed(company.id, { lines: [paint] });
      await draft([billed.id]);
      const ready = (await call('GET', '/api/accounting/ready-to-invoice')).json();
      const ids = ready.items
        .filter((i: { companyId: string }) => i.companyId === company.id)
        .map((i: { id: string }) => i.id);
      expect(ids).toEqual([waiting.id]);
    });
  });

  describe('who may', () => {
    it('lets only admins reach any accounting route: managers and viewers get 403 and no amount', async () => {
      const claim = await completed(acme.id, { lines: [paint] });
      const invoice = await draft([claim.id]);
      const routes = app.apiRoutes.filter((route) => route.url.startsWith('/api/accounting'));
      expect(routes.length).toBeGreaterThanOrEqual(7);
      for (const cookie of [manager, viewer]) {
        for (const route of routes) {
          const response = await app.inject({
            method: route.method as 'GET',
            url: route.url.replace(':id', invoice.id),
            headers: { cookie },
            payload: {},
          });
          expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
          expect(response.body).not.toMatch(/Cents|INV-/);
        }
      }
    });
  });
});
