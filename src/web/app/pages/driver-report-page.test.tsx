import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  DRIVER_REPORT_PHOTO_ONLY_MESSAGE,
  DRIVER_REPORT_VEHICLE_RATE_MESSAGE,
  REPORT_LINK_REVOKED_MESSAGE,
  type ReportLinkVehicle,
  type SentDriverReport,
} from '@shared/driver-reports';

import { callsTo, fakeApi } from '../../test/fake-api';
import { FakeXhr } from '../../test/fake-xhr';
import { jsonResponse } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { todayIsoDate } from '../../lib/format-calendar-date';
import { AppRouter } from '../router';

const token = 'rl_7Hk2pQ9sXw';
const LINK = `GET /api/report-links/${token}`;
const SEND = `POST /api/report-links/${token}/reports`;
const vehicle: ReportLinkVehicle = {
  unitNumber: 'AC-1042',
  makeModel: '2022 Ford Transit 250',
  maxBytes: 20_000_000,
};
const sent: SentDriverReport = { reference: 'DR-000042', uploadKey: 'up_9f8e7d', photosMax: 12 };

function openReport(routes: Record<string, () => Response> = {}) {
  // Nobody is signed in: a driver opens the link on a phone.
  const api = fakeApi({ user: null, routes: { [LINK]: () => jsonResponse(vehicle), ...routes } });
  return { api, ...renderApp(<AppRouter />, { path: `/report/${token}` }) };
}

const heading = () => screen.findByRole('heading', { level: 1, name: 'Unit AC-1042' }, { timeout: 5000 });
const form = () => screen.getByRole('button', { name: 'Send report' }).closest('form')!;
const type = (label: string, value: string) =>
  fireEvent.change(within(form()).getByLabelText(label), { target: { value } });
const choose = (group: string, answer: string) =>
  fireEvent.click(within(screen.getByRole('group', { name: group })).getByRole('radio', { name: answer }));

function fillIn() {
  choose('What happened?', 'Accident');
  choose('Can the vehicle be driven?', 'Yes');
  choose('Was anyone hurt?', 'No');
  type('Where did it happen? (optional)', 'Depot car park, bay 14');
  type('Description', 'Reversed into a bollard; rear bumper cracked.');
  type('Your name', ' Sam Ortiz ');
  type('Your e-mail (optional)', 'sam@example.com');
}

describe('driver report page', () => {
  // The page is a lazy chunk: loaded once here, so no test waits for its first transform on a busy machine.
  beforeAll(() => import('./driver-report-page'), 30_000);

  it('names the vehicle by its unit number and make and model only, for anyone without an account', async () => {
    openReport();
    await heading();
    expect(screen.getByText('2022 Ford Transit 250')).toBeTruthy();
    expect(within(form()).getByLabelText<HTMLInputElement>('Day').value).toBe(todayIsoDate());
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    await waitFor(() => expect(document.title).toBe('Report for unit AC-1042 · FleetClaims'));
  });

  it('checks the report with the server’s schema before sending, and focuses the first thing to fix', async () => {
    const { api } = openReport();
    await heading();
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText('Describe what happened')).toBeTruthy();
    expect(screen.getByText('Your name is required')).toBeTruthy();
    expect(screen.getByText('Choose what happened')).toBeTruthy();
    expect(screen.getByText('Say whether the vehicle can be driven')).toBeTruthy();
    const description = within(form()).getByLabelText('Description');
    expect(description.getAttribute('aria-invalid')).toBe('true');
    const describedBy = description.getAttribute('aria-describedby')!.split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(
      'Describe what happened',
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Accident' })));
    expect(callsTo(api.fetchMock, 'POST', SEND.slice(5))).toHaveLength(0);
  });

  it('says why a replaced link no longer works (410), with the server’s message', async () => {
    openReport({ [LINK]: () => jsonResponse({ message: REPORT_LINK_REVOKED_MESSAGE }, { status: 410 }) });
    expect(await screen.findByText(REPORT_LINK_REVOKED_MESSAGE, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'This link no longer works' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send report' })).toBeNull();
  });

  it('sends the report and shows its reference, without leaving the page', async () => {
    const { api, location } = openReport({ [SEND]: () => jsonResponse(sent, { status: 201 }) });
    await heading();
    fillIn();
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));

    expect(await screen.findByRole('heading', { name: 'Report DR-000042 sent' })).toBeTruthy();
    expect(screen.getByText('Your fleet manager has been told.')).toBeTruthy();
    expect(screen.getByText('We will e-mail you the claim number when a claim is opened.')).toBeTruthy();
    expect(location.history.at(-1)).toBe(`/report/${token}`);
    expect(callsTo(api.fetchMock, 'POST', SEND.slice(5))).toEqual([
      expect.objectContaining({
        kind: 'accident',
        occurredOn: todayIsoDate(),
        occurredTime: null,
        place: 'Depot car park, bay 14',
        drivable: true,
        injuries: false,
        otherPartyName: null,
        description: 'Reversed into a bollard; rear bumper cracked.',
        driverName: 'Sam Ortiz',
        driverEmail: 'sam@example.com',
        driverPhone: null,
      }),
    ]);
  });

  it('shows the server’s field messages and a rate limit’s message', async () => {
    let answer = 0;
    openReport({
      [SEND]: () =>
        ++answer === 1
          ? jsonResponse(
              {
                message: 'Invalid report',
                fieldErrors: { driverPhone: ['Please enter a valid phone number'] },
              },
              { status: 400 },
            )
          : jsonResponse({ message: DRIVER_REPORT_VEHICLE_RATE_MESSAGE }, { status: 429 }),
    });
    await heading();
    fillIn();
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Please enter a valid phone number')).toBeTruthy();
    const phone = within(form()).getByLabelText('Your phone (optional)');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(phone);

    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(DRIVER_REPORT_VEHICLE_RATE_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('The report was not sent');
  });

  it('adds the phone’s location when offered, and sends it with the report', async () => {
    const getCurrentPosition = vi.fn((done: PositionCallback) =>
      done({ coords: { latitude: 51.5073509123, longitude: -0.1277583 } } as GeolocationPosition),
    );
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    try {
      const { api } = openReport({ [SEND]: () => jsonResponse(sent, { status: 201 }) });
      await heading();
      fireEvent.click(screen.getByRole('button', { name: 'Use my location' }));
      expect(await screen.findByText('Location added')).toBeTruthy();
      fillIn();
      fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
      await screen.findByRole('heading', { name: 'Report DR-000042 sent' });
      expect(callsTo(api.fetchMock, 'POST', SEND.slice(5))).toEqual([
        expect.objectContaining({ latitude: 51.507351, longitude: -0.127758 }),
      ]);
    } finally {
      delete (navigator as { geolocation?: unknown }).geolocation;
    }
  });

  it('sends the chosen photos after the report, one at a time, with Retry for one that failed', async () => {
    FakeXhr.install();
    // The browser decodes the photo; the test's has no canvas to draw it on, so the photo goes as chosen.
    vi.stubGlobal('createImageBitmap', async () => ({ width: 4032, height: 3024, close: () => {} }));
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:photo');
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockReturnValue();
    onTestFinished(() => {
      created.mockRestore();
      revoked.mockRestore();
    });
    openReport({ [SEND]: () => jsonResponse(sent, { status: 201 }) });
    await heading();
    const photos = [new File(['a'], 'bumper.jpg', { type: 'image/jpeg' }), new File(['b'], 'x.gif')];
    fireEvent.change(within(form()).getByLabelText('Add photos'), { target: { files: photos } });
    expect(screen.getAllByRole('img', { name: /^Photo \d$/ })).toHaveLength(2);
    fillIn();
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await screen.findByRole('heading', { name: 'Report DR-000042 sent' });

    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    expect(FakeXhr.last.url).toBe('/api/report-uploads/up_9f8e7d/photos');
    expect((FakeXhr.last.body as FormData).get('file')).toBeInstanceOf(File);
    await act(async () => FakeXhr.last.respond(201, { photos: 1 }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(2));
    await act(async () => FakeXhr.last.respond(415, { message: DRIVER_REPORT_PHOTO_ONLY_MESSAGE }));

    expect(await screen.findByText('1 of 2 photos sent', { exact: false })).toBeTruthy();
    expect(screen.getByText(`Not sent: ${DRIVER_REPORT_PHOTO_ONLY_MESSAGE}`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(3));
    await act(async () => FakeXhr.last.respond(201, { photos: 2 }));
    expect(await screen.findByText('2 of 2 photos sent', { exact: false })).toBeTruthy();
  });
});
