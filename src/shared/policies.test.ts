import { describe, expect, it } from 'vitest';
import { canInvoiceClaim, canSettleInvoice, invoiceActions, paymentActions } from './accounting.policy.js';
import type { UserRole } from './auth.js';
import { canDecideAuthorization, canRequestAuthorization } from './authorizations.policy.js';
import { canWorkOnClaimsOf } from './claims.policy.js';
import { canAddEstimate, estimateActions } from './estimates.policy.js';
import { holdsOf } from './permissions.js';
import { CLAIM_STATUSES } from './workflows.js';

/** The shared policies' answers per role, as the screens show them (the API side: the UI-vs-server tests). */
describe('shared policies', () => {
  const admin = holdsOf('admin');
  const manager = holdsOf('manager');
  const viewer = holdsOf('viewer');

  it('invoices: a draft is sent, edited or deleted; a sent one with a balance is paid or credited; voided while unpaid', () => {
    const invoice = (status: 'draft' | 'sent' | 'partially_paid' | 'paid' | 'void', paidCents = 0) => ({
      status,
      paidCents,
      balanceCents: status === 'paid' || status === 'void' ? 0 : 1_000,
    });
    expect(invoiceActions(invoice('draft'), admin)).toEqual(['send', 'lines', 'delete']);
    expect(invoiceActions(invoice('sent'), admin)).toEqual(['payment', 'apply', 'credit', 'void']);
    expect(invoiceActions(invoice('partially_paid', 500), admin)).toEqual(['payment', 'apply', 'credit']);
    expect(invoiceActions(invoice('paid', 1_000), admin)).toEqual([]);
    expect(invoiceActions(invoice('void'), admin)).toEqual([]);
    expect(invoiceActions(invoice('draft'), manager)).toEqual([]);
  });

  it('payments: a live one is reversed, and applied while some is left', () => {
    expect(paymentActions({ reversedOn: null, unappliedCents: 100 }, admin)).toEqual(['apply', 'reverse']);
    expect(paymentActions({ reversedOn: null, unappliedCents: 0 }, admin)).toEqual(['reverse']);
    expect(paymentActions({ reversedOn: '2025-02-01', unappliedCents: 0 }, admin)).toEqual([]);
    expect(paymentActions({ reversedOn: null, unappliedCents: 100 }, viewer)).toEqual([]);
  });

  it('estimates: decided by who authorizes, edited by hand only when typed, all only while pending', () => {
    expect(estimateActions({ status: 'pending', source: 'manual' }, manager)).toEqual([
      'approve',
      'reject',
      'edit',
    ]);
    expect(estimateActions({ status: 'pending', source: 'ccc' }, manager)).toEqual(['approve', 'reject']);
    expect(estimateActions({ status: 'approved', source: 'manual' }, admin)).toEqual([]);
    expect(estimateActions({ status: 'pending', source: 'manual' }, viewer)).toEqual([]);
    expect(canAddEstimate(0, manager)).toBe(true);
    expect(canAddEstimate(100, manager)).toBe(false);
    expect(canAddEstimate(0, viewer)).toBe(false);
  });

  it('authorizations: requested on a mechanical claim in diagnosis without a pending one; decided while pending', () => {
    const claim = {
      workflow: 'mechanical' as const,
      status: 'diagnosis' as const,
      requestsOnClaim: 0,
      pendingRequest: false,
    };
    expect(canRequestAuthorization(claim, manager)).toBe(true);
    expect(canRequestAuthorization(claim, viewer)).toBe(false);
    expect(canRequestAuthorization({ ...claim, pendingRequest: true }, manager)).toBe(false);
    expect(canRequestAuthorization({ ...claim, status: 'in_repair' }, manager)).toBe(false);
    expect(canRequestAuthorization({ ...claim, workflow: 'collision' }, manager)).toBe(false);
    expect(canDecideAuthorization({ status: 'pending' }, manager)).toBe(true);
    expect(canDecideAuthorization({ status: 'approved' }, manager)).toBe(false);
    expect(canDecideAuthorization({ status: 'pending' }, viewer)).toBe(false);
  });

  it('invoicing: only a completed or closed claim is billed (the claim page, Ready to invoice, creating an invoice)', () => {
    expect(CLAIM_STATUSES.filter((status) => canInvoiceClaim({ status }))).toEqual(['completed', 'closed']);
  });

  it('settling: a sent or partially paid invoice with a balance takes a payment or a credit (the open invoices)', () => {
    const settles = (status: 'draft' | 'sent' | 'partially_paid' | 'paid' | 'void', balanceCents: number) =>
      canSettleInvoice({ status, balanceCents });
    expect(settles('sent', 1_000)).toBe(true);
    expect(settles('partially_paid', 1)).toBe(true);
    expect(settles('sent', 0)).toBe(false);
    expect(settles('partially_paid', 0)).toBe(false);
    expect(settles('draft', 1_000)).toBe(false);
    expect(settles('paid', 0)).toBe(false);
    expect(settles('void', 1_000)).toBe(false);
  });

  it('claim work: an active admin on every company; an active manager or viewer on their linked companies', () => {
    const company = '0b7e7a6e-7d0a-4b8e-9b8a-3f1b1f6c2a01';
    const other = '5c2d8f3a-1e4b-4c6d-8a7f-9b0e1d2c3f45';
    const works = (role: UserRole, companyIds: string[], active = true) =>
      canWorkOnClaimsOf({ role, active, companyIds }, company);
    expect(works('admin', [])).toBe(true);
    expect(works('admin', [], false)).toBe(false);
    for (const role of ['manager', 'viewer'] as const) {
      expect(works(role, [other, company])).toBe(true);
      expect(works(role, [other])).toBe(false);
      expect(works(role, [])).toBe(false);
      expect(works(role, [company], false)).toBe(false);
    }
  });
});
