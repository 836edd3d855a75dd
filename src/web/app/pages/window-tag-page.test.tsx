import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WindowTag } from '@shared/window-tag';

import { buildUser, fakeApi } from '../../test/fake-api';
import { jsonResponse } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { AppRouter } from '../router';

const id = '7f1c2b9e-4d3a-4b8f-9c6d-1e2f3a4b5c6d';
const tag: WindowTag = {
  claimNumber: 'CLM-000123',
  unitNumber: 'AC-1042',
  vinLast8: 'MKA00001',
  facilityName: 'Eastside Collision',
  status: 'in_repair',
  statusLabel: 'In repair',
  workflow: 'collision',
  eta: '2027-01-15',
};
const reportUrl = 'http://localhost:3000/report/sample-token';

function openTag(answer: () => Response, path = `/vehicles/${id}/window-tag`) {
  // Nobody is signed in: the page is public.
  const api = fakeApi({
    user: null,
    routes: {
      [`GET /api/vehicles/${id}/window-tag`]: answer,
      // A visitor is answered no driver's code.
      [`GET /api/vehicles/${id}/window-tag/report-link`]: () => jsonResponse({ url: null }),
    },
  });
  return { api, ...renderApp(<AppRouter />, { path }) };
}

describe('window tag page', () => {
  it('prints the vehicle’s report link as the second code for who edits claims', async () => {
    fakeApi({
      user: buildUser(),
      routes: {
        [`GET /api/vehicles/${id}/window-tag`]: () => jsonResponse(tag),
        [`GET /api/vehicles/${id}/window-tag/report-link`]: () => jsonResponse({ url: reportUrl }),
      },
    });
    renderApp(<AppRouter />, { path: `/vehicles/${id}/window-tag` });
    const card = await screen.findByRole('article', { name: 'Window tag for CLM-000123' }, { timeout: 5000 });
    const report = await within(card).findByRole('img', { name: 'QR code to report damage to this vehicle' });
    expect(report.getAttribute('data-qr-value')).toBe(reportUrl);
  });

  it('shows the tag to a visitor who is not signed in, with a QR code to the claim', async () => {
    const { location } = openTag(() => jsonResponse(tag));
    const card = await screen.findByRole('article', { name: 'Window tag for CLM-000123' }, { timeout: 5000 });
    expect(location.history.at(-1)).toBe(`/vehicles/${id}/window-tag`);
    for (const text of [
      'CLM-000123',
      'AC-1042',
      'MKA00001',
      'Eastside Collision',
      'In repair',
      'Jan 15, 2027',
    ]) {
      expect(within(card).getByText(text)).toBeTruthy();
    }
    const qr = within(card).getByRole('img', { name: 'QR code linking to claim CLM-000123' });
    expect(qr.getAttribute('data-qr-value')).toBe(`${window.location.origin}/vehicles/${id}`);
    expect(qr.querySelector('path')!.getAttribute('d')).toMatch(/^M\d+ \d+h\d+v1h-\d+z/);
    // A visitor's tag has no driver's code: the vehicle's report link is for who edits claims to print.
    expect(within(card).queryByRole('img', { name: 'QR code to report damage to this vehicle' })).toBeNull();
    await waitFor(() => expect(document.title).toBe('CLM-000123 window tag · FleetClaims'));
  });

  it('switches between the page and the 4×6 label, keeping the choice in the address', async () => {
    const { location } = openTag(() => jsonResponse(tag));
    await screen.findByRole('article', {}, { timeout: 5000 });
    expect(document.querySelector('style')?.textContent).toBe('@page { margin: 0.5in; }');

    fireEvent.click(screen.getByRole('radio', { name: /4 × 6 in label/ }));
    expect(location.history.at(-1)).toBe(`/vehicles/${id}/window-tag?size=label`);
    expect(Array.from(document.querySelectorAll('style')).map((style) => style.textContent)).toContain(
      '@page { size: 4in 6in; margin: 0.15in; }',
    );
    expect(screen.getByText('Scan for the current status (sign-in required)')).toBeTruthy();
  });

  it('keeps a loaded tag and its Print button when a later reload fails', async () => {
    let answers = 0;
    const { client } = openTag(() =>
      ++answers === 1 ? jsonResponse(tag) : jsonResponse({ message: 'Service unavailable' }, { status: 503 }),
    );
    await screen.findByRole('article', { name: 'Window tag for CLM-000123' }, { timeout: 5000 });
    await act(() => client.refetchQueries());
    expect(answers).toBe(2);
    await waitFor(() =>
      expect(
        client
          .getQueryCache()
          .getAll()
          .some((query) => query.state.status === 'error'),
      ).toBe(true),
    );
    expect(screen.getByRole('article', { name: 'Window tag for CLM-000123' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print' }).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText('The window tag could not be loaded')).toBeNull();
  });

  it('says the tag does not exist for an unknown claim, with nothing to print', async () => {
    openTag(() => jsonResponse({ message: 'Window tag not found' }, { status: 404 }));
    expect(
      await screen.findByRole('heading', { name: 'Window tag not found' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Print on' })).toBeNull();
  });
});
