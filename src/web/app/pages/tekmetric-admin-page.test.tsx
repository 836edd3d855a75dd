import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NO_SECRETS_KEY, SECRET_AGAIN, type SyncLog, type TekmetricSettings } from '@shared/tekmetric';

import { buildUser, callsTo, fakeApi } from '../../test/fake-api';
import { jsonResponse } from '../../test/fetch-stub';
import { buildRepairFacility, pageOf } from '../../test/fleet-factory';
import { renderApp } from '../../test/render-app';
import { AppRouter } from '../router';

const admin = buildUser({ role: 'admin' });
const joliet = buildRepairFacility({ name: 'Prairie Fleet Auto Care', kind: 'mechanical' });

const saved: TekmetricSettings = {
  environment: 'sandbox',
  baseUrl: 'https://sandbox.tekmetric.com',
  clientId: 'fleetclaims',
  secretSet: true,
  syncEveryMinutes: 15,
  secretsKeyConfigured: true,
};
const log: SyncLog = {
  syncInProgress: false,
  items: [
    {
      id: '0b6d2f4e-7c1a-4e9b-a35d-9f2c8e61b704',
      shopId: '4821',
      facilityName: 'Prairie Fleet Auto Care',
      trigger: 'manual',
      status: 'succeeded',
      startedAt: new Date(Date.now() - 60_000).toISOString(),
      durationMs: 1234,
      updatedSince: null,
      rosFetched: 6,
      claimsCreated: 5,
      claimsUpdated: 0,
      unchanged: 0,
      skipped: [{ roId: '2301352', roNumber: '10431', reason: 'VIN 1HGCV1F38HA062517 is not in the fleet' }],
      errors: [],
    },
  ],
};

function open(routes: Parameters<typeof fakeApi>[0]['routes'] = {}, user = admin) {
  const api = fakeApi({
    user,
    routes: {
      'GET /api/tekmetric/settings': () => jsonResponse(saved),
      'GET /api/tekmetric/mappings': () => jsonResponse([]),
      'GET /api/tekmetric/sync-log': () => jsonResponse(log),
      'GET /api/repair-facilities?active=true&pageSize=100': pageOf([joliet]),
      ...routes,
    },
  });
  renderApp(<AppRouter />, { path: '/tekmetric-admin' });
  return api;
}

describe('Tekmetric Admin', () => {
  it('shows the stored secret only as set, and the sync log with a run’s details in a sheet', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Tekmetric Admin' })).toBeTruthy();
    expect(await screen.findByText('Set')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Replace the client secret' })).toBeTruthy();
    expect(screen.queryByLabelText('Client secret')).toBeNull();
    const table = await screen.findByRole('table', { name: 'Sync log' });
    const row = within(table).getByText('Prairie Fleet Auto Care (#4821)').closest('tr')!;
    expect(row.textContent).toContain('6');
    fireEvent.click(row);
    const sheet = await screen.findByRole('dialog');
    expect(within(sheet).getByText('Everything (first sync)')).toBeTruthy();
    expect(within(sheet).getByText(/VIN 1HGCV1F38HA062517 is not in the fleet/)).toBeTruthy();
  });

  it('tests the connection and maps a listed shop to a facility', async () => {
    const api = open({
      'POST /api/tekmetric/test-connection': () =>
        jsonResponse({
          ok: true,
          message: 'Connected: 1 shop in scope',
          shops: [
            {
              id: '4821',
              name: 'Prairie Fleet Auto Care',
              nickname: 'Joliet',
              address: null,
              facility: null,
            },
          ],
        }),
      'PUT /api/tekmetric/mappings': () =>
        jsonResponse([{ shopId: '4821', facility: { id: joliet.id, name: joliet.name } }]),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Connected: 1 shop in scope')).toBeTruthy();
    const select = await screen.findByRole('combobox', {
      name: 'Repair facility for Tekmetric shop Prairie Fleet Auto Care',
    });
    await waitFor(() => expect(select.hasAttribute('disabled')).toBe(false));
    fireEvent.keyDown(select, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('option', { name: 'Prairie Fleet Auto Care' }));
    await waitFor(() =>
      expect(callsTo(api.fetchMock, 'PUT', '/api/tekmetric/mappings')).toEqual([
        { shopId: '4821', facilityId: joliet.id },
      ]),
    );
  });

  it('says why a connection failed', async () => {
    open({
      'POST /api/tekmetric/test-connection': () =>
        jsonResponse({
          ok: false,
          reason: 'bad_credentials',
          message: 'Tekmetric refused the client id and secret',
        }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Bad credentials')).toBeTruthy();
    expect(screen.getByText('Tekmetric refused the client id and secret')).toBeTruthy();
  });

  it('puts the server’s field errors under the inputs', async () => {
    const api = open({
      'PUT /api/tekmetric/settings': () =>
        jsonResponse(
          {
            message: 'The server has no SECRETS_KEY',
            fieldErrors: { clientSecret: ['The server has no SECRETS_KEY'] },
          },
          { status: 400 },
        ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Replace the client secret' }));
    fireEvent.change(screen.getByLabelText('Client secret'), { target: { value: 'new-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The server has no SECRETS_KEY')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'PUT', '/api/tekmetric/settings')).toEqual([
      { environment: 'sandbox', clientId: 'fleetclaims', clientSecret: 'new-secret', syncEveryMinutes: 15 },
    ]);
  });

  it('asks for the secret again when the connection changes, before sending anything', async () => {
    const api = open({
      'PUT /api/tekmetric/settings': () => jsonResponse({ ...saved, clientId: 'another' }),
    });
    fireEvent.change(await screen.findByLabelText('Client id'), { target: { value: 'another' } });
    // The stored secret is only sent where it was entered for (issue 28): the field comes back, required.
    expect(screen.getByText('The connection changed: enter the secret again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(SECRET_AGAIN)).toBeTruthy();
    expect(callsTo(api.fetchMock, 'PUT', '/api/tekmetric/settings')).toEqual([]);
    fireEvent.change(screen.getByLabelText('Client secret'), { target: { value: 'the-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(callsTo(api.fetchMock, 'PUT', '/api/tekmetric/settings')).toEqual([
        { environment: 'sandbox', clientId: 'another', clientSecret: 'the-secret', syncEveryMinutes: 15 },
      ]),
    );
    // Saved with the new id: the secret shows as set again.
    expect(await screen.findByRole('button', { name: 'Replace the client secret' })).toBeTruthy();
    expect(screen.queryByLabelText('Client secret')).toBeNull();
  });

  it('turns Save, Test and Sync now off, with the reason, when the server has no SECRETS_KEY', async () => {
    open({
      'GET /api/tekmetric/settings': () =>
        jsonResponse({ ...saved, clientId: null, secretSet: false, secretsKeyConfigured: false }),
    });
    const reason =
      'The server cannot store or use a client secret without it, so the settings cannot be saved and Tekmetric cannot be synced. Set SECRETS_KEY in the server’s environment (the same in every process) and restart it.';
    const save = await screen.findByRole('button', { name: 'Save settings', description: reason });
    expect(save.hasAttribute('disabled')).toBe(true);
    const test = screen.getByRole('button', { name: 'Test connection', description: reason });
    expect(test.hasAttribute('disabled')).toBe(true);
    const sync = await screen.findByRole('button', { name: 'Sync now', description: NO_SECRETS_KEY });
    expect(sync.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(NO_SECRETS_KEY)).toBeTruthy();
    expect(NO_SECRETS_KEY).toBe(
      'The server has no SECRETS_KEY, so it cannot store or use the client secret: set SECRETS_KEY in its environment and restart it',
    );
  });

  it('keeps Sync now off until a shop is mapped, and says so', async () => {
    open();
    const sync = await screen.findByRole('button', {
      name: 'Sync now',
      description: 'Map a Tekmetric shop to a repair facility first',
    });
    expect(sync.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Save settings' }).hasAttribute('disabled')).toBe(false);
  });

  it('is closed to those without system.tekmetric.configure', async () => {
    open({}, buildUser({ role: 'manager' }));
    expect(await screen.findByRole('heading', { name: /access/i })).toBeTruthy();
  });
});
