import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReportLink } from '@shared/driver-reports';

import { AppRouter } from '../../../app/router';
import { buildClaim, claimPageRoutes } from '../../../test/claim-factory';
import { buildUser, callsTo, fakeApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';

const claim = buildClaim();
const linkApi = `/api/fleet-vehicles/${claim.vehicle.id}/report-link`;
const current: ReportLink = {
  active: true,
  url: 'https://claims.example.com/report/k3uLq9dPZ2m8wR4tYb7nVx1sHc6fJg0AaBcDeFgH',
  createdAt: '2026-11-29T15:00:00.000Z',
  reports: 3,
};
const renewed: ReportLink = {
  active: true,
  url: 'https://claims.example.com/report/Zz9yXx8wVv7uTt6sRr5qPp4oNn3mMl2kKj1iIh0g',
  createdAt: '2026-11-30T15:00:00.000Z',
  reports: 0,
};

/** The claim page with the vehicle's report link as the server holds it, and its dialog opened. */
async function openDialog(link: ReportLink, user = buildUser()) {
  let held = link;
  const api = fakeApi({
    user,
    routes: {
      ...claimPageRoutes(claim),
      [`GET ${linkApi}`]: () => jsonResponse(held),
      [`POST ${linkApi}`]: () => jsonResponse(renewed, { status: 201 }),
      [`DELETE ${linkApi}`]: () => {
        // Turned off, the server answers it inactive until it is renewed.
        held = { ...held, active: false, url: null };
        return new Response(null, { status: 204 });
      },
    },
  });
  renderApp(<AppRouter />, { path: `/vehicles/${claim.id}` });
  fireEvent.click(await screen.findByRole('button', { name: 'Report link' }, { timeout: 5000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Driver report link for unit AC-1042' });
  return { api, dialog };
}

const qrOf = (dialog: HTMLElement) =>
  within(dialog).findByRole('img', { name: 'QR code of unit AC-1042’s report link' });

describe('claim page: the vehicle’s report link', () => {
  // The claim page and the dialog load lazily; loading them once up front keeps the first test's waits about them.
  beforeAll(
    () => Promise.all([import('../../../app/pages/vehicle-details-page'), import('./report-link-dialog')]),
    30_000,
  );

  it('shows the link with its QR code, reports and card, and renews it once confirmed', async () => {
    const { api, dialog } = await openDialog(current);
    expect(within(dialog).getByText(/Drivers scan this code to report damage or a breakdown/)).toBeTruthy();
    expect((await qrOf(dialog)).getAttribute('data-qr-value')).toBe(current.url);
    expect((within(dialog).getByLabelText('The report link') as HTMLInputElement).value).toBe(current.url);
    expect(within(dialog).getByText(/3 reports came through it/)).toBeTruthy();
    const card = within(dialog).getByRole('link', { name: 'Download vehicle card (PDF)' });
    expect(card.getAttribute('href')).toBe(`/api/fleet-vehicles/${claim.vehicle.id}/card.pdf`);
    expect(card.hasAttribute('download')).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Renew link' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Renew the report link?' });
    expect(
      within(confirm).getByText('Cards and window tags printed with the current code will stop working.'),
    ).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', linkApi)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Renew link' }));

    expect(await screen.findByText('Report link renewed')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', linkApi)).toHaveLength(1);
    expect((await qrOf(dialog)).getAttribute('data-qr-value')).toBe(renewed.url);
    expect(within(dialog).getByText(/0 reports came through it/)).toBeTruthy();
  });

  it('says when the link cannot be shown again, and turns it off', async () => {
    const { api, dialog } = await openDialog({ ...current, url: null, reports: 1 });
    expect(
      await within(dialog).findByText('This link cannot be shown again. Renew it to print a new card.'),
    ).toBeTruthy();
    expect(within(dialog).getByText(/1 report came through it/)).toBeTruthy();
    expect(within(dialog).queryByRole('img')).toBeNull();
    expect(within(dialog).queryByRole('link', { name: 'Download vehicle card (PDF)' })).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Turn off the report link?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Report link turned off')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'DELETE', linkApi)).toHaveLength(1);
    expect(await within(dialog).findByText(/The report link is off/)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Turn off' })).toBeNull();
  });

  it('shows why the link could not be read', async () => {
    const api = fakeApi({
      user: buildUser(),
      routes: {
        ...claimPageRoutes(claim),
        [`GET ${linkApi}`]: () => jsonResponse({ message: 'Vehicle not found' }, { status: 404 }),
      },
    });
    renderApp(<AppRouter />, { path: `/vehicles/${claim.id}` });
    fireEvent.click(await screen.findByRole('button', { name: 'Report link' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Driver report link for unit AC-1042' });
    expect(await within(dialog).findByText('Vehicle not found')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'GET', linkApi)).toHaveLength(1);
  });

  it('is not offered to a viewer', async () => {
    fakeApi({ user: buildUser({ role: 'viewer' }), routes: claimPageRoutes(claim) });
    renderApp(<AppRouter />, { path: `/vehicles/${claim.id}` });
    expect(await screen.findByRole('link', { name: 'Claim pack' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Report link' })).toBeNull();
  });
});
