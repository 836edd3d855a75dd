import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Claim, TransitionRequest } from '@shared/claims';
import { allowedTransitions, STATUS_LABELS, type ClaimStatus } from '@shared/workflows';

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

const STALE =
  'Someone else changed this claim since you opened it. Review the latest version and apply your change again.';

type ClaimState = ReturnType<typeof claimServer>['state'];

/** The claim as the server would hold it in `status`, with the moves the workflow table allows from there. */
function claimIn(claim: Claim, status: ClaimStatus): Claim {
  return {
    ...claim,
    status,
    version: claim.version + 1,
    allowedTransitions: allowedTransitions(claim.workflow, status, claim.status),
  };
}

/** `POST …/transitions` with the server's optimistic locking: a stale version or a disallowed move is a 409. */
const transitions = (state: () => ClaimState) => (init?: RequestInit) => {
  const { claim } = state();
  const { to, version } = JSON.parse(String(init?.body)) as TransitionRequest;
  if (version !== claim.version) return jsonResponse({ message: STALE, code: 'conflict' }, { status: 409 });
  if (!claim.allowedTransitions.includes(to)) {
    const message = `A claim cannot move from ${STATUS_LABELS[claim.status]} to ${STATUS_LABELS[to]}.`;
    return jsonResponse({ message, code: 'conflict' }, { status: 409 });
  }
  state().claim = claimIn(claim, to);
  return jsonResponse(state().claim);
};

/** Opens the page, lets another session move the claim on the server, then confirms `move` on the stale page. */
async function confirmAfterMoveElsewhere(claim: Claim, elsewhere: ClaimStatus, move: ClaimStatus) {
  const server = claimServer(claim, {
    [`POST /api/vehicles/${claim.id}/transitions`]: transitions(() => server.state),
  });
  fireEvent.click(within(await movesGroup()).getByRole('button', { name: STATUS_LABELS[move] }));
  const dialog = await screen.findByRole('dialog', { name: `Move to ${STATUS_LABELS[move]}?` });
  server.state.claim = claimIn(server.state.claim, elsewhere);
  fireEvent.click(within(dialog).getByRole('button', { name: `Move to ${STATUS_LABELS[move]}` }));
  expect(await within(dialog).findByText(STALE)).toBeTruthy();
  return { ...server, dialog };
}

const buttonNames = (container: HTMLElement) =>
  within(container)
    .getAllByRole('button')
    .map((button) => button.textContent);

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

  describe('after someone else moved the claim', () => {
    it('says the claim is already where the user wanted it, and offers only to close', async () => {
      const claim = buildClaim({
        claimNumber: 'CLM-000401',
        status: 'estimate_pending',
        allowedTransitions: allowedTransitions('collision', 'estimate_pending'),
      });
      const { api, dialog } = await confirmAfterMoveElsewhere(claim, 'estimate_review', 'estimate_review');

      await waitFor(() =>
        expect(dialog.textContent).toContain(
          'CLM-000401 is already Estimate in review: someone else moved it while you had the page open.',
        ),
      );
      expect(within(dialog).getByRole('heading', { name: 'No move needed' })).toBeTruthy();
      expect(dialog.textContent).not.toContain('goes from');
      expect(within(dialog).getByText(STALE)).toBeTruthy();
      expect(new Set(buttonNames(dialog))).toEqual(new Set(['Close']));
      expect(callsTo(api.fetchMock, 'POST', `/api/vehicles/${claim.id}/transitions`)).toHaveLength(1);

      fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(buttonNames(await movesGroup())).toEqual([
        'Repair approved',
        'On hold',
        'Total loss',
        'Cancelled',
      ]);
    });

    it('says the move is no longer possible, lists the moves allowed now, and offers only to close', async () => {
      const { dialog } = await confirmAfterMoveElsewhere(buildClaim(), 'on_hold', 'quality_check');

      await waitFor(() =>
        expect(dialog.textContent).toContain(
          'CLM-000123 is now On hold, and from there it cannot move to Quality check. It can move to In repair or Cancelled.',
        ),
      );
      expect(within(dialog).getByRole('heading', { name: 'Cannot move to Quality check now' })).toBeTruthy();
      expect(dialog.textContent).not.toContain('goes from');
      expect(within(dialog).getByText(STALE)).toBeTruthy();
      expect(new Set(buttonNames(dialog))).toEqual(new Set(['Close']));

      fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(buttonNames(await movesGroup())).toEqual(['In repair', 'Cancelled']);
    });

    it('stays open to explain when the claim was cancelled and has no moves left', async () => {
      const { dialog } = await confirmAfterMoveElsewhere(buildClaim(), 'cancelled', 'quality_check');

      await waitFor(() =>
        expect(dialog.textContent).toContain(
          'CLM-000123 is now Cancelled, and from there it cannot move to Quality check. No further moves are open to you from there.',
        ),
      );
      expect(within(dialog).getByText(STALE)).toBeTruthy();
      expect(new Set(buttonNames(dialog))).toEqual(new Set(['Close']));
      expect(screen.getByText('No further moves: the claim is cancelled.')).toBeTruthy();
    });

    it('keeps a move still allowed from the new status, and applies it again to the latest version', async () => {
      const claim = buildClaim();
      const { api, dialog } = await confirmAfterMoveElsewhere(claim, 'quality_check', 'cancelled');
      fireEvent.change(within(dialog).getByLabelText('Note (optional)'), {
        target: { value: 'Duplicate claim' },
      });

      await waitFor(() =>
        expect(dialog.textContent).toContain('CLM-000123 goes from Quality check to Cancelled.'),
      );
      expect(within(dialog).getByText(STALE)).toBeTruthy();
      expect(
        within(dialog).getByText(
          'It is Quality check now and the move is still possible: confirm again to apply it to the latest version.',
        ),
      ).toBeTruthy();
      const confirm = within(dialog).getByRole('button', { name: 'Move to Cancelled' }) as HTMLButtonElement;
      expect(confirm.disabled).toBe(false);
      fireEvent.click(confirm);

      expect(await screen.findByText('CLM-000123 is now Cancelled.')).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(callsTo(api.fetchMock, 'POST', `/api/vehicles/${claim.id}/transitions`)).toEqual([
        { to: 'cancelled', version: 7 },
        { to: 'cancelled', version: 8, note: 'Duplicate claim' },
      ]);
    });
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

  it('asks the final cost when completing, offered from the approved amount (decision 038)', async () => {
    const claim = buildClaim({
      status: 'ready_for_pickup',
      approvedAmountCents: 132_300,
      allowedTransitions: ['completed', 'on_hold'],
    });
    const server = claimServer(claim, {
      [`POST /api/vehicles/${claim.id}/transitions`]: transitions(() => server.state),
    });
    fireEvent.click(within(await movesGroup()).getByRole('button', { name: 'Completed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move to Completed?' });
    const cost = within(dialog).getByLabelText('Final cost');
    expect((cost as HTMLInputElement).value).toBe('1323.00');
    fireEvent.change(cost, { target: { value: 'a lot' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move to Completed' }));
    expect(await within(dialog).findByText('Final cost must be an amount')).toBeTruthy();
    fireEvent.change(cost, { target: { value: '$1,400.50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move to Completed' }));
    expect(await screen.findByText('Claim moved')).toBeTruthy();
    expect(callsTo(server.api.fetchMock, 'POST', `/api/vehicles/${claim.id}/transitions`)).toEqual([
      { to: 'completed', version: claim.version, finalAmountCents: 140_050 },
    ]);
  });

  it('asks no final cost for other moves', async () => {
    claimServer(buildClaim());
    fireEvent.click(within(await movesGroup()).getByRole('button', { name: 'Quality check' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move to Quality check?' });
    expect(within(dialog).queryByLabelText('Final cost')).toBeNull();
  });
});
