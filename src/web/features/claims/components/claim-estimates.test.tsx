import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Estimate } from '@shared/estimates';

import { AppRouter } from '../../../app/router';
import { buildClaim, claimPageRoutes, maria } from '../../../test/claim-factory';
import { buildUser, callsTo, fakeApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';

const LOAD = { timeout: 5000 };

const approved: Estimate = {
  id: 'e5700000-0000-4000-8000-000000000001',
  claimId: 'c1a10000-0000-4000-8000-000000000001',
  source: 'manual',
  number: 'RO-4471',
  supplementNumber: 0,
  status: 'approved',
  laborRateCents: 12_500,
  laborRateSource: 'facility',
  taxRatePercent: 8.25,
  taxLabor: false,
  note: null,
  partsCents: 45_000,
  laborCents: 31_250,
  paintCents: 0,
  otherCents: 0,
  subtotalCents: 76_250,
  taxCents: 3_713,
  totalCents: 79_963,
  lines: [
    {
      id: 'e1000000-0000-4000-8000-000000000001',
      position: 0,
      operation: 'part',
      description: 'Front bumper cover',
      partNumber: 'FO1000700',
      quantity: 1,
      unitPriceCents: 45_000,
      laborHours: 2.5,
      priceCents: 45_000,
      laborCents: 31_250,
      totalCents: 76_250,
    },
  ],
  version: 2,
  createdBy: maria,
  createdAt: '2026-11-02T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  decidedBy: maria,
  decidedAt: '2026-11-02T11:00:00.000Z',
  decisionNote: null,
};

function openClaim() {
  const claim = buildClaim();
  const url = `/api/vehicles/${claim.id}/estimates`;
  const api = fakeApi({
    user: buildUser({ role: 'manager' }),
    routes: {
      ...claimPageRoutes(claim, {
        estimates: { items: [approved], facility: { name: 'Northside Collision', laborRateCents: 12_500 } },
      }),
      [`POST ${url}`]: () =>
        jsonResponse(
          { ...approved, id: 'e5700000-0000-4000-8000-000000000002', supplementNumber: 1, status: 'pending' },
          { status: 201 },
        ),
    },
  });
  renderApp(<AppRouter />, { path: `/vehicles/${claim.id}` });
  return { api, url };
}

describe('claim estimates', { timeout: 20_000 }, () => {
  it('says when the claim’s estimate amount was entered by hand, without an itemized estimate', async () => {
    const claim = buildClaim({ estimateAmountCents: 125_050 });
    fakeApi({
      user: buildUser({ role: 'manager' }),
      routes: claimPageRoutes(claim, { estimates: { items: [], facility: null } }),
    });
    renderApp(<AppRouter />, { path: `/vehicles/${claim.id}` });
    const card = await screen.findByRole('region', { name: 'Estimates' }, LOAD);
    expect(
      await within(card).findByText(
        /No itemized estimate yet: the claim’s estimate amount, \$1,250\.50, was entered by hand\./,
        {},
        LOAD,
      ),
    ).toBeTruthy();
  });

  it('shows each estimate with its status, lines and totals', async () => {
    openClaim();
    const card = await screen.findByRole('region', { name: 'Estimates' }, LOAD);
    expect(await within(card).findByText('Original', {}, LOAD)).toBeTruthy();
    expect(within(card).getByText('Approved')).toBeTruthy();
    expect(within(card).getAllByText('$799.63').length).toBeGreaterThan(0);
    expect(within(card).getByText(/follows original RO-4471, the latest approved/)).toBeTruthy();
  });

  it('adds a supplement: totals follow the lines at the facility’s rate, and only the entries are sent', async () => {
    const { api, url } = openClaim();
    fireEvent.click(await screen.findByRole('button', { name: 'Add supplement' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Add supplement 1' });
    expect(within(dialog).getByText('$125.00 per hour')).toBeTruthy();
    const line = within(dialog).getByRole('group', { name: 'Line 1' });
    fireEvent.change(within(line).getByLabelText('Description'), { target: { value: 'Hood' } });
    fireEvent.change(within(line).getByLabelText('Quantity'), { target: { value: '2' } });
    fireEvent.change(within(line).getByLabelText('Unit price'), { target: { value: '1,000.50' } });
    fireEvent.change(within(line).getByLabelText('Labour hours'), { target: { value: '1.5' } });
    fireEvent.change(within(dialog).getByLabelText('Tax rate'), { target: { value: '10' } });

    // Parts $2,001.00 + labour 1.5 h × $125 = $187.50; tax 10 % of the parts = $200.10
    const totals = within(dialog).getByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('$2,388.60')).toBeTruthy();
    expect(within(line).getByLabelText('Line 1 amount').textContent).toBe('$2,188.50');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add estimate' }));
    expect(await screen.findByText('Estimate added')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', url)).toEqual([
      {
        number: null,
        laborRateCents: null,
        taxRatePercent: 10,
        taxLabor: false,
        note: null,
        lines: [
          {
            operation: 'part',
            description: 'Hood',
            partNumber: null,
            quantity: 2,
            unitPriceCents: 100_050,
            laborHours: 1.5,
          },
        ],
      },
    ]);
  });

  it('checks the lines with the shared schema’s messages before sending', async () => {
    const { api, url } = openClaim();
    fireEvent.click(await screen.findByRole('button', { name: 'Add supplement' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Add supplement 1' });
    const line = within(dialog).getByRole('group', { name: 'Line 1' });
    fireEvent.change(within(line).getByLabelText('Unit price'), { target: { value: '12.345' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add estimate' }));
    expect(await within(line).findByText('Describe the line')).toBeTruthy();
    expect(within(line).getByText('Unit price must be in whole cents')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', url)).toEqual([]);
  });
});
