import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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
      laborType: null,
      change: null,
    },
  ],
  version: 2,
  createdBy: maria,
  createdAt: '2026-11-02T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  decidedBy: maria,
  decidedAt: '2026-11-02T11:00:00.000Z',
  decisionNote: null,
  external: null,
  deductibleCents: null,
  netCents: null,
  changes: null,
};

const supplement: Estimate = {
  ...approved,
  id: 'e5700000-0000-4000-8000-000000000002',
  supplementNumber: 1,
  status: 'pending',
  version: 1,
  decidedBy: null,
  decidedAt: null,
};

/** A claim with the approved original; adding answers supplement 1, which the list then shows too. */
function openClaim() {
  const claim = buildClaim();
  const url = `/api/vehicles/${claim.id}/estimates`;
  const facility = { name: 'Northside Collision', laborRateCents: 12_500 };
  const items = [approved];
  const api = fakeApi({
    user: buildUser({ role: 'manager' }),
    routes: {
      ...claimPageRoutes(claim),
      [`GET ${url}`]: () => jsonResponse({ items, facility }),
      [`POST ${url}`]: () => {
        items.push(supplement);
        return jsonResponse(supplement, { status: 201 });
      },
    },
  });
  renderApp(<AppRouter />, { path: `/vehicles/${claim.id}` });
  return { api, url };
}

/** A claim with no estimate yet, at a facility with a rate. */
function openClaimWithoutEstimates() {
  const claim = buildClaim();
  const url = `/api/vehicles/${claim.id}/estimates`;
  const api = fakeApi({
    user: buildUser({ role: 'manager' }),
    routes: {
      ...claimPageRoutes(claim, {
        estimates: { items: [], facility: { name: 'Northside Collision', laborRateCents: 12_500 } },
      }),
      [`POST ${url}`]: () => jsonResponse({ ...supplement, supplementNumber: 0 }, { status: 201 }),
    },
  });
  renderApp(<AppRouter />, { path: `/vehicles/${claim.id}` });
  return { api, url };
}

const grille = {
  ...approved.lines[0]!,
  id: 'e1000000-0000-4000-8000-000000000009',
  position: 1,
  description: 'Grille',
  partNumber: null,
  unitPriceCents: 20_000,
  laborHours: 0,
  priceCents: 20_000,
  laborCents: 0,
  totalCents: 20_000,
};

/** A claim with the given estimates; deciding and moving answer as the server would. */
function openClaimWith(
  items: Estimate[],
  claimOverrides: Parameters<typeof buildClaim>[0] = {},
  { decidedAs = 'approved' as Estimate['status'] } = {},
) {
  const claim = buildClaim(claimOverrides);
  const url = `/api/vehicles/${claim.id}/estimates`;
  const api = fakeApi({
    user: buildUser({ role: 'manager' }),
    routes: {
      ...claimPageRoutes(claim, {
        estimates: { items, facility: { name: 'Northside Collision', laborRateCents: 12_500 } },
      }),
      [`POST /api/estimates/${items.at(-1)!.id}/decision`]: () =>
        jsonResponse({ ...items.at(-1)!, status: decidedAs, version: 2 }),
      [`POST /api/vehicles/${claim.id}/transitions`]: (init) =>
        jsonResponse({
          ...claim,
          status: (JSON.parse(String(init?.body)) as { to: string }).to,
          allowedTransitions: [],
          version: claim.version + 1,
        }),
      [`POST ${url}`]: () => jsonResponse({ ...supplement, supplementNumber: items.length }, { status: 201 }),
    },
  });
  renderApp(<AppRouter />, { path: `/vehicles/${claim.id}` });
  return { api, url, claim };
}

const valueOf = (element: HTMLElement) => (element as HTMLInputElement).value;

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

  it('marks the lines an imported CCC supplement added and says what changed', async () => {
    const claim = buildClaim();
    const imported: Estimate = {
      ...supplement,
      source: 'ccc',
      external: { documentId: 'doc-1', version: 1, preliminary: false },
      lines: [
        { ...approved.lines[0]!, id: 'e1000000-0000-4000-8000-000000000009', change: null },
        {
          ...approved.lines[0]!,
          id: 'e1000000-0000-4000-8000-00000000000a',
          description: 'Splash shield, front LT (fender liner)',
          change: 'added',
        },
      ],
      changes: { comparedWith: 0, added: 1, changed: 0, removed: [] },
    };
    fakeApi({
      user: buildUser({ role: 'manager' }),
      routes: {
        ...claimPageRoutes(claim, { estimates: { items: [approved, imported], facility: null } }),
      },
    });
    renderApp(<AppRouter />, { path: `/vehicles/${claim.id}` });
    const card = await screen.findByRole('region', { name: 'Estimates' }, LOAD);
    expect(
      (
        await within(card).findAllByText(
          /Since the original: 1 line added, 0 lines changed, 0 lines removed/,
          {},
          LOAD,
        )
      ).length,
    ).toBeGreaterThan(0);
    expect(within(card).getAllByText('New').length).toBeGreaterThan(0);
  });

  it('offers no Edit on an estimate synced from Tekmetric, only the decision', async () => {
    const claim = buildClaim();
    const synced: Estimate = {
      ...supplement,
      source: 'tekmetric',
      number: 'RO 10482',
      createdBy: null,
      external: { documentId: '2301457', version: 0, preliminary: false },
    };
    fakeApi({
      user: buildUser({ role: 'manager' }),
      routes: {
        ...claimPageRoutes(claim, { estimates: { items: [approved, synced], facility: null } }),
      },
    });
    renderApp(<AppRouter />, { path: `/vehicles/${claim.id}` });
    const card = await screen.findByRole('region', { name: 'Estimates' }, LOAD);
    expect(await within(card).findByRole('button', { name: 'Approve' }, LOAD)).toBeTruthy();
    expect(within(card).getAllByText(/^Tekmetric sync/).length).toBeGreaterThan(0);
    expect(within(card).queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('shows each estimate with its status, lines and totals', async () => {
    openClaim();
    const card = await screen.findByRole('region', { name: 'Estimates' }, LOAD);
    expect(await within(card).findByText('Original', {}, LOAD)).toBeTruthy();
    expect(within(card).getByText('Approved')).toBeTruthy();
    expect(within(card).getAllByText('$799.63').length).toBeGreaterThan(0);
    expect(within(card).getByText(/follows original RO-4471, the latest approved/)).toBeTruthy();
  });

  it('starts a supplement as a copy of the latest estimate, the whole revised estimate', async () => {
    const { api, url } = openClaim();
    fireEvent.click(await screen.findByRole('button', { name: 'Add supplement' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Add supplement 1' });
    expect(within(dialog).getByText(/whole revised estimate/)).toBeTruthy();
    expect(within(dialog).getByText(/copy of original RO-4471/)).toBeTruthy();
    expect(valueOf(within(dialog).getByLabelText('Estimate number'))).toBe('RO-4471');
    expect(valueOf(within(dialog).getByLabelText('Tax rate'))).toBe('8.25');
    const line = within(dialog).getByRole('group', { name: 'Line 1' });
    expect(valueOf(within(line).getByLabelText('Description'))).toBe('Front bumper cover');
    expect(valueOf(within(line).getByLabelText('Part number'))).toBe('FO1000700');
    expect(valueOf(within(line).getByLabelText('Unit price'))).toBe('450.00');
    expect(valueOf(within(line).getByLabelText('Labour hours'))).toBe('2.5');
    const totals = within(dialog).getByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('$799.63')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add estimate' }));
    expect(await screen.findByText('Estimate added')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', url)).toEqual([
      {
        number: 'RO-4471',
        laborRateCents: null,
        taxRatePercent: 8.25,
        taxLabor: false,
        note: null,
        lines: [
          {
            operation: 'part',
            description: 'Front bumper cover',
            partNumber: 'FO1000700',
            quantity: 1,
            unitPriceCents: 45_000,
            laborHours: 2.5,
          },
        ],
      },
    ]);
  });

  it('starts a supplement from the latest approved estimate, not a later rejected one', async () => {
    const rejected: Estimate = {
      ...supplement,
      status: 'rejected',
      number: 'RO-4471-B',
      lines: [approved.lines[0]!, grille],
      totalCents: 99_963,
    };
    openClaimWith([approved, rejected]);
    fireEvent.click(await screen.findByRole('button', { name: 'Add supplement' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Add supplement 2' });
    expect(within(dialog).getByText(/copy of original RO-4471/)).toBeTruthy();
    expect(valueOf(within(dialog).getByLabelText('Estimate number'))).toBe('RO-4471');
    expect(within(dialog).getByRole('group', { name: 'Line 1' })).toBeTruthy();
    expect(within(dialog).queryByRole('group', { name: 'Line 2' })).toBeNull();
  });

  it('shows what a supplement changes against the latest approved estimate before it is decided', async () => {
    const pending: Estimate = {
      ...supplement,
      lines: [{ ...approved.lines[0]!, quantity: 2, totalCents: 121_250 }, grille],
      totalCents: 146_213,
    };
    openClaimWith([approved, pending]);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: /^Approve supplement 1/ });
    const changes = within(dialog).getByRole('region', { name: 'Changes from original RO-4471' });
    expect(within(changes).getByText('$799.63 → $1,462.13 (+$662.50)')).toBeTruthy();
    expect(within(changes).getByText(/Grille/).textContent).toBe('Added Part: Grille · $200.00');
    expect(within(changes).getByText(/Front bumper cover/).textContent).toBe(
      'Changed Part: Front bumper cover (FO1000700): qty 1 → 2, $762.50 → $1,212.50',
    );
  });

  it('says a one-off part’s new price once', async () => {
    const sensor = { ...grille, description: 'Parking sensor', unitPriceCents: 18_999, totalCents: 18_999 };
    const base: Estimate = { ...approved, lines: [sensor], totalCents: 20_566 };
    const pending: Estimate = {
      ...supplement,
      lines: [{ ...sensor, unitPriceCents: 17_450, priceCents: 17_450, totalCents: 17_450 }],
      totalCents: 18_890,
    };
    openClaimWith([base, pending]);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: /^Approve supplement 1/ });
    const changes = within(dialog).getByRole('region', { name: 'Changes from original RO-4471' });
    expect(within(changes).getByText(/Parking sensor/).textContent).toBe(
      'Changed Part: Parking sensor: $189.99 → $174.50',
    );
  });

  it('offers Repair approved in the same dialog once the estimate is approved; one click moves the claim', async () => {
    const original: Estimate = { ...supplement, supplementNumber: 0 };
    const { api, claim } = openClaimWith([original], {
      status: 'estimate_review',
      allowedTransitions: ['approved', 'total_loss', 'on_hold', 'cancelled'],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: /^Approve original/ });
    expect(
      within(dialog).getByText('Nothing is approved yet on this claim to compare it with.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve estimate' }));
    const next = await screen.findByRole('dialog', { name: 'What next?' }, LOAD);
    expect(within(next).getByText('Original RO-4471 approved for $799.63.')).toBeTruthy();
    fireEvent.click(within(next).getByRole('button', { name: 'Move to Repair approved' }));
    expect(await screen.findByText('CLM-000123 is now Repair approved.', {}, LOAD)).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', `/api/vehicles/${claim.id}/transitions`)).toEqual([
      { to: 'approved', version: claim.version },
    ]);
  });

  it('offers In repair in the same dialog once a supplement under review is rejected; one click moves the claim', async () => {
    const { api, claim } = openClaimWith(
      [approved, supplement],
      { status: 'supplement_review', allowedTransitions: ['in_repair', 'on_hold', 'cancelled'] },
      { decidedAs: 'rejected' },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: /^Reject supplement 1/ });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Bracket not needed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject estimate' }));
    const next = await screen.findByRole('dialog', { name: 'What next?' }, LOAD);
    expect(within(next).getByText('Supplement 1 RO-4471 was rejected.')).toBeTruthy();
    expect(
      within(next).getByText('CLM-000123 is Supplement in review. Move it to In repair now?'),
    ).toBeTruthy();
    fireEvent.click(within(next).getByRole('button', { name: 'Move to In repair' }));
    expect(await screen.findByText('CLM-000123 is now In repair.', {}, LOAD)).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', `/api/estimates/${supplement.id}/decision`)).toEqual([
      { action: 'reject', version: supplement.version, note: 'Bracket not needed' },
    ]);
    expect(callsTo(api.fetchMock, 'POST', `/api/vehicles/${claim.id}/transitions`)).toEqual([
      { to: 'in_repair', version: claim.version },
    ]);
  });

  it('offers no move after rejecting the estimate under review: the claim waits there for the next one', async () => {
    const original: Estimate = { ...supplement, supplementNumber: 0 };
    const { api, claim } = openClaimWith(
      [original],
      { status: 'estimate_review', allowedTransitions: ['approved', 'total_loss', 'on_hold', 'cancelled'] },
      { decidedAs: 'rejected' },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: /^Reject original/ });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Labour too high' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject estimate' }));
    expect(await screen.findByText('Original RO-4471 was rejected.', {}, LOAD)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(api.fetchMock, 'POST', `/api/vehicles/${claim.id}/transitions`)).toEqual([]);
  });

  it('offers Supplement in review after a supplement is added during the repair; Not now leaves it', async () => {
    const { api, claim } = openClaimWith([approved]);
    fireEvent.click(await screen.findByRole('button', { name: 'Add supplement' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Add supplement 1' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add estimate' }));
    const next = await screen.findByRole('dialog', { name: 'What next?' }, LOAD);
    expect(
      within(next).getByText(/CLM-000123 is In repair\. Move it to Supplement in review now\?/),
    ).toBeTruthy();
    expect(within(next).getByRole('button', { name: 'Move to Supplement in review' })).toBeTruthy();
    fireEvent.click(within(next).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(api.fetchMock, 'POST', `/api/vehicles/${claim.id}/transitions`)).toEqual([]);
  });

  it('opens the supplement just added, with its actions, and closes the one before', async () => {
    openClaim();
    const card = await screen.findByRole('region', { name: 'Estimates' }, LOAD);
    fireEvent.click(await within(card).findByRole('button', { name: 'Add supplement' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Add supplement 1' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add estimate' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Not now' }, LOAD));
    expect(await within(card).findByRole('button', { name: 'Approve' }, LOAD)).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Reject' })).toBeTruthy();
    expect(
      within(card)
        .getByRole('button', { name: /^Supplement 1/ })
        .getAttribute('aria-expanded'),
    ).toBe('true');
    expect(
      within(card)
        .getByRole('button', { name: /^Original/ })
        .getAttribute('aria-expanded'),
    ).toBe('false');
  });

  it('starts a first estimate blank; totals follow the lines at the facility’s rate', async () => {
    const { api, url } = openClaimWithoutEstimates();
    fireEvent.click(await screen.findByRole('button', { name: 'Add estimate' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Add an estimate' });
    expect(within(dialog).queryByText(/whole revised estimate/)).toBeNull();
    expect(within(dialog).getByText('$125.00 per hour')).toBeTruthy();
    expect(valueOf(within(dialog).getByLabelText('Estimate number'))).toBe('');
    expect(valueOf(within(dialog).getByLabelText('Tax rate'))).toBe('');
    const line = within(dialog).getByRole('group', { name: 'Line 1' });
    expect(valueOf(within(line).getByLabelText('Description'))).toBe('');
    fireEvent.change(within(line).getByLabelText('Description'), { target: { value: 'Hood' } });
    fireEvent.change(within(line).getByLabelText('Quantity'), { target: { value: '2' } });
    fireEvent.change(within(line).getByLabelText('Unit price'), { target: { value: '1,000.50' } });
    fireEvent.change(within(line).getByLabelText('Labour hours'), { target: { value: '1.5' } });
    fireEvent.change(within(dialog).getByLabelText('Tax rate'), { target: { value: '10' } });

    // Parts $2,001.00 + labour 1.5 h × $125 = $187.50; tax 10 % of the parts = $200.10
    const totals = within(dialog).getByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('$2,388.60')).toBeTruthy();
    expect(within(totals).getByText(/10%, labour exempt/)).toBeTruthy();
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

  it('takes a labour line’s blank unit price as 0, as its totals do', async () => {
    const { api, url } = openClaimWithoutEstimates();
    fireEvent.click(await screen.findByRole('button', { name: 'Add estimate' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Add an estimate' });
    const line = within(dialog).getByRole('group', { name: 'Line 1' });
    fireEvent.keyDown(within(line).getByRole('combobox', { name: 'Operation' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('option', { name: 'Labour' }));
    fireEvent.change(within(line).getByLabelText('Description'), { target: { value: 'Diagnosis' } });
    fireEvent.change(within(line).getByLabelText('Labour hours'), { target: { value: '1.2' } });
    // 1.2 h × $125 = $150.00, the unit price left blank
    expect(within(line).getByLabelText('Line 1 amount').textContent).toBe('$150.00');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add estimate' }));
    expect(await screen.findByText('Estimate added')).toBeTruthy();
    expect(within(line).queryByText('Unit price must be an amount')).toBeNull();
    expect(callsTo(api.fetchMock, 'POST', url)).toEqual([
      expect.objectContaining({
        lines: [
          {
            operation: 'labor',
            description: 'Diagnosis',
            partNumber: null,
            quantity: 1,
            unitPriceCents: 0,
            laborHours: 1.2,
          },
        ],
      }),
    ]);
  });

  it('refuses a blank unit price on a line without labour hours, before sending', async () => {
    const { api, url } = openClaimWithoutEstimates();
    fireEvent.click(await screen.findByRole('button', { name: 'Add estimate' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Add an estimate' });
    const line = within(dialog).getByRole('group', { name: 'Line 1' });
    fireEvent.change(within(line).getByLabelText('Description'), { target: { value: 'Mirror glass' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add estimate' }));
    expect(await within(line).findByText('Unit price must be an amount')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', url)).toEqual([]);
  });

  it('checks the lines with the shared schema’s messages before sending', async () => {
    const { api, url } = openClaim();
    fireEvent.click(await screen.findByRole('button', { name: 'Add supplement' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Add supplement 1' });
    const line = within(dialog).getByRole('group', { name: 'Line 1' });
    fireEvent.change(within(line).getByLabelText('Description'), { target: { value: '' } });
    fireEvent.change(within(line).getByLabelText('Unit price'), { target: { value: '12.345' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add estimate' }));
    expect(await within(line).findByText('Describe the line')).toBeTruthy();
    expect(within(line).getByText('Unit price must be in whole cents')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', url)).toEqual([]);
  });
});
