import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Claim } from '@shared/claims';

import { AppRouter } from '../../../app/router';
import { buildClaim, buildHistoryEntry, claimPageRoutes } from '../../../test/claim-factory';
import { buildUser, callsTo, fakeApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';

/** A claim the server holds and hands out: moves and refetches read and change the same record. */
function claimServer(initial: Claim, extra: Record<string, (init?: RequestInit) => Response> = {}) {
  const state = { claim: initial, history: [buildHistoryEntry({ fromStatus: null, toStatus: 'reported' })] };
  const routes = {
    ...claimPageRoutes(initial),
    [`GET /api/vehicles/${initial.id}`]: () => jsonResponse(state.claim),
    [`GET /api/vehicles/${initial.id}/history`]: () => jsonResponse(state.history),
    ...extra,
  };
  const api = fakeApi({ user: buildUser(), routes });
  const view = renderApp(<AppRouter />, { path: `/vehicles/${initial.id}` });
  return { api, state, ...view };
}

const movesGroup = () => screen.findByRole('group', { name: 'Move to' });

describe('claim moves', () => {
  it('offers exactly the moves the server allows', async () => {
    claimServer(buildClaim());
    const group = await movesGroup();
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Quality check', 'Supplement in review', 'On hold', 'Cancelled']);
    expect(screen.queryByRole('button', { name: 'Completed' })).toBeNull();
  });

  it('moves the claim with a note, says so, and shows the new status and history', async () => {
    const claim = buildClaim();
    const TRANSITIONS = `/api/vehicles/${claim.id}/transitions`;
    const { api, state } = claimServer(claim, {
      [`POST /api/vehicles/${claim.id}/transitions`]: () => {
        state.claim = {
          ...state.claim,
          status: 'quality_check',
          version: state.claim.version + 1,
          allowedTransitions: ['ready_for_pickup', 'on_hold', 'cancelled'],
        };
        state.history = [
          ...state.history,
          buildHistoryEntry({ fromStatus: 'in_repair', toStatus: 'quality_check', note: 'Paint cured' }),
        ];
        return jsonResponse(state.claim);
      },
    });
    fireEvent.click(within(await movesGroup()).getByRole('button', { name: 'Quality check' }));

    const dialog = await screen.findByRole('dialog', { name: 'Move to Quality check?' });
    expect(dialog.textContent).toContain('CLM-000123 goes from In repair to Quality check.');
    fireEvent.change(within(dialog).getByLabelText('Note (optional)'), {
      target: { value: '  Paint cured ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move to Quality check' }));

    expect(await screen.findByText('Claim moved')).toBeTruthy();
    expect(screen.getByText('CLM-000123 is now Quality check.')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', TRANSITIONS)).toEqual([
      { to: 'quality_check', version: 7, note: 'Paint cured' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const group = await movesGroup();
    expect(within(group).getByRole('button', { name: 'Ready for pickup' })).toBeTruthy();
    const history = await screen.findByRole('list', { name: 'Status changes, newest first' });
    expect(await within(history).findByText('Paint cured')).toBeTruthy();
  });

  it('shows the 409 message in the dialog and the moves allowed now', async () => {
    const claim = buildClaim();
    const message = 'A claim cannot move from On hold to Quality check. Allowed moves: In repair, Cancelled.';
    const { state } = claimServer(claim, {
      [`POST /api/vehicles/${claim.id}/transitions`]: () => {
        // Someone put the claim on hold meanwhile.
        state.claim = {
          ...state.claim,
          status: 'on_hold',
          version: 8,
          allowedTransitions: ['in_repair', 'cancelled'],
        };
        return jsonResponse({ message, code: 'conflict' }, { status: 409 });
      },
    });
    fireEvent.click(within(await movesGroup()).getByRole('button', { name: 'Quality check' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move to Quality check?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move to Quality check' }));

    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(within(dialog).getByText('The claim has changed')).toBeTruthy();
    await waitFor(() =>
      expect(
        (within(dialog).getByRole('button', { name: 'Move to Quality check' }) as HTMLButtonElement).disabled,
      ).toBe(true),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const group = await movesGroup();
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['In repair', 'Cancelled']);
  });

  it('tells a user without the right to move claims, and offers no moves', async () => {
    const claim = buildClaim({ allowedTransitions: [] });
    fakeApi({ user: buildUser({ role: 'viewer' }), routes: claimPageRoutes(claim) });
    renderApp(<AppRouter />, { path: `/vehicles/${claim.id}` });
    expect(
      await screen.findByText('You can follow this claim and add notes; moving it is up to a manager.'),
    ).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Move to' })).toBeNull();
  });

  it('says when a finished claim has no further moves', async () => {
    claimServer(buildClaim({ status: 'closed', allowedTransitions: [] }));
    expect(await screen.findByText('No further moves: the claim is closed.')).toBeTruthy();
  });
});
