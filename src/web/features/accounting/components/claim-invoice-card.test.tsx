import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { AppRouter } from '../../../app/router';
import { buildInvoiceSummary } from '../../../test/accounting-factory';
import { buildClaim, claimPageRoutes } from '../../../test/claim-factory';
import { buildUser, fakeApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
// Loaded before the tests rather than by the router's lazy import inside the first one.
import '../../../app/pages/vehicle-details-page';

const claim = buildClaim({ status: 'completed' });
const invoiceUrl = `/api/accounting/claims/${claim.id}/invoice`;

describe('the claim page’s invoice', () => {
  it('shows an admin the claim’s invoice number, status and balance, linked to Accounting', async () => {
    const invoice = buildInvoiceSummary({ status: 'partially_paid', balanceCents: 58_250 });
    fakeApi({
      user: buildUser({ role: 'admin' }),
      routes: { ...claimPageRoutes(claim), [`GET ${invoiceUrl}`]: () => jsonResponse({ invoice }) },
    });
    renderApp(<AppRouter />, { path: `/vehicles/${claim.id}` });
    const section = await screen.findByRole('region', { name: 'Invoice' }, { timeout: 5000 });
    const link = await within(section).findByRole('link', { name: 'INV-2026-000001' });
    expect(link.getAttribute('href')).toBe(`/admin/accounts-receivable?invoice=${invoice.id}`);
    expect(section.textContent).toContain('Partially paid');
    expect(section.textContent).toContain('Balance $582.50');
  });

  it('offers Ready to invoice for a completed claim that has none', async () => {
    fakeApi({
      user: buildUser({ role: 'admin' }),
      routes: { ...claimPageRoutes(claim), [`GET ${invoiceUrl}`]: () => jsonResponse({ invoice: null }) },
    });
    renderApp(<AppRouter />, { path: `/vehicles/${claim.id}` });
    const section = await screen.findByRole('region', { name: 'Invoice' }, { timeout: 5000 });
    expect(await within(section).findByText('Not invoiced yet.')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Ready to invoice' }).getAttribute('href')).toBe(
      '/admin/accounts-receivable?tab=ready',
    );
  });

  it('shows a manager no invoice and never asks for one', async () => {
    const { fetchMock } = fakeApi({ user: buildUser({ role: 'manager' }), routes: claimPageRoutes(claim) });
    renderApp(<AppRouter />, { path: `/vehicles/${claim.id}` });
    await screen.findByRole('region', { name: 'Estimates' }, { timeout: 5000 });
    expect(screen.queryByRole('region', { name: 'Invoice' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/accounting'))).toBe(false);
  });
});
