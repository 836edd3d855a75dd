import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Vehicle, VinCheckResponse } from '@shared/claims';
import type { CompanySummary } from '@shared/users';

import { buildClaim, claimPageRoutes } from '../../test/claim-factory';
import { buildUser, callsTo, fakeApi } from '../../test/fake-api';
import { jsonResponse } from '../../test/fetch-stub';
import { todayIsoDate } from '../../lib/format-calendar-date';
import { renderApp } from '../../test/render-app';
import { AppRouter } from '../router';

const manager = buildUser({ role: 'manager' });
const acme: CompanySummary = {
  id: 'c0c0c0c0-0000-4000-8000-000000000001',
  name: 'Acme Rentals',
  code: 'ACME',
};
const airport = 'a0c00000-0000-4000-8000-000000000001';

const existing: Vehicle = {
  id: '0e0e0e0e-0000-4000-8000-000000000001',
  companyId: acme.id,
  locationId: airport,
  unitNumber: 'AC-1042',
  vin: '1FTBR1C80MKA00001',
  year: 2021,
  make: 'Ford',
  model: 'Transit 250',
  plate: 'FC1234',
  plateState: 'CO',
  color: 'White',
  odometer: 48210,
};
const openClaim = {
  id: '0a0a0a0a-0000-4000-8000-00000000000a',
  claimNumber: 'CLM-000077',
  status: 'in_repair' as const,
};

const vinCheck =
  (overrides: Partial<VinCheckResponse> = {}) =>
  () =>
    jsonResponse({
      vin: existing.vin,
      warning: null,
      modelYear: 2021,
      existingVehicle: null,
      openClaim: null,
      openClaimCount: 0,
      ...overrides,
    });

const vinCheckUrl = (vin: string) => `GET /api/fleet-vehicles/vin-check?vin=${vin}&companyId=${acme.id}`;

const baseRoutes = {
  // The fleet is not empty: the form starts on "Vehicle in the fleet".
  'GET /api/fleet-vehicles?search=': () => jsonResponse([existing]),
  [`GET /api/locations?companyId=${acme.id}&pageSize=100`]: () =>
    jsonResponse({
      items: [{ id: airport, name: 'Denver Airport', code: 'DEN', active: true }],
      total: 1,
      page: 1,
      pageSize: 100,
    }),
  'GET /api/repair-facilities?kind=collision&active=true&pageSize=100': () =>
    jsonResponse({
      items: [
        {
          id: 'fac10000-0000-4000-8000-000000000001',
          name: 'Eastside Collision',
          kind: 'collision',
          active: true,
        },
      ],
      total: 1,
      page: 1,
      pageSize: 100,
    }),
  'GET /api/repair-facilities?kind=mechanical&active=true&pageSize=100': () =>
    jsonResponse({ items: [], total: 0, page: 1, pageSize: 100 }),
};

function openForm(
  routes: Record<string, (init?: RequestInit) => Response | Promise<Response>> = {},
  user = manager,
) {
  const api = fakeApi({ user, companies: [acme], routes: { ...baseRoutes, ...routes } });
  return { api, ...renderApp(<AppRouter />, { path: '/add-vehicle' }) };
}

const lastPath = (location: { history?: string[] }) => location.history?.at(-1);
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const continueButton = () => screen.getByRole('button', { name: 'Continue' });

async function newVehicleTab() {
  fireEvent.mouseDown(await screen.findByRole('tab', { name: 'New vehicle' }));
  await screen.findByLabelText('Unit number');
}

describe('add claim: access', () => {
  it('tells a viewer the screen is for managers and administrators', async () => {
    fakeApi({ user: buildUser({ role: 'viewer' }), companies: [acme] });
    renderApp(<AppRouter />, { path: '/add-vehicle' });
    expect(await screen.findByRole('heading', { name: "You don't have access to this page" })).toBeTruthy();
    expect(screen.getByText(/Add Claim is for managers and administrators/)).toBeTruthy();
  });
});

describe('add claim: step 1, the vehicle', () => {
  it('asks for a vehicle, then for what a new one needs, with the API schema’s messages', async () => {
    const { api } = openForm();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Choose a vehicle or enter a new one')).toBeTruthy();

    await newVehicleTab();
    type('VIN', '1FTBR1C80MKA0000I');
    type('Year (optional)', '1901');
    fireEvent.click(continueButton());
    expect(await screen.findByText('Unit number is required')).toBeTruthy();
    expect(screen.getByText('A VIN never contains the letters I, O or Q')).toBeTruthy();
    expect(screen.getByText('Year must be 1950 or later')).toBeTruthy();
    // With one company there is nothing to choose: it is chosen.
    expect(screen.getByRole('combobox', { name: 'Company' }).textContent).toContain('Acme Rentals');
    expect(screen.queryByRole('heading', { name: 'What happened' })).toBeNull();
    expect(callsTo(api.fetchMock, 'POST', '/api/vehicles')).toHaveLength(0);
  });

  it('finds a vehicle of the fleet and says when it already has an open claim', async () => {
    openForm({
      'GET /api/fleet-vehicles?search=AC-10': () => jsonResponse([existing]),
      [vinCheckUrl(existing.vin)]: vinCheck({ existingVehicle: existing, openClaim, openClaimCount: 1 }),
    });
    await screen.findByLabelText('Search vehicles');
    type('Search vehicles', 'AC-10');
    fireEvent.click(await screen.findByRole('button', { name: /Unit AC-1042/ }));

    const notice = await screen.findByText(/Unit AC-1042 already has an open claim/);
    expect(within(notice).getByRole('link', { name: 'CLM-000077' }).getAttribute('href')).toBe(
      `/vehicles/${openClaim.id}`,
    );
    fireEvent.click(continueButton());
    expect(await screen.findByRole('heading', { name: 'What happened' })).toBeTruthy();
    expect(screen.getByText('Unit AC-1042')).toBeTruthy();
  });

  it('checks a new VIN: stored form, check-digit warning and model year, without blocking', async () => {
    openForm({
      [vinCheckUrl('1FTBR1C80MKA00002')]: vinCheck({
        vin: '1FTBR1C80MKA00002',
        warning: 'The VIN check digit does not match: please double-check the VIN.',
        modelYear: 2021,
      }),
    });
    await newVehicleTab();
    type('VIN', '1ftbr1c80-mka00002');

    expect(await screen.findByText(/The VIN check digit does not match/)).toBeTruthy();
    expect(screen.getByText('1FTBR1C80MKA00002')).toBeTruthy(); // "Saved as …"
    await waitFor(() => expect(screen.getByLabelText('Year (optional)')).toHaveProperty('value', '2021'));

    type('Unit number', 'AC-2002');
    fireEvent.click(continueButton());
    expect(await screen.findByRole('heading', { name: 'What happened' })).toBeTruthy();
    expect(screen.getByText(/New vehicle: unit AC-2002/)).toBeTruthy();
  });

  it('offers the company’s vehicle with a duplicate VIN instead, and links its open claim', async () => {
    openForm({
      [vinCheckUrl(existing.vin)]: vinCheck({ existingVehicle: existing, openClaim, openClaimCount: 3 }),
    });
    await newVehicleTab();
    type('VIN', existing.vin);

    expect(await screen.findByText(/This company already has this vehicle/)).toBeTruthy();
    expect(await screen.findByText(/Unit AC-1042 already has 3 open claims, the latest/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'CLM-000077' }).getAttribute('href')).toBe(
      `/vehicles/${openClaim.id}`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Use this vehicle' }));

    expect(await screen.findByRole('tab', { name: 'Vehicle in the fleet', selected: true })).toBeTruthy();
    expect(screen.getByText('Unit AC-1042')).toBeTruthy();
    // Focus follows the vehicle from the new vehicle's tab to the fleet's.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Change' })));
    fireEvent.click(continueButton());
    expect(await screen.findByRole('heading', { name: 'What happened' })).toBeTruthy();
  });
});

async function toDetailsWithExisting(routes: Record<string, (init?: RequestInit) => Response> = {}) {
  const view = openForm({
    'GET /api/fleet-vehicles?search=AC-1042': () => jsonResponse([existing]),
    [vinCheckUrl(existing.vin)]: vinCheck({ existingVehicle: existing }),
    ...routes,
  });
  await screen.findByLabelText('Search vehicles');
  type('Search vehicles', 'AC-1042');
  fireEvent.click(await screen.findByRole('button', { name: /Unit AC-1042/ }));
  fireEvent.click(continueButton());
  await screen.findByRole('heading', { name: 'What happened' });
  return view;
}

describe('add claim: keyboard focus', () => {
  /** Presses a button the way Enter does: focused, then clicked. */
  const press = (button: HTMLElement) => {
    button.focus();
    fireEvent.click(button);
  };

  it('keeps focus beside the vehicle chosen, and on the search when choosing again', async () => {
    openForm({
      'GET /api/fleet-vehicles?search=AC-10': () => jsonResponse([existing]),
      [vinCheckUrl(existing.vin)]: vinCheck({ existingVehicle: existing }),
    });
    await screen.findByLabelText('Search vehicles');
    type('Search vehicles', 'AC-10');
    press(await screen.findByRole('button', { name: /Unit AC-1042/ }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Change' })));

    press(screen.getByRole('button', { name: 'Change' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Search vehicles')));
  });

  it('starts each step at its top: step 2 at its first field, step 1 at its heading', async () => {
    openForm({
      'GET /api/fleet-vehicles?search=AC-1042': () => jsonResponse([existing]),
      [vinCheckUrl(existing.vin)]: vinCheck({ existingVehicle: existing }),
    });
    await screen.findByLabelText('Search vehicles');
    type('Search vehicles', 'AC-1042');
    press(await screen.findByRole('button', { name: /Unit AC-1042/ }));
    press(continueButton());
    await screen.findByRole('heading', { name: 'What happened' });
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('radio', { name: /Collision/ })),
    );

    press(screen.getByRole('button', { name: 'Back to the vehicle' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Which vehicle?' })),
    );
  });
});

describe('add claim: step 2, the claim', () => {
  it('validates every field with the API schema’s messages', async () => {
    const { api } = await toDetailsWithExisting();
    fireEvent.click(screen.getByRole('button', { name: 'Create claim' }));
    expect(await screen.findByText('Choose collision or mechanical')).toBeTruthy();
    expect(screen.getByText('Describe the damage or the problem')).toBeTruthy();
    // The date of loss starts at today; emptied, it is asked for.
    expect(screen.getByLabelText('Date of loss')).toHaveProperty('value', todayIsoDate());
    type('Date of loss', '');
    fireEvent.click(screen.getByRole('button', { name: 'Create claim' }));
    expect(await screen.findByText('Date of loss is required')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: /Collision/ }));
    type('Description', 'Rear bumper cracked');
    type('Date of loss', '2026-01-10');
    type('Estimate (optional)', '12.345');
    type("Adjuster's email (optional)", 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Create claim' }));
    expect(await screen.findByText('Estimate must be in whole cents')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();

    // The dates' order is checked once the fields themselves are valid.
    type('Estimate (optional)', '12.34');
    type("Adjuster's email (optional)", '');
    type('Drop-off date (optional)', '2026-01-05');
    fireEvent.click(screen.getByRole('button', { name: 'Create claim' }));
    expect(await screen.findByText('Drop-off cannot be before the date of loss')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', '/api/vehicles')).toHaveLength(0);
  });

  it('asks about insurance only for a collision', async () => {
    await toDetailsWithExisting();
    fireEvent.click(screen.getByRole('radio', { name: /Mechanical/ }));
    expect(screen.queryByRole('heading', { name: 'Insurance' })).toBeNull();
    expect(screen.getByText('Date of breakdown')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Collision/ }));
    expect(await screen.findByRole('heading', { name: 'Insurance' })).toBeTruthy();
    expect(screen.getByLabelText('Insurer (optional)')).toBeTruthy();
  });

  it('creates the claim on a new vehicle, in cents, and opens its page', async () => {
    const claim = buildClaim({ claimNumber: 'CLM-000401' });
    const { api, location } = openForm({
      [vinCheckUrl('1FTBR1C80MKA00003')]: vinCheck({ vin: '1FTBR1C80MKA00003' }),
      'POST /api/vehicles': () => jsonResponse(claim, { status: 201 }),
      ...claimPageRoutes(claim),
    });
    await newVehicleTab();
    type('Unit number', 'AC-3003');
    type('VIN', '1ftbr1c80mka00003');
    await waitFor(() => expect(screen.getByLabelText('Year (optional)')).toHaveProperty('value', '2021'));
    type('Make (optional)', 'Ford');
    fireEvent.click(continueButton());
    await screen.findByRole('heading', { name: 'What happened' });

    fireEvent.click(screen.getByRole('radio', { name: /Collision/ }));
    type('Description', 'Side mirror knocked off in the depot');
    type('Date of loss', '2026-01-10');
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tow required' }));
    type('Estimate (optional)', '1,250.5');
    type('Deductible (optional)', '$500');
    type('Insurer (optional)', 'The Hartford');
    fireEvent.click(screen.getByRole('button', { name: 'Assign to me' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create claim' }));

    await waitFor(() => expect(lastPath(location)).toBe(`/vehicles/${claim.id}`));
    const [body] = callsTo(api.fetchMock, 'POST', '/api/vehicles') as Record<string, unknown>[];
    expect(body).toMatchObject({
      workflow: 'collision',
      vehicle: {
        companyId: acme.id,
        unitNumber: 'AC-3003',
        vin: '1FTBR1C80MKA00003',
        year: 2021,
        make: 'Ford',
      },
      description: 'Side mirror knocked off in the depot',
      lossDate: '2026-01-10',
      priority: 'normal',
      drivable: false,
      towRequired: true,
      rentalNeeded: false,
      estimateAmountCents: 125050,
      deductibleCents: 50000,
      insurer: 'The Hartford',
      assigneeId: manager.id,
      repairFacilityId: null,
    });
    expect(body).not.toHaveProperty('vehicleId');
    expect(await screen.findByText('Claim created')).toBeTruthy();
  });

  it('puts a VIN the server refuses back under the VIN, on step 1', async () => {
    const taken = 'This company already has a vehicle with this VIN: choose it instead';
    openForm({
      [vinCheckUrl('1FTBR1C80MKA00003')]: vinCheck({ vin: '1FTBR1C80MKA00003' }),
      'POST /api/vehicles': () =>
        jsonResponse(
          { message: taken, code: 'conflict', fieldErrors: { 'vehicle.vin': [taken] } },
          { status: 409 },
        ),
    });
    await newVehicleTab();
    type('Unit number', 'AC-3003');
    type('VIN', '1FTBR1C80MKA00003');
    fireEvent.click(continueButton());
    await screen.findByRole('heading', { name: 'What happened' });
    fireEvent.click(screen.getByRole('radio', { name: /Mechanical/ }));
    type('Description', 'Engine light on');
    type('Date of breakdown', '2026-01-10');
    fireEvent.click(screen.getByRole('button', { name: 'Create claim' }));

    expect(await screen.findByText(taken)).toBeTruthy();
    expect(screen.getByLabelText('VIN').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('heading', { name: 'What happened' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Which vehicle?' }));
  });
});

describe('add claim: a first day’s defaults', () => {
  afterEach(() => {
    vi.useRealTimers();
    delete process.env.TZ;
  });

  it('starts on "New vehicle" with an empty fleet, at the company’s only location', async () => {
    openForm({ 'GET /api/fleet-vehicles?search=': () => jsonResponse([]) });
    expect(await screen.findByRole('tab', { name: 'New vehicle', selected: true })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /Location/ }).textContent).toContain('Denver Airport'),
    );
  });

  it('lets "No location" stand once chosen over the preselected one', async () => {
    const { api } = openForm({
      'GET /api/fleet-vehicles?search=': () => jsonResponse([]),
      [vinCheckUrl('1FTBR1C80MKA00003')]: vinCheck({ vin: '1FTBR1C80MKA00003' }),
      'POST /api/vehicles': () => jsonResponse({ message: 'stop here' }, { status: 500 }),
    });
    const location = await screen.findByRole('combobox', { name: /Location/ });
    await waitFor(() => expect(location.textContent).toContain('Denver Airport'));
    fireEvent.click(location);
    fireEvent.click(await screen.findByRole('option', { name: 'No location' }));
    await waitFor(() => expect(location.textContent).toContain('No location'));
    type('Unit number', 'AC-3003');
    type('VIN', '1FTBR1C80MKA00003');
    fireEvent.click(continueButton());
    await screen.findByRole('heading', { name: 'What happened' });
    fireEvent.click(screen.getByRole('radio', { name: /Mechanical/ }));
    type('Description', 'Engine light on');
    fireEvent.click(screen.getByRole('button', { name: 'Create claim' }));
    await waitFor(() => expect(callsTo(api.fetchMock, 'POST', '/api/vehicles')).toHaveLength(1));
    const [body] = callsTo(api.fetchMock, 'POST', '/api/vehicles') as { vehicle: { locationId: unknown } }[];
    expect(body!.vehicle.locationId).toBeNull();
  });

  it('keeps the model year of a VIN continued from before its check answered, and carries the odometer', async () => {
    const claim = buildClaim({ claimNumber: 'CLM-000402' });
    const { api, location } = openForm({
      'GET /api/fleet-vehicles?search=': () => jsonResponse([]),
      // The live check never answers: Continue comes first, as it did when the year was lost.
      [vinCheckUrl('1FTBR1C80MKA00003')]: () => new Promise<Response>(() => {}),
      'POST /api/vehicles': () => jsonResponse(claim, { status: 201 }),
      ...claimPageRoutes(claim),
    });
    await screen.findByRole('tab', { name: 'New vehicle', selected: true });
    type('Unit number', 'AC-3003');
    type('VIN', '1FTBR1C80MKA00003');
    type('Odometer (miles) (optional)', '48,210');
    expect(screen.getByLabelText('Year (optional)')).toHaveProperty('value', '');
    fireEvent.click(continueButton());
    await screen.findByRole('heading', { name: 'What happened' });

    // The summary already names the year the VIN encodes.
    expect(screen.getByText(/· 2021/)).toBeTruthy();
    expect(screen.getByLabelText('Odometer at intake (miles) (optional)')).toHaveProperty('value', '48210');
    expect(screen.getByLabelText('Date of loss')).toHaveProperty('value', todayIsoDate());
    fireEvent.click(screen.getByRole('radio', { name: /Mechanical/ }));
    type('Description', 'Engine light on');
    fireEvent.click(screen.getByRole('button', { name: 'Create claim' }));

    await waitFor(() => expect(lastPath(location)).toBe(`/vehicles/${claim.id}`));
    const [body] = callsTo(api.fetchMock, 'POST', '/api/vehicles') as Record<string, unknown>[];
    expect(body).toMatchObject({
      vehicle: { vin: '1FTBR1C80MKA00003', year: 2021, odometer: 48210, locationId: airport },
      odometerAtIntake: 48210,
      lossDate: todayIsoDate(),
    });
  });

  it('lets a typed odometer at intake stand when the vehicle’s odometer changes', async () => {
    openForm({
      'GET /api/fleet-vehicles?search=': () => jsonResponse([]),
      [vinCheckUrl('1FTBR1C80MKA00003')]: vinCheck({ vin: '1FTBR1C80MKA00003' }),
    });
    await screen.findByRole('tab', { name: 'New vehicle', selected: true });
    type('Unit number', 'AC-3003');
    type('VIN', '1FTBR1C80MKA00003');
    type('Odometer (miles) (optional)', '100');
    fireEvent.click(continueButton());
    await screen.findByRole('heading', { name: 'What happened' });
    expect(screen.getByLabelText('Odometer at intake (miles) (optional)')).toHaveProperty('value', '100');
    type('Odometer at intake (miles) (optional)', '150');

    fireEvent.click(screen.getByRole('button', { name: 'Back to the vehicle' }));
    type('Odometer (miles) (optional)', '120');
    fireEvent.click(continueButton());
    await screen.findByRole('heading', { name: 'What happened' });
    expect(screen.getByLabelText('Odometer at intake (miles) (optional)')).toHaveProperty('value', '150');
  });

  it('defaults the date of loss to today in the user’s time zone, ahead of UTC, and sends it', async () => {
    // 20:00 UTC on 26 November is already 09:00 on the 27th in Auckland.
    process.env.TZ = 'Pacific/Auckland';
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T20:00:00Z'));
    const { api } = await toDetailsWithExisting({
      'POST /api/vehicles': () => jsonResponse({ message: 'stop here' }, { status: 500 }),
    });
    expect(screen.getByLabelText('Date of loss')).toHaveProperty('value', '2026-11-27');
    fireEvent.click(screen.getByRole('radio', { name: /Mechanical/ }));
    type('Description', 'Engine light on');
    fireEvent.click(screen.getByRole('button', { name: 'Create claim' }));
    await waitFor(() => expect(callsTo(api.fetchMock, 'POST', '/api/vehicles')).toHaveLength(1));
    expect(callsTo(api.fetchMock, 'POST', '/api/vehicles')[0]).toMatchObject({ lossDate: '2026-11-27' });
  });
});
