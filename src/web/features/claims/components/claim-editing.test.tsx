import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Claim } from '@shared/claims';

import { AppRouter } from '../../../app/router';
import { buildClaim, claimPageRoutes } from '../../../test/claim-factory';
import { buildUser, callsTo, fakeApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';

const STALE =
  'Someone else changed this claim since you opened it. Review the latest version and apply your change again.';

/** A claim the server holds; `patch` decides each PATCH's answer. */
function claimServer(
  initial: Claim,
  patch?: (body: Record<string, unknown>, state: { claim: Claim }) => Response,
) {
  const state = { claim: initial };
  const url = `/api/vehicles/${initial.id}`;
  const api = fakeApi({
    user: buildUser(),
    routes: {
      ...claimPageRoutes(initial),
      [`GET ${url}`]: () => jsonResponse(state.claim),
      [`PATCH ${url}`]: (init) => {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        if (patch) return patch(body, state);
        const { version: _version, ...changes } = body;
        state.claim = { ...state.claim, ...changes, version: state.claim.version + 1 } as Claim;
        return jsonResponse(state.claim);
      },
    },
  });
  renderApp(<AppRouter />, { path: `/vehicles/${initial.id}` });
  return { api, state, url };
}

async function editSection(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Edit ${name.toLowerCase()}` }));
  const region = screen.getByRole('region', { name });
  // The editor is a chunk of its own: it is there once its Save button is.
  await within(region).findByRole('button', { name: 'Save' });
  return region;
}

describe('claim details: editing in place', () => {
  it('sends only the changed fields with the version, then shows the saved values', async () => {
    const { api, url } = claimServer(buildClaim());
    const money = await editSection('Money');
    fireEvent.change(within(money).getByLabelText('Approved amount'), { target: { value: '2,350.50' } });
    fireEvent.change(within(money).getByLabelText('Estimate'), { target: { value: '2400.50' } });
    fireEvent.click(within(money).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Claim updated')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'PATCH', url)).toEqual([{ approvedAmountCents: 235050, version: 7 }]);
    expect(await within(money).findByText('$2,350.50')).toBeTruthy();
    expect(within(money).queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('checks the fields with the shared schema’s messages before sending anything', async () => {
    const { api, url } = claimServer(buildClaim());
    const money = await editSection('Money');
    fireEvent.change(within(money).getByLabelText('Deductible'), { target: { value: 'lots' } });
    fireEvent.change(within(money).getByLabelText('Final amount'), { target: { value: '12.345' } });
    fireEvent.click(within(money).getByRole('button', { name: 'Save' }));
    expect(await within(money).findByText('Deductible must be an amount')).toBeTruthy();
    expect(within(money).getByText('Final amount must be in whole cents')).toBeTruthy();

    const dates = await editSection('Dates');
    fireEvent.change(within(dates).getByLabelText('Drop-off date'), { target: { value: '2026-10-01' } });
    fireEvent.click(within(dates).getByRole('button', { name: 'Save' }));
    expect(await within(dates).findByText('Drop-off cannot be before the date of loss')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'PATCH', url)).toHaveLength(0);
  });

  it('puts the server’s field errors under their fields', async () => {
    const message = 'The assignee must be an active user who can see this company’s claims';
    claimServer(buildClaim(), () =>
      jsonResponse({ message, code: 'validation', fieldErrors: { assigneeId: [message] } }, { status: 400 }),
    );
    const repair = await editSection('Repair');
    fireEvent.change(within(repair).getByLabelText('Tags'), { target: { value: 'fleet, rush' } });
    fireEvent.click(within(repair).getByRole('button', { name: 'Save' }));
    expect(await within(repair).findByText(message)).toBeTruthy();
  });

  it('closes without a request when nothing changed', async () => {
    const { api, url } = claimServer(buildClaim());
    const insurance = await editSection('Insurance');
    fireEvent.click(within(insurance).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(insurance).queryByRole('button', { name: 'Save' })).toBeNull());
    expect(callsTo(api.fetchMock, 'PATCH', url)).toHaveLength(0);
  });
});

describe('claim details: keyboard focus', () => {
  it('moves focus to the first field on opening and back to Edit on Cancel', async () => {
    claimServer(buildClaim());
    const repair = await editSection('Repair');
    await waitFor(() =>
      expect(document.activeElement).toBe(within(repair).getByRole('combobox', { name: 'Repair facility' })),
    );

    fireEvent.click(within(repair).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(within(repair).getByRole('button', { name: 'Edit repair' })),
    );
  });

  it('returns focus to Edit once the section is saved', async () => {
    claimServer(buildClaim());
    const money = await editSection('Money');
    await waitFor(() => expect(document.activeElement).toBe(within(money).getByLabelText('Deductible')));
    fireEvent.change(within(money).getByLabelText('Estimate'), { target: { value: '2500' } });
    fireEvent.click(within(money).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Claim updated')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(money).getByRole('button', { name: 'Edit money' })),
    );
  });

  it('returns focus to Edit when Save closes an unchanged section', async () => {
    claimServer(buildClaim());
    const insurance = await editSection('Insurance');
    await waitFor(() => expect(document.activeElement).toBe(within(insurance).getByLabelText('Insurer')));
    fireEvent.click(within(insurance).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(within(insurance).getByRole('button', { name: 'Edit insurance' })),
    );
  });
});

describe('claim details: unsaved changes', () => {
  it('asks before leaving the page with a section half edited', async () => {
    claimServer(buildClaim());
    const insurance = await editSection('Insurance');
    fireEvent.change(within(insurance).getByLabelText('Policy number'), { target: { value: 'POL-1' } });
    fireEvent.click(screen.getByRole('link', { name: 'All claims' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Discard your changes?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((within(insurance).getByLabelText('Policy number') as HTMLInputElement).value).toBe('POL-1');
  });
});

describe('claim details: someone else saved first (409)', () => {
  function conflictingServer() {
    let refused = false;
    return claimServer(buildClaim(), (body, state) => {
      if (!refused) {
        refused = true;
        // Another user raised the estimate and set a final amount meanwhile.
        state.claim = { ...state.claim, estimateAmountCents: 260000, finalAmountCents: 255000, version: 8 };
        return jsonResponse({ message: STALE, code: 'conflict' }, { status: 409 });
      }
      const { version: _version, ...changes } = body;
      state.claim = { ...state.claim, ...changes, version: state.claim.version + 1 } as Claim;
      return jsonResponse(state.claim);
    });
  }

  it('shows the user’s version beside the current one and re-applies it with one click', async () => {
    const { api, url } = conflictingServer();
    const money = await editSection('Money');
    fireEvent.change(within(money).getByLabelText('Estimate'), { target: { value: '2500' } });
    fireEvent.click(within(money).getByRole('button', { name: 'Save' }));

    expect(await within(money).findByText(STALE)).toBeTruthy();
    const table = await within(money).findByRole('table', {
      name: 'Your changes compared with the current version',
    });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['EstimateBoth changed', '$2,500.00your change', '$2,600.00changed by someone else'],
      ['Final amount', 'Not setnot changed by you', '$2,550.00changed by someone else'],
    ]);

    fireEvent.click(within(money).getByRole('button', { name: 'Apply my changes again' }));
    expect(await screen.findByText('Claim updated')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'PATCH', url)).toEqual([
      { estimateAmountCents: 250000, version: 7 },
      { estimateAmountCents: 250000, version: 8 },
    ]);
    expect(await within(money).findByText('$2,500.00')).toBeTruthy();
    expect(within(money).getByText('$2,550.00')).toBeTruthy();
  });

  it('lets the user edit again on top of the current version, or drop the change', async () => {
    const { api, url } = conflictingServer();
    const money = await editSection('Money');
    fireEvent.change(within(money).getByLabelText('Estimate'), { target: { value: '2500' } });
    fireEvent.click(within(money).getByRole('button', { name: 'Save' }));
    await within(money).findByRole('table');

    fireEvent.click(within(money).getByRole('button', { name: 'Edit again' }));
    expect((within(money).getByLabelText('Estimate') as HTMLInputElement).value).toBe('2500');
    expect((within(money).getByLabelText('Final amount') as HTMLInputElement).value).toBe('2550.00');
    fireEvent.click(within(money).getByRole('button', { name: 'Cancel' }));
    expect(await within(money).findByText('$2,600.00')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'PATCH', url)).toHaveLength(1);
  });
});

describe('claim details: who may edit', () => {
  it('a viewer reads every section but cannot edit', async () => {
    const claim = buildClaim({ allowedTransitions: [] });
    fakeApi({ user: buildUser({ role: 'viewer' }), routes: claimPageRoutes(claim) });
    renderApp(<AppRouter />, { path: `/vehicles/${claim.id}` });
    for (const name of ['Vehicle', 'Incident', 'Repair', 'Insurance', 'Money', 'Dates']) {
      expect(await screen.findByRole('region', { name })).toBeTruthy();
    }
    expect(within(screen.getByRole('region', { name: 'Money' })).getByText('$2,400.50')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    // Viewers may comment.
    expect(screen.getByRole('textbox', { name: 'Add a note' })).toBeTruthy();
  });
});
