import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Authorization } from '@shared/authorizations';

import { AppRouter } from '../../../app/router';
import { buildClaim, claimPageRoutes, maria } from '../../../test/claim-factory';
import { buildUser, callsTo, fakeApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';

const LOAD = { timeout: 5000 };

function buildAuthorization(overrides: Partial<Authorization> = {}): Authorization {
  return {
    id: 'a0700000-0000-4000-8000-000000000001',
    claimId: 'c1a10000-0000-4000-8000-000000000001',
    sequence: 1,
    status: 'pending',
    requestedAmountCents: 95_450,
    approvedAmountCents: null,
    note: 'Grinding noise; pads at 2 mm',
    requestedBy: maria,
    createdAt: '2026-11-02T10:00:00.000Z',
    decidedBy: null,
    decidedAutomatically: false,
    decidedAt: null,
    decisionNote: null,
    lines: [
      {
        id: 'a1000000-0000-4000-8000-000000000001',
        position: 0,
        description: 'Brake pads and rotors',
        amountCents: 64_000,
        approved: null,
      },
      {
        id: 'a1000000-0000-4000-8000-000000000002',
        position: 1,
        description: 'Brake fluid flush',
        amountCents: 12_550,
        approved: null,
      },
      {
        id: 'a1000000-0000-4000-8000-000000000003',
        position: 2,
        description: 'Serpentine belt',
        amountCents: 18_900,
        approved: null,
      },
    ],
    ...overrides,
  };
}

function openClaim(role: 'manager' | 'viewer', authorization = buildAuthorization()) {
  const claim = buildClaim({
    workflow: 'mechanical',
    status: 'authorization_pending',
    allowedTransitions: role === 'manager' ? ['on_hold', 'cancelled'] : [],
  });
  const decision = `/api/authorizations/${authorization.id}/decision`;
  const api = fakeApi({
    user: buildUser({ role }),
    routes: {
      ...claimPageRoutes(claim, {
        authorizations: { items: [authorization], autoApprovalLimitCents: 50_000 },
      }),
      [`POST ${decision}`]: (init) => {
        const body = JSON.parse(String(init?.body)) as { action: string; lineIds?: string[] };
        const approved = new Set(body.lineIds ?? authorization.lines.map((line) => line.id));
        return jsonResponse({
          ...authorization,
          status: approved.size === 3 ? 'approved' : 'partially_approved',
          approvedAmountCents: authorization.lines
            .filter((line) => approved.has(line.id))
            .reduce((sum, line) => sum + line.amountCents, 0),
        });
      },
    },
  });
  renderApp(<AppRouter />, { path: `/vehicles/${claim.id}` });
  return { api, decision };
}

describe('mechanical authorization modal', { timeout: 20_000 }, () => {
  it('totals the selected lines, shows the limit and history, and approves the chosen lines', async () => {
    const { api, decision } = openClaim('manager');
    fireEvent.click(await screen.findByRole('button', { name: 'Review authorization' }, LOAD));
    const modal = await screen.findByRole('dialog', { name: 'Review authorization request 1' });
    expect(within(modal).getByText('Grinding noise; pads at 2 mm')).toBeTruthy();
    expect(within(modal).getByText('$500.00')).toBeTruthy();
    expect(within(modal).getByRole('list', { name: 'Status changes, newest first' })).toBeTruthy();

    fireEvent.click(within(modal).getByRole('checkbox', { name: /Brake fluid flush/ }));
    expect(within(modal).getByRole('button', { name: 'Approve selected ($829.00)' })).toBeTruthy();
    expect(within(modal).getByText('(2 of 3 lines)')).toBeTruthy();

    fireEvent.click(within(modal).getByRole('button', { name: 'Approve selected ($829.00)' }));
    expect(await screen.findByText('Authorization partially approved')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', decision)).toEqual([
      {
        action: 'approve',
        lineIds: ['a1000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000003'],
        note: null,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks for a reason before declining, and sends nothing without one', async () => {
    const { api, decision } = openClaim('manager');
    fireEvent.click(await screen.findByRole('button', { name: 'Review authorization' }, LOAD));
    const modal = await screen.findByRole('dialog', { name: 'Review authorization request 1' });
    fireEvent.click(within(modal).getByRole('button', { name: 'Decline' }));
    expect(within(modal).getByText('Give the reason for declining')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', decision)).toEqual([]);
    fireEvent.click(within(modal).getByRole('checkbox', { name: 'Select all' }));
    expect(within(modal).getByRole('button', { name: 'Approve selected ($0.00)' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('lets a viewer see the request but not review or request', async () => {
    openClaim('viewer');
    expect(await screen.findByText('Request 1 awaits a decision:', {}, LOAD)).toBeTruthy();
    expect(screen.getByText(/A manager decides it/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Review authorization' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Request authorization' })).toBeNull();
  });

  // A plain move to "Authorization requested" left the badge and "No authorization requested yet" side by side.
  it('says a claim moved to Authorization requested has no request here, and offers to make one', async () => {
    const claim = buildClaim({ workflow: 'mechanical', status: 'authorization_pending' });
    fakeApi({
      user: buildUser({ role: 'manager' }),
      routes: claimPageRoutes(claim, { authorizations: { items: [], autoApprovalLimitCents: null } }),
    });
    renderApp(<AppRouter />, { path: `/vehicles/${claim.id}` });
    expect(
      await screen.findByText(
        'The claim was moved to Authorization requested without a request here. Request authorization to record the work and its amount for a decision.',
        {},
        LOAD,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Request authorization' })).toBeTruthy();
    expect(screen.queryByText(/No authorization requested yet/)).toBeNull();
  });
});
