import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DRIVER_REPORT_HANDLED_MESSAGE,
  DRIVER_REPORTS_PAGE_SIZE,
  type DriverReport,
} from '@shared/driver-reports';

import { buildUser, callsTo, fakeApi } from '../../test/fake-api';
import { findFormDialog } from '../../test/find-form-dialog';
import { jsonResponse } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { AppRouter } from '../router';

const manager = buildUser({ role: 'manager' });
const REPORT_ID = '7a1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
const VEHICLE_ID = '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d';
const OPEN_CLAIM_ID = '2c3d4e5f-6071-4b8c-9dae-1f2a3b4c5d6e';
const PHOTO_ID = '3d4e5f60-7182-4c9d-8ebf-2a3b4c5d6e7f';
const NEW_CLAIM_ID = '4e5f6071-8293-4dae-9fc0-3b4c5d6e7f80';

function buildReport(overrides: Partial<DriverReport> = {}): DriverReport {
  return {
    id: REPORT_ID,
    reference: 'DR-000042',
    status: 'new',
    kind: 'accident',
    occurredOn: '2026-03-14',
    occurredTime: '07:45',
    place: 'I-25 northbound, exit 210',
    latitude: 39.7392,
    longitude: -104.9903,
    drivable: false,
    injuries: true,
    otherPartyName: 'Pat Doe',
    otherPartyPlate: 'ABC-123',
    otherPartyInsurer: 'Acme Mutual',
    otherPartyPolicy: null,
    policeReportNumber: 'DPD-2026-0314',
    witnesses: null,
    description: 'Rear-ended at the light; the bumper is cracked.',
    driverName: 'Sam Rivera',
    driverPhone: '(555) 010-2030',
    driverEmail: 'sam@example.com',
    vehicle: { id: VEHICLE_ID, unitNumber: 'T-104', line: '2021 Ford Transit · Unit T-104' },
    companyName: 'Metro Transit',
    locationName: 'North Yard',
    photos: [{ id: PHOTO_ID, fileName: 'bumper.jpg', hasThumbnail: true }],
    openClaims: [],
    claim: null,
    dismissReason: null,
    handledBy: null,
    handledAt: null,
    createdAt: '2026-03-14T14:02:00.000Z',
    ...overrides,
  };
}

const NEW_LIST = 'GET /api/driver-reports?status=new&page=1';
const listOf =
  (items: DriverReport[], total = items.length) =>
  () =>
    jsonResponse({ items, total, page: 1, pageSize: DRIVER_REPORTS_PAGE_SIZE });

type Routes = NonNullable<Parameters<typeof fakeApi>[0]['routes']>;

function openDriverReports(routes: Routes, path = '/driver-reports') {
  const api = fakeApi({ user: manager, routes });
  return { api, ...renderApp(<AppRouter />, { path }) };
}

// The page is a lazy chunk: its first render waits for it to load (longer on a busy machine).
const reportCard = (name: RegExp | string) => screen.findByRole('article', { name }, { timeout: 5000 });

describe('the driver reports page', () => {
  // The page is a lazy chunk: loaded once here, so no test waits for its first transform on a busy machine.
  beforeAll(() => import('./driver-reports-page'), 30_000);

  it('lists a new report with what the driver told and sent', async () => {
    openDriverReports({ [NEW_LIST]: listOf([buildReport()]) });

    const card = await reportCard('DR-000042 · Accident');
    expect(screen.getByRole('tab', { name: 'New', selected: true })).toBeTruthy();
    expect(within(card).getByText('Sam Rivera')).toBeTruthy();
    expect(within(card).getByRole('link', { name: '(555) 010-2030' }).getAttribute('href')).toBe(
      'tel:5550102030',
    );
    expect(within(card).getByRole('link', { name: 'sam@example.com' }).getAttribute('href')).toBe(
      'mailto:sam@example.com',
    );
    expect(within(card).getByRole('link', { name: /^Map/ }).getAttribute('href')).toContain(
      'https://www.openstreetmap.org/?mlat=39.7392&mlon=-104.9903',
    );
    expect(within(card).getByText('Someone was hurt')).toBeTruthy();
    expect(within(card).getByText('Not drivable')).toBeTruthy();
    expect(within(card).getByText('2021 Ford Transit · Unit T-104')).toBeTruthy();
    expect(within(card).getByText('Metro Transit · North Yard')).toBeTruthy();
    expect(within(card).getByText('DPD-2026-0314')).toBeTruthy();
    expect(within(card).getByText(/Rear-ended at the light/)).toBeTruthy();
    const photo = within(card).getByRole('link', { name: /Photo 1 of 1, bumper\.jpg/ });
    const photoUrl = `/api/driver-reports/${REPORT_ID}/photos/${PHOTO_ID}`;
    expect(photo.getAttribute('href')).toBe(photoUrl);
    expect(photo.getAttribute('target')).toBe('_blank');
    expect(photo.querySelector('img')?.getAttribute('src')).toBe(`${photoUrl}/thumbnail`);
    // No open claim on the vehicle: nothing to attach to.
    expect(within(card).queryByRole('button', { name: /Attach to claim/ })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Dismiss' })).toBeTruthy();
  });

  it('opens a claim in the workflow of the report’s kind in one click, and leads to it', async () => {
    const { api, location } = openDriverReports({
      [NEW_LIST]: listOf([buildReport()]),
      [`POST /api/driver-reports/${REPORT_ID}/claim`]: () =>
        jsonResponse({ id: NEW_CLAIM_ID, claimNumber: 'CLM-000777' }, { status: 201 }),
    });

    const card = await reportCard('DR-000042 · Accident');
    fireEvent.click(within(card).getByRole('button', { name: 'Open collision claim' }));

    expect(await screen.findByText('Claim CLM-000777 opened')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', `/api/driver-reports/${REPORT_ID}/claim`)).toEqual([{}]);
    // The list and the sidebar's count are asked again.
    await waitFor(() => expect(callsTo(api.fetchMock, 'GET', NEW_LIST.slice(4)).length).toBe(2));
    expect(callsTo(api.fetchMock, 'GET', '/api/driver-reports/count').length).toBeGreaterThan(1);
    fireEvent.click(screen.getByRole('link', { name: 'View claim' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe(`/vehicles/${NEW_CLAIM_ID}`));
  });

  it('names a breakdown’s claim mechanical, and attaches a report to an open claim of its vehicle', async () => {
    const report = buildReport({
      kind: 'breakdown',
      openClaims: [{ id: OPEN_CLAIM_ID, claimNumber: 'CLM-000500' }],
    });
    const { api } = openDriverReports({
      [NEW_LIST]: listOf([report]),
      [`POST /api/driver-reports/${REPORT_ID}/attach`]: () =>
        jsonResponse({
          ...report,
          status: 'attached',
          claim: { id: OPEN_CLAIM_ID, claimNumber: 'CLM-000500' },
        }),
    });

    const card = await reportCard('DR-000042 · Breakdown');
    expect(within(card).getByRole('button', { name: 'Open mechanical claim' })).toBeTruthy();
    fireEvent.keyDown(within(card).getByRole('button', { name: /Attach to claim/ }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'CLM-000500' }));

    expect(await screen.findByText('DR-000042 is now part of claim CLM-000500.')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', `/api/driver-reports/${REPORT_ID}/attach`)).toEqual([
      { claimId: OPEN_CLAIM_ID },
    ]);
  });

  it('dismisses a report only with a reason', async () => {
    const { api } = openDriverReports({
      [NEW_LIST]: listOf([buildReport()]),
      [`POST /api/driver-reports/${REPORT_ID}/dismiss`]: () =>
        jsonResponse(buildReport({ status: 'dismissed', dismissReason: 'A duplicate of DR-000041' })),
    });

    const card = await reportCard('DR-000042 · Accident');
    fireEvent.click(within(card).getByRole('button', { name: 'Dismiss' }));
    const dialog = await findFormDialog('Dismiss DR-000042?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dismiss report' }));

    expect(await within(dialog).findByText('Say why it is dismissed')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', `/api/driver-reports/${REPORT_ID}/dismiss`)).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: '  A duplicate of DR-000041 ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dismiss report' }));

    expect(await screen.findByText('Report dismissed')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', `/api/driver-reports/${REPORT_ID}/dismiss`)).toEqual([
      { reason: 'A duplicate of DR-000041' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says so when someone else handled the report first, and shows the list as it is now', async () => {
    let handled = false;
    const { api } = openDriverReports({
      [NEW_LIST]: () => (handled ? listOf([])() : listOf([buildReport()])()),
      [`POST /api/driver-reports/${REPORT_ID}/claim`]: () => {
        handled = true;
        return jsonResponse({ message: DRIVER_REPORT_HANDLED_MESSAGE }, { status: 409 });
      },
    });

    const card = await reportCard('DR-000042 · Accident');
    fireEvent.click(within(card).getByRole('button', { name: 'Open collision claim' }));

    expect(await screen.findByText('Could not open a claim')).toBeTruthy();
    expect(screen.getByText(new RegExp(DRIVER_REPORT_HANDLED_MESSAGE))).toBeTruthy();
    expect(await screen.findByText('No new driver reports')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'GET', NEW_LIST.slice(4))).toHaveLength(2);
  });

  it('says where reports come from when none waits', async () => {
    openDriverReports({ [NEW_LIST]: listOf([]) });

    expect(await screen.findByText('No new driver reports')).toBeTruthy();
    expect(screen.getByText(/scanning the QR code on the vehicle’s window tag or vehicle card/)).toBeTruthy();
  });

  it('shows what became of handled reports, in the Handled tab kept in the address', async () => {
    const handled = buildReport({
      status: 'claim_opened',
      claim: { id: NEW_CLAIM_ID, claimNumber: 'CLM-000777' },
      handledBy: 'Dana Reyes',
      handledAt: '2026-03-14T15:00:00.000Z',
    });
    const { location } = openDriverReports({
      [NEW_LIST]: listOf([]),
      'GET /api/driver-reports?status=handled&page=1': listOf([handled]),
    });

    await screen.findByText('No new driver reports');
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Handled' }), { button: 0 });

    const card = await reportCard('DR-000042 · Accident');
    expect(location.history?.at(-1)).toBe('/driver-reports?status=handled');
    expect(within(card).getByText('Claim opened')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'CLM-000777' }).getAttribute('href')).toBe(
      `/vehicles/${NEW_CLAIM_ID}`,
    );
    expect(within(card).getByText(/Dana Reyes/)).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Dismiss' })).toBeNull();
  });

  it('is for those who may add claims', async () => {
    fakeApi({ user: buildUser({ role: 'viewer' }) });
    renderApp(<AppRouter />, { path: '/driver-reports' });

    expect(await screen.findByText(/Driver Reports is for managers and administrators/)).toBeTruthy();
  });
});
