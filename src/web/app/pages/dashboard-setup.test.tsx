import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SETUP_STEPS, type SetupChecklist, type SetupStep } from '@shared/setup-checklist';

import { buildUser, callsTo, fakeApi } from '../../test/fake-api';
import { jsonResponse } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { findFormDialog } from '../../test/find-form-dialog';
import { AppRouter } from '../router';

const admin = buildUser({ role: 'admin', username: 'root' });
const manager = buildUser({ role: 'manager' });

/** A checklist with `done` ticked. */
const checklist = (...done: SetupStep[]): SetupChecklist => ({
  steps: SETUP_STEPS.map((step) => ({ step, done: done.includes(step) })),
});

/** A dashboard with no company yet (the only figure it reads then). */
const noCompanies = () => jsonResponse({ companies: 0 });

function openDashboard(
  answer: SetupChecklist,
  {
    user = admin,
    path = '/',
    summary = () => jsonResponse({ message: 'not under test' }, { status: 500 }),
  } = {},
) {
  const api = fakeApi({
    user,
    routes: {
      'GET /api/setup-checklist': () => jsonResponse(answer),
      // The rest of the dashboard is not under test here: unless a test says otherwise, it fails quietly.
      'GET /api/dashboard/summary': summary,
      'GET /api/dashboard/activity': () => jsonResponse({ message: 'not under test' }, { status: 500 }),
    },
  });
  return { api, ...renderApp(<AppRouter />, { path }) };
}

/** The first screen waits for its lazily loaded page, which takes a while on a busy machine. */
const LOAD = { timeout: 15_000 };

afterEach(() => window.localStorage.clear());

describe('setup checklist', () => {
  it('shows a new administrator the steps, ticked from the server, each linking to its form', async () => {
    openDashboard(checklist('company', 'user'));
    const card = await screen.findByRole('region', { name: 'Set up FleetClaims' }, LOAD);
    expect(card.textContent).toContain('2 of 6 steps done');
    expect(within(card).getByText('Company added')).toBeTruthy();
    expect(within(card).getByText('User invited')).toBeTruthy();
    expect(within(card).queryByRole('link', { name: 'Add a company' })).toBeNull();

    const href = (name: string) => within(card).getByRole('link', { name }).getAttribute('href');
    expect(href('Add a location')).toBe('/locations?new=1');
    expect(href('Add a repair facility')).toBe('/repair-facilities?new=1');
    expect(href('Open your first claim')).toBe('/add-vehicle');
  });

  it('asks the administrator for their own name and email first, on Edit Profile, ticked from the server', async () => {
    const first = openDashboard(checklist());
    let card = await screen.findByRole('region', { name: 'Set up FleetClaims' }, LOAD);
    const step = within(card).getByRole('link', { name: 'Add your name and email' });
    expect(step.getAttribute('href')).toBe('/profile');
    expect(within(card).getByText('Password reset links and mentions reach you by email.')).toBeTruthy();

    fireEvent.click(step);
    expect(first.location.history?.at(-1)).toBe('/profile');
    expect(await screen.findByRole('heading', { name: 'Edit Profile' }, LOAD)).toBeTruthy();
    expect(await screen.findByLabelText('First name', {}, LOAD)).toBeTruthy();
    expect(screen.getByLabelText('Email')).toBeTruthy();
    first.unmount();

    openDashboard(checklist('profile'));
    card = await screen.findByRole('region', { name: 'Set up FleetClaims' }, LOAD);
    expect(card.textContent).toContain('1 of 6 steps done');
    expect(within(card).getByText('Your name and email added')).toBeTruthy();
    expect(within(card).queryByRole('link', { name: 'Add your name and email' })).toBeNull();
    expect(within(card).getByRole('link', { name: 'Add a company' })).toBeTruthy();
  });

  it('opens the form itself, not the list, when a step is followed', async () => {
    const { location } = openDashboard(checklist());
    const card = await screen.findByRole('region', { name: 'Set up FleetClaims' }, LOAD);
    fireEvent.click(within(card).getByRole('link', { name: 'Add a company' }));
    expect(location.history?.at(-1)).toBe('/companies?new=1');
    const form = await findFormDialog('Create company', LOAD);

    // Closing the form leaves the list, and the address no longer opens it.
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/companies'));
    expect(screen.queryByRole('dialog', { name: 'Create company' })).toBeNull();
  });

  it('is gone once every step is done', async () => {
    const { api } = openDashboard(checklist(...SETUP_STEPS));
    await waitFor(() => expect(callsTo(api.fetchMock, 'GET', '/api/setup-checklist')).toHaveLength(1), LOAD);
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.queryByRole('region', { name: 'Set up FleetClaims' })).toBeNull();
  });

  it('is not shown to a manager, nor asked for', async () => {
    const { api } = openDashboard(checklist(), { user: manager });
    await screen.findByRole('heading', { name: 'Dashboard' }, LOAD);
    expect(callsTo(api.fetchMock, 'GET', '/api/setup-checklist')).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Set up FleetClaims' })).toBeNull();
  });

  it('leaves out the dashboard’s own “Add a company” while it shows, and brings it back when hidden', async () => {
    openDashboard(checklist(), { summary: noCompanies });
    const card = await screen.findByRole('region', { name: 'Set up FleetClaims' }, LOAD);
    expect(screen.getAllByRole('link', { name: 'Add a company' })).toHaveLength(1);
    expect(screen.queryByText('No companies yet')).toBeNull();

    fireEvent.click(within(card).getByRole('button', { name: 'Hide checklist' }));
    expect(await screen.findByText('No companies yet')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Add a company' })).toHaveLength(1);
  });

  it('can be hidden by its administrator, and stays hidden on the next visit', async () => {
    const first = openDashboard(checklist('company'));
    const card = await screen.findByRole('region', { name: 'Set up FleetClaims' }, LOAD);
    fireEvent.click(within(card).getByRole('button', { name: 'Hide checklist' }));
    expect(screen.queryByRole('region', { name: 'Set up FleetClaims' })).toBeNull();
    first.unmount();

    const again = openDashboard(checklist('company'));
    await screen.findByRole('heading', { name: 'Dashboard' }, LOAD);
    expect(callsTo(again.api.fetchMock, 'GET', '/api/setup-checklist')).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Set up FleetClaims' })).toBeNull();
  });
});
