import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLAIM_PACK_REVOKED_MESSAGE, type ClaimPackLink, type ClaimPackSummary } from '@shared/claim-pack';

import { buildClaim, claimPageRoutes } from '../../test/claim-factory';
import { buildUser, callsTo, fakeApi } from '../../test/fake-api';
import { jsonResponse } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { AppRouter } from '../router';

const token = 'k3uLq9dPZ2m8wR4tYb7nVx1sHc6fJg0A';
const summary: ClaimPackSummary = {
  claimNumber: 'CLM-000123',
  companyName: 'Acme Rentals',
  vehicle: '2022 Ford Transit 250 · Unit AC-1042',
  files: 3,
  expiresAt: '2026-12-29T15:00:00.000Z',
};

describe('claim pack page (the adjuster’s link)', () => {
  it('shows a visitor what the pack holds and its download', async () => {
    fakeApi({ user: null, routes: { [`GET /api/claim-packs/${token}`]: () => jsonResponse(summary) } });
    renderApp(<AppRouter />, { path: `/claim-packs/${token}` });
    expect(await screen.findByRole('heading', { name: 'Claim CLM-000123' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Acme Rentals · 2022 Ford Transit 250 · Unit AC-1042')).toBeTruthy();
    expect(screen.getByText(/and 3 photos and documents, as uploaded\./)).toBeTruthy();
    const download = screen.getByRole('link', { name: 'Download the claim pack' });
    expect(download.getAttribute('href')).toBe(`/api/claim-packs/${token}/download`);
    await waitFor(() => expect(document.title).toBe('Claim pack CLM-000123 · FleetClaims'));
  });

  it('says clearly when the link was revoked', async () => {
    fakeApi({
      user: null,
      routes: {
        [`GET /api/claim-packs/${token}`]: () =>
          jsonResponse({ message: CLAIM_PACK_REVOKED_MESSAGE, code: 'gone' }, { status: 410 }),
      },
    });
    renderApp(<AppRouter />, { path: `/claim-packs/${token}` });
    expect(
      await screen.findByRole('heading', { name: 'This link no longer works' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByText(CLAIM_PACK_REVOKED_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download the claim pack' })).toBeNull();
  });
});

describe('claim page: the claim pack', () => {
  const claim = buildClaim({ adjusterEmail: 'adjuster@harbor.example' });
  const links = `/api/vehicles/${claim.id}/claim-pack/links`;
  const sent: ClaimPackLink = {
    id: '5b0e6f3c-58a4-4f55-9a61-3f1d2c7b8e90',
    sentTo: 'adjuster@harbor.example',
    sentBy: 'Maria Lopez',
    createdAt: '2026-11-29T15:00:00.000Z',
    expiresAt: '2099-12-29T15:00:00.000Z',
    revokedAt: null,
    downloads: 2,
    lastDownloadedAt: '2026-11-29T16:00:00.000Z',
  };

  it('downloads the pack, sends it to the adjuster on the claim, lists the link and revokes it', async () => {
    let listed: ClaimPackLink[] = [];
    const api = fakeApi({
      user: buildUser(),
      routes: {
        ...claimPageRoutes(claim),
        [`GET ${links}`]: () => jsonResponse({ items: listed }),
        [`POST ${links}`]: () => {
          listed = [sent];
          return jsonResponse(sent, { status: 201 });
        },
        [`DELETE ${links}/${sent.id}`]: () => {
          listed = [{ ...sent, revokedAt: '2026-11-29T17:00:00.000Z' }];
          return jsonResponse(listed[0]);
        },
      },
    });
    renderApp(<AppRouter />, { path: `/vehicles/${claim.id}` });
    const pack = await screen.findByRole('link', { name: 'Claim pack' }, { timeout: 5000 });
    expect(pack.getAttribute('href')).toBe(`/api/vehicles/${claim.id}/claim-pack`);

    fireEvent.click(screen.getByRole('button', { name: 'Send to adjuster' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the claim pack' });
    expect(await within(dialog).findByText('No link sent yet.')).toBeTruthy();
    const to = within(dialog).getByLabelText('Adjuster’s email') as HTMLInputElement;
    expect(to.value).toBe('adjuster@harbor.example');
    fireEvent.change(to, { target: { value: 'not an address' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send link' }));
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', links)).toHaveLength(0);

    fireEvent.change(to, { target: { value: 'adjuster@harbor.example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('A download link went to adjuster@harbor.example.')).toBeTruthy();
    const list = await within(dialog).findByRole('list', { name: 'Links sent' });
    expect(await within(list).findByText('adjuster@harbor.example')).toBeTruthy();
    expect(within(list).getByText(/Sent by Maria Lopez on .* · 2 downloads/)).toBeTruthy();

    fireEvent.click(
      within(list).getByRole('button', { name: 'Revoke the link sent to adjuster@harbor.example' }),
    );
    expect(await within(list).findByText('Revoked')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'DELETE', `${links}/${sent.id}`)).toHaveLength(1);
  });

  it('offers a viewer the download but not the sending', async () => {
    fakeApi({ user: buildUser({ role: 'viewer' }), routes: claimPageRoutes(claim) });
    renderApp(<AppRouter />, { path: `/vehicles/${claim.id}` });
    expect(await screen.findByRole('link', { name: 'Claim pack' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send to adjuster' })).toBeNull();
  });
});
