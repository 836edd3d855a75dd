import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { UserRole } from '@shared/auth';
import type { CccImport, CccInbox } from '@shared/ccc';

import { AppRouter } from '../../../app/router';
import { buildRelatedClaim } from '../../../test/claim-factory';
import { buildUser, callsTo, fakeApi } from '../../../test/fake-api';
import { FakeXhr } from '../../../test/fake-xhr';
import { jsonResponse } from '../../../test/fetch-stub';
import { pageOf } from '../../../test/fleet-factory';
import { renderApp } from '../../../test/render-app';

const CLAIM_ID = '5b4f2a0e-1d2c-4e6f-8a9b-0c1d2e3f4a5b';
let sequence = 0;

function buildImport(overrides: Partial<CccImport> = {}): CccImport {
  sequence++;
  return {
    id: `0a0b0c0d-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    fileName: 'estimate-original.xml',
    fileSize: 21_000,
    source: 'upload',
    uploadedBy: { id: '6d0f1c1e-2b3a-4c5d-8e9f-a0b1c2d3e4f5', username: 'dana', name: 'Dana Reyes' },
    result: 'imported',
    reason: null,
    warnings: [],
    documentId: '3b8e6f2a-41d7-4c59-9a0e-7c2d5f18b6a3',
    version: 'Original',
    claimNumber: 'FC-2026-0412',
    vin: '1FTBR2C88MKA41207',
    grossCents: 324_557,
    facility: { name: 'Front Range Auto Body', repairFacilityId: null },
    claim: { id: CLAIM_ID, number: 'CLM-000412' },
    estimateId: '7e8f9a0b-1c2d-4e3f-8a5b-6c7d8e9f0a1b',
    matchedBy: 'claim_number',
    attempts: 1,
    createdAt: `2026-11-25T10:${String(sequence).padStart(2, '0')}:00.000Z`,
    updatedAt: `2026-11-25T10:${String(sequence).padStart(2, '0')}:00.000Z`,
    ...overrides,
  };
}

const inbox: CccInbox = {
  path: '/var/lib/fleetclaims/ccc-inbox',
  exists: true,
  waiting: 2,
  processed: 14,
  failed: 1,
  pollEveryMs: 60_000,
  maxFileBytes: 10_485_760,
  lastRunAt: null,
  lastRunStatus: null,
};

const original = buildImport();
const unmatched = buildImport({
  fileName: 'no-match.xml',
  source: 'inbox',
  uploadedBy: null,
  result: 'unmatched',
  reason: 'No claim with insurer claim number ZX-7781-0042 or VIN 3C6TRVDG5LE537120',
  claimNumber: 'ZX-7781-0042',
  vin: '3C6TRVDG5LE537120',
  grossCents: 55_823,
  claim: null,
  estimateId: null,
  matchedBy: null,
});

const LOG = 'GET /api/ccc/imports?page=1&pageSize=25';
type Routes = Record<string, (init: RequestInit | undefined) => Response | Promise<Response>>;

function openCcc(
  routes: Routes,
  { path = '/repair-facilities?tab=ccc', role = 'admin' }: { path?: string; role?: UserRole } = {},
) {
  const api = fakeApi({
    user: buildUser({ role }),
    routes: { 'GET /api/ccc/inbox': () => jsonResponse(inbox), ...routes },
  });
  return { api, ...renderApp(<AppRouter />, { path }) };
}

const xml = (name: string) => new File(['<VehicleDamageEstimateAddRq/>'], name, { type: 'text/xml' });

beforeEach(() => FakeXhr.install());

/** Opens a row's menu once the screen has settled (the inbox card loads beside the log). */
async function openMenu(name: string) {
  await screen.findByText(inbox.path);
  const button = await screen.findByRole('button', { name });
  fireEvent.keyDown(button, { key: 'Enter' });
  return screen.findByRole('menu');
}

describe('CCC import: the log', () => {
  it('lists each file with when, who (or inbox), result and reason, claim link and facility', async () => {
    openCcc({ [LOG]: pageOf([unmatched, original]) });
    const table = await screen.findByRole('table', { name: 'CCC import log' });
    const landed = within(table).getByText('estimate-original.xml').closest('tr')!;
    expect(landed.textContent).toContain('Dana Reyes');
    expect(landed.textContent).toContain('Imported');
    expect(landed.textContent).toContain('Front Range Auto Body');
    expect(landed.textContent).toContain('Not one of our facilities');
    expect(within(landed).getByRole('link', { name: 'CLM-000412' }).getAttribute('href')).toBe(
      `/vehicles/${CLAIM_ID}`,
    );
    const kept = within(table).getByText('no-match.xml').closest('tr')!;
    expect(kept.textContent).toContain('inbox');
    expect(kept.textContent).toContain('Unmatched');
    expect(kept.textContent).toContain('No claim with insurer claim number ZX-7781-0042');
  });

  it('says when nothing was imported yet', async () => {
    openCcc({ [LOG]: pageOf([]) });
    expect(await screen.findByText('No CCC files imported yet')).toBeTruthy();
  });

  it('filters by result and by day received, in the address', async () => {
    const { location } = openCcc({
      [LOG]: pageOf([unmatched, original]),
      'GET /api/ccc/imports?result=unmatched&page=1&pageSize=25': pageOf([unmatched]),
      'GET /api/ccc/imports?result=unmatched&from=2026-11-20&page=1&pageSize=25': pageOf([]),
    });
    await screen.findByText('estimate-original.xml');
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Result' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('option', { name: 'Unmatched' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/repair-facilities?tab=ccc&result=unmatched'));
    await waitFor(() => expect(screen.queryByText('estimate-original.xml')).toBeNull());
    fireEvent.change(screen.getByLabelText('Received from'), { target: { value: '2026-11-20' } });
    await waitFor(() =>
      expect(location.history?.at(-1)).toBe('/repair-facilities?tab=ccc&result=unmatched&from=2026-11-20'),
    );
    expect(await screen.findByText('No imports match these filters')).toBeTruthy();
  });

  it('assigns an unmatched file to a claim picked in a dialog', async () => {
    const claim = buildRelatedClaim({ claimNumber: 'CLM-000777', insurerClaimNumber: 'ZX-7781-0042' });
    const { api } = openCcc({
      [LOG]: pageOf([unmatched]),
      'GET /api/vehicles?search=ZX-7781-0042&pageSize=10': pageOf([claim]),
      [`POST /api/ccc/imports/${unmatched.id}/assign`]: () =>
        jsonResponse({
          ...unmatched,
          result: 'imported',
          reason: null,
          claim: { id: claim.id, number: 'CLM-000777' },
          matchedBy: 'manual',
        }),
    });
    await openMenu('Actions for no-match.xml');
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Assign to a claim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign to a claim' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign and import' }));
    expect(await within(dialog).findByText('Choose a claim')).toBeTruthy();
    fireEvent.click(await within(dialog).findByRole('radio', { name: /CLM-000777/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign and import' }));
    expect(await screen.findByText('no-match.xml imported on CLM-000777')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', `/api/ccc/imports/${unmatched.id}/assign`)).toEqual([
      { claimId: claim.id },
    ]);
  });

  it('retries a file that did not land, and offers no retry for one that did', async () => {
    const { api } = openCcc({
      [LOG]: pageOf([unmatched, original]),
      [`POST /api/ccc/imports/${unmatched.id}/retry`]: () => jsonResponse({ ...unmatched, attempts: 2 }),
    });
    await openMenu('Actions for estimate-original.xml');
    expect(await screen.findByRole('menuitem', { name: 'Download the original' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Retry' })).toBeNull();
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    await openMenu('Actions for no-match.xml');
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Retry' }));
    expect(await screen.findByText('no-match.xml: Unmatched')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', `/api/ccc/imports/${unmatched.id}/retry`)).toHaveLength(1);
  });
});

describe('CCC import: upload and inbox', () => {
  it('uploads several files, one request each with its progress, and says what became of each', async () => {
    openCcc({ [LOG]: pageOf([]) });
    await screen.findByText('No CCC files imported yet');
    fireEvent.change(screen.getByLabelText('Choose CCC estimate files'), {
      target: { files: [xml('estimate-original.xml'), xml('no-match.xml'), new File(['x'], 'photo.jpg')] },
    });
    const list = screen.getByRole('list', { name: 'Uploaded files' });
    expect(within(list).getByRole('listitem', { name: 'photo.jpg' }).textContent).toContain(
      'Not a CCC estimate file: choose .xml files',
    );
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(2));
    const [first, second] = FakeXhr.instances;
    expect(first!.url).toBe('/api/ccc/imports');
    expect(((first!.body as FormData).get('file') as File).name).toBe('estimate-original.xml');
    act(() => first!.progress(512, 1024));
    expect(await within(list).findByText('50%')).toBeTruthy();
    expect(within(list).getByRole('progressbar', { name: 'Uploading estimate-original.xml' })).toBeTruthy();

    act(() => first!.respond(201, { items: [original] }));
    act(() => second!.respond(201, { items: [unmatched] }));
    const landed = await within(list).findByRole('listitem', { name: 'estimate-original.xml' });
    await waitFor(() => expect(landed.textContent).toContain('Imported'));
    expect(landed.textContent).toContain('$3,245.57');
    expect(within(landed).getByRole('link', { name: 'CLM-000412' }).getAttribute('href')).toBe(
      `/vehicles/${CLAIM_ID}`,
    );
    const kept = within(list).getByRole('listitem', { name: 'no-match.xml' });
    await waitFor(() => expect(kept.textContent).toContain('Unmatched'));
    expect(kept.textContent).toContain('No claim with insurer claim number ZX-7781-0042');
  });

  it('takes files dropped on the upload area', async () => {
    openCcc({ [LOG]: pageOf([]) });
    await screen.findByText('No CCC files imported yet');
    const zone = screen.getByTestId('ccc-drop-zone');
    fireEvent.dragOver(zone, { dataTransfer: { files: [] } });
    fireEvent.drop(zone, { dataTransfer: { files: [xml('estimate-supplement-1.xml')] } });
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    expect(((FakeXhr.last.body as FormData).get('file') as File).name).toBe('estimate-supplement-1.xml');
    act(() =>
      FakeXhr.last.respond(201, {
        items: [
          {
            ...original,
            fileName: 'estimate-supplement-1.xml',
            result: 'supplement',
            version: 'Supplement 1',
          },
        ],
      }),
    );
    const item = await screen.findByRole('listitem', { name: 'estimate-supplement-1.xml' });
    await waitFor(() => expect(item.textContent).toContain('Supplement 1 on CLM-000412'));
  });

  it('keeps a file the server refused with its message, and retries it', async () => {
    openCcc({ [LOG]: pageOf([]) });
    await screen.findByText('No CCC files imported yet');
    fireEvent.change(screen.getByLabelText('Choose CCC estimate files'), {
      target: { files: [xml('estimate-original.xml')] },
    });
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    act(() => FakeXhr.last.respond(503, { message: 'The server is restarting' }));
    expect(await screen.findByText('The server is restarting')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry estimate-original.xml' }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(2));
    act(() => FakeXhr.last.respond(201, { items: [original] }));
    await waitFor(() => expect(screen.queryByText('The server is restarting')).toBeNull());
  });

  it('shows the inbox folder and scans it now', async () => {
    const { api } = openCcc({
      [LOG]: pageOf([]),
      'POST /api/ccc/inbox/scan': () =>
        jsonResponse({ queued: true, message: 'The inbox is checked in a moment' }, { status: 202 }),
    });
    expect(await screen.findByText('/var/lib/fleetclaims/ccc-inbox')).toBeTruthy();
    expect(screen.getByText('Watched every 1 min')).toBeTruthy();
    expect(screen.getByText('Not looked at yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Scan now' }));
    expect(await screen.findByText('The inbox is checked in a moment')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', '/api/ccc/inbox/scan')).toHaveLength(1);
  });

  it('gives a manager the upload and the log, without the inbox folder', async () => {
    const { api } = openCcc({ [LOG]: pageOf([original]) }, { role: 'manager' });
    expect(await screen.findByText('estimate-original.xml')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Upload estimates' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Inbox folder' })).toBeNull();
    expect(callsTo(api.fetchMock, 'GET', '/api/ccc/inbox')).toHaveLength(0);
  });
});
