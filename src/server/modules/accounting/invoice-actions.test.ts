import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Invoice, Payment } from '@shared/accounting.js';
import {
  INVOICE_ACTIONS,
  invoiceActions,
  PAYMENT_ACTIONS,
  paymentActions,
  type InvoiceAction,
  type PaymentAction,
} from '@shared/accounting.policy.js';
import { holdsOf } from '@shared/permissions.js';
import { claims } from '../../db/schema/index.js';
import { caller, succeeded } from '../../test/accounting-factories.js';
import { createClaimVia, newClaimInput } from '../../test/claim-factories.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';

/**
 * The invoice page offers `invoiceActions` and the payments list `paymentActions` (@shared/accounting.policy), for
 * the signed-in role: for each role and each state, what they offer must be exactly what the API allows. Every
 * action offered succeeds (on a fresh invoice or payment in that state); every other one is refused.
 */
describe(
  'invoice and payment actions: what the page offers is what the server allows',
  { timeout: 300_000 },
  async () => {
    const { app, database } = await createTestApp();
    const db = database.db;
    const company = await buildCompany(db, { name: 'Actions Fleet', billingEmail: 'ap@actions.example' });
    const admin = await loginAs(app, await buildUser(db, { role: 'admin' }));
    const manager = await loginAs(app, await buildUser(db, { role: 'manager', companyIds: [company.id] }));
    const viewer = await loginAs(app, await buildUser(db, { role: 'viewer', companyIds: [company.id] }));
    const roles = { admin, manager, viewer } as const;
    const asAdmin = caller(app, admin);

    const INVOICE_STATES = ['draft', 'sent', 'partially_paid', 'paid', 'void'] as const;
    type State = (typeof INVOICE_STATES)[number];
    const TOTAL = 10_000;

    const read = async (id: string) => succeeded<Invoice>(asAdmin('GET', `/api/accounting/invoices/${id}`));
    const payment = (amountCents: number, applications: object[] = []) =>
      asAdmin('POST', '/api/accounting/payments', {
        companyId: company.id,
        receivedOn: '2025-02-01',
        method: 'check',
        amountCents,
        applications,
      });

    /** A new invoice of one claim completed at TOTAL (moved there directly), brought to `state` by the admin. */
    async function invoiceIn(state: State): Promise<Invoice> {
      const claim = await createClaimVia(app, manager, newClaimInput(company.id));
      await db
        .update(claims)
        .set({ status: 'completed', finalAmountCents: TOTAL })
        .where(eq(claims.id, claim.id));
      const draft = await succeeded(asAdmin('POST', '/api/accounting/invoices', { claimIds: [claim.id] }));
      if (state === 'draft') return read(draft.id);
      const sent = await succeeded(
        asAdmin('POST', `/api/accounting/invoices/${draft.id}/send`, {
          version: draft.version,
          issueDate: '2025-01-15',
        }),
      );
      if (state === 'partially_paid' || state === 'paid') {
        const amountCents = state === 'paid' ? (sent as unknown as Invoice).totalCents : 1_000;
        await succeeded(payment(amountCents, [{ invoiceId: draft.id, amountCents }]));
      }
      if (state === 'void') {
        await succeeded(
          asAdmin('POST', `/api/accounting/invoices/${draft.id}/void`, {
            version: sent.version,
            reason: 'Billed twice',
          }),
        );
      }
      return read(draft.id);
    }

    /** Takes `action` on the invoice as the user of `cookie`, as the invoice page's dialog would. */
    async function take(cookie: string, action: InvoiceAction, invoice: Invoice) {
      const call = caller(app, cookie);
      const url = `/api/accounting/invoices/${invoice.id}`;
      const applied = [{ invoiceId: invoice.id, amountCents: 100 }];
      switch (action) {
        case 'send':
          return call('POST', `${url}/send`, { version: invoice.version, issueDate: '2025-01-15' });
        case 'lines':
          return call('PATCH', url, { version: invoice.version, note: 'Checked with the shop' });
        case 'delete':
          return call('DELETE', `${url}?version=${invoice.version}`);
        case 'payment':
          return call('POST', '/api/accounting/payments', {
            companyId: company.id,
            receivedOn: '2025-02-01',
            method: 'ach',
            amountCents: 100,
            applications: applied,
          });
        case 'apply': {
          const credit = await succeeded(payment(100));
          return call('POST', `/api/accounting/payments/${credit.id}/applications`, {
            appliedOn: '2025-02-01',
            applications: applied,
          });
        }
        case 'credit':
          return call('POST', `${url}/credit-notes`, {
            amountCents: 100,
            reason: 'Goodwill',
            issuedOn: '2025-02-01',
          });
        case 'void':
          return call('POST', `${url}/void`, { version: invoice.version, reason: 'Billed twice' });
      }
    }

    it('an admin is offered, per invoice state, exactly the actions the API takes', async () => {
      for (const state of INVOICE_STATES) {
        const invoice = await invoiceIn(state);
        expect(invoice.status, state).toBe(state);
        const offered = invoiceActions(invoice, holdsOf('admin'));
        for (const action of INVOICE_ACTIONS.filter((a) => !offered.includes(a))) {
          const refused = await take(admin, action, invoice);
          expect(refused.statusCode, `${state}: ${action} is not offered, so refused: ${refused.body}`).toBe(
            409,
          );
        }
        expect(await read(invoice.id), `${state}: refusals change nothing`).toEqual(invoice);
        for (const action of offered) {
          // A fresh invoice per action: each changes the invoice.
          const done = await take(admin, action, await invoiceIn(state));
          expect(done.statusCode, `${state}: ${action} is offered, so taken: ${done.body}`).toBeLessThan(300);
        }
      }
    });

    it('a manager and a viewer are offered nothing on any invoice, and the API refuses them every action', async () => {
      const invoices = await Promise.all(INVOICE_STATES.map((state) => invoiceIn(state)));
      for (const role of ['manager', 'viewer'] as const) {
        for (const invoice of invoices) {
          expect(invoiceActions(invoice, holdsOf(role)), `${role} on ${invoice.status}`).toEqual([]);
          for (const action of INVOICE_ACTIONS) {
            const refused = await take(roles[role], action, invoice);
            expect(refused.statusCode, `${role}: ${action} on ${invoice.status}`).toBe(403);
          }
        }
        const page = await caller(app, roles[role])('GET', `/api/accounting/invoices/${invoices[0]!.id}`);
        expect(page.statusCode, `${role} does not open an invoice`).toBe(403);
      }
    });

    /** A payment of 1,000 applied to an open invoice as `kind` says: part left over, all applied, or reversed. */
    async function paymentIn(kind: 'credit left' | 'all applied' | 'reversed'): Promise<Payment> {
      const open = await invoiceIn('sent');
      const applied = kind === 'credit left' ? 400 : 1_000;
      const created = await succeeded<Payment>(
        payment(1_000, [{ invoiceId: open.id, amountCents: applied }]),
      );
      if (kind === 'reversed') {
        await succeeded(
          asAdmin('POST', `/api/accounting/payments/${created.id}/reversal`, { reason: 'Bounced' }),
        );
      }
      return succeeded<Payment>(asAdmin('GET', `/api/accounting/payments/${created.id}`));
    }

    async function takePayment(cookie: string, action: PaymentAction, paid: Payment) {
      const call = caller(app, cookie);
      if (action === 'reverse') {
        return call('POST', `/api/accounting/payments/${paid.id}/reversal`, { reason: 'Bounced' });
      }
      const open = await invoiceIn('sent');
      return call('POST', `/api/accounting/payments/${paid.id}/applications`, {
        appliedOn: '2025-02-01',
        applications: [{ invoiceId: open.id, amountCents: 100 }],
      });
    }

    it('the payments list offers, per role and payment, exactly the actions the API takes', async () => {
      for (const kind of ['credit left', 'all applied', 'reversed'] as const) {
        const paid = await paymentIn(kind);
        for (const [role, cookie] of Object.entries(roles) as [keyof typeof roles, string][]) {
          const offered = paymentActions(paid, holdsOf(role));
          for (const action of PAYMENT_ACTIONS.filter((a) => !offered.includes(a))) {
            const refused = await takePayment(cookie, action, paid);
            expect(refused.statusCode, `${role}, ${kind}: ${action} refused: ${refused.body}`).toBe(
              role === 'admin' ? 409 : 403,
            );
          }
          for (const action of offered) {
            const done = await takePayment(cookie, action, await paymentIn(kind));
            expect(done.statusCode, `${role}, ${kind}: ${action} taken: ${done.body}`).toBe(200);
          }
          if (role !== 'admin') expect(offered, `${role} is offered nothing`).toEqual([]);
        }
      }
    });
  },
);
