import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Claim } from '@shared/claims';

import {
  alex,
  buildClaim,
  buildHistoryEntry,
  buildRelatedClaim,
  claimPageRoutes,
  maria,
} from '../../test/claim-factory';
import { buildUser, callsTo, fakeApi } from '../../test/fake-api';
import { jsonResponse, heldResponse } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { AppRouter } from '../router';

const claim = buildClaim();
const path = `/vehicles/${claim.id}`;

function openClaim(routes: Record<string, (init?: RequestInit) => Response | Promise<Response>>) {
  const api = fakeApi({ user: buildUser(), routes });
  return { api, ...renderApp(<AppRouter />, { path }) };
}

describe('claim page: loading and missing claims', () => {
  it('shows a skeleton, then the claim number, status, workflow, priority, vehicle and owner', async () => {
    const answer = heldResponse();
    openClaim({
      ...claimPageRoutes(claim),
      [`GET ${path.replace('/vehicles', '/api/vehicles')}`]: answer.route,
    });
    // The first test of the file also waits for the page's lazily loaded code.
    expect(await screen.findByLabelText('Loading the claim', {}, { timeout: 5000 })).toBeTruthy();
    answer.release(jsonResponse(claim));

    expect(await screen.findByRole('heading', { level: 1, name: 'CLM-000123' })).toBeTruthy();
    await waitFor(() => expect(document.title).toContain('CLM-000123'));
    const header = screen.getByRole('heading', { level: 1 }).parentElement!;
    expect(within(header).getByText('In repair')).toBeTruthy();
    expect(within(header).getByText('Collision')).toBeTruthy();
    expect(within(header).getByText('High priority')).toBeTruthy();
    expect(header.textContent).toContain(
      '2022 Ford Transit 250 · Unit AC-1042 · FC1234 CO · 1FTBR1C80MKA00001',
    );
    expect(header.textContent).toContain('Acme Rentals · Denver Airport · at Eastside Collision');
  });

  it('names the unit once when the vehicle’s year, make and model are unknown', async () => {
    const bare = buildClaim({ vehicle: { ...claim.vehicle, year: null, make: null, model: null } });
    fakeApi({ user: buildUser(), routes: claimPageRoutes(bare) });
    renderApp(<AppRouter />, { path: `/vehicles/${bare.id}` });
    expect(
      await screen.findByRole('heading', { level: 1, name: bare.claimNumber }, { timeout: 5000 }),
    ).toBeTruthy();
    const header = screen.getByRole('heading', { level: 1 }).parentElement!;
    expect(header.textContent).toContain(`Unit AC-1042 · FC1234 CO · ${bare.vehicle.vin}`);
    expect(header.textContent!.match(/Unit AC-1042/g)).toHaveLength(1);
  });

  it('says the claim was not found for a 404 (unknown or another company’s)', async () => {
    openClaim({
      [`GET /api/vehicles/${claim.id}`]: () => jsonResponse({ message: 'Claim not found' }, { status: 404 }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Claim not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to All Claims' }).getAttribute('href')).toBe('/vehicles');
  });

  it('says when the claim cannot be loaded, and tries again', async () => {
    let fail = true;
    openClaim({
      ...claimPageRoutes(claim),
      [`GET /api/vehicles/${claim.id}`]: () =>
        fail ? jsonResponse({ message: 'Database unavailable' }, { status: 503 }) : jsonResponse(claim),
    });
    expect(await screen.findByText('The claim could not be loaded')).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'CLM-000123' })).toBeTruthy();
  });
});

describe('claim page: header actions', () => {
  it('watches and unwatches the claim', async () => {
    const watch = `/api/vehicles/${claim.id}/watch`;
    const { api } = openClaim({
      ...claimPageRoutes(claim),
      [`PUT ${watch}`]: () => jsonResponse({ watching: true }),
      [`DELETE ${watch}`]: () => jsonResponse({ watching: false }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Watch' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Unwatch' }));
    expect(await screen.findByRole('button', { name: 'Watch' })).toBeTruthy();
    expect(callsTo(api.fetchMock, 'PUT', watch)).toHaveLength(1);
    expect(callsTo(api.fetchMock, 'DELETE', watch)).toHaveLength(1);
  });

  it('links the window tag and saves the PDF report under the claim number', async () => {
    const saved: string[] = [];
    URL.createObjectURL = () => 'blob:report';
    URL.revokeObjectURL = () => {};
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    };
    try {
      openClaim({
        ...claimPageRoutes(claim),
        [`GET /api/vehicles/${claim.id}/pdf`]: () =>
          new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } }),
      });
      const tag = await screen.findByRole('link', { name: 'Window tag' });
      expect(tag.getAttribute('href')).toBe(`/vehicles/${claim.id}/window-tag`);
      fireEvent.click(screen.getByRole('button', { name: 'Export PDF' }));
      await waitFor(() => expect(saved).toEqual(['CLM-000123.pdf blob:report']));
      expect(screen.getByRole('button', { name: 'Export PDF' })).toBeTruthy();
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
  });

  it('says why the PDF could not be exported', async () => {
    openClaim({
      ...claimPageRoutes(claim),
      [`GET /api/vehicles/${claim.id}/pdf`]: () =>
        jsonResponse({ message: 'Claim not found' }, { status: 404 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Export PDF' }));
    expect(await screen.findByText('Could not export the PDF')).toBeTruthy();
    expect(screen.getByText('Claim not found')).toBeTruthy();
  });
});

describe('claim page: workflow, history and other claims', () => {
  it('shows the stepper with a side state at the step the claim left', async () => {
    const onHold = buildClaim({ status: 'on_hold', allowedTransitions: ['parts_ordered', 'cancelled'] });
    fakeApi({
      user: buildUser(),
      routes: claimPageRoutes(onHold, {
        history: [
          buildHistoryEntry({ fromStatus: 'approved', toStatus: 'parts_ordered' }),
          buildHistoryEntry({ fromStatus: 'parts_ordered', toStatus: 'on_hold' }),
        ],
      }),
    });
    renderApp(<AppRouter />, { path: `/vehicles/${onHold.id}` });
    const stepper = await screen.findByRole('list', { name: 'Collision workflow' });
    expect(await screen.findByText(/Paused at Parts ordered/)).toBeTruthy();
    await waitFor(() => {
      const current = stepper.querySelector('[aria-current="step"]');
      expect(current?.textContent).toBe('Parts ordered, On hold');
    });
    expect(within(stepper).getAllByRole('listitem')).toHaveLength(10);
  });

  it('lists the status history newest first, naming an admin acting as someone else', async () => {
    openClaim(
      claimPageRoutes(claim, {
        history: [
          buildHistoryEntry({
            fromStatus: null,
            toStatus: 'reported',
            createdAt: '2026-11-02T09:00:00.000Z',
          }),
          buildHistoryEntry({
            fromStatus: 'reported',
            toStatus: 'estimate_pending',
            actor: maria,
            impersonator: alex,
            note: 'Sent to Eastside for an estimate',
            createdAt: '2026-11-03T09:00:00.000Z',
          }),
        ],
      }),
    );
    const history = await screen.findByRole('list', { name: 'Status changes, newest first' });
    const entries = within(history).getAllByRole('listitem');
    expect(entries[0]!.textContent).toContain('by Alex Admin as Maria Manager');
    expect(entries[0]!.textContent).toContain('Sent to Eastside for an estimate');
    expect(entries[1]!.textContent).toContain('Opened as');
    expect(entries[1]!.textContent).toContain('by Maria Manager');
  });

  it('links the vehicle’s other claims', async () => {
    const other = buildRelatedClaim();
    openClaim(claimPageRoutes(claim, { related: [other] }));
    const list = await screen.findByRole('list', { name: 'Other claims' });
    expect(within(list).getByRole('link', { name: 'CLM-000098' }).getAttribute('href')).toBe(
      `/vehicles/${other.id}`,
    );
    expect(within(list).getByText('Closed')).toBeTruthy();
  });
});

describe('claim page: key facts and sections', () => {
  const facts = async () => {
    const term = await screen.findByText('Current amount', { selector: 'dt' }, { timeout: 5000 });
    return term.closest('dl')!;
  };
  /** The page of `other`, a claim of its own (its own id). */
  const openOther = (other: Claim) => {
    fakeApi({ user: buildUser(), routes: claimPageRoutes(other) });
    renderApp(<AppRouter />, { path: `/vehicles/${other.id}` });
  };
  const fact = (list: HTMLElement, label: string) =>
    within(list).getByText(label, { selector: 'dt' }).nextElementSibling!.textContent;

  it('shows assignee, ETA overdue in words, days down and the Money card’s current amount', async () => {
    // The factory's ETA (2026-11-20) has passed, the claim is in repair and its vehicle down.
    const approved = buildClaim({ approvedAmountCents: 235050, downtimeDays: 12, vehicleDown: true });
    openOther(approved);
    const list = await facts();
    expect(fact(list, 'Assignee')).toBe('Maria Manager');
    expect(fact(list, 'ETA')).toMatch(/Nov 20.*Overdue$/);
    expect(within(list).getByText('Overdue').className).toContain('text-red-700');
    expect(fact(list, 'Days down')).toBe('12 days');
    expect(fact(list, 'Current amount')).toBe('$2,350.50 Approved amount');
    // The Money card marks the same amount as current.
    const money = screen.getByRole('region', { name: 'Money' });
    expect(within(money).getByText('Current').parentElement!.textContent).toBe('$2,350.50Current');
  });

  it('says who is unassigned, an ETA not set, a vehicle still in service and no amount yet', async () => {
    const bare = buildClaim({
      assignee: null,
      assigneeId: null,
      eta: null,
      vehicleDown: false,
      estimateAmountCents: null,
    });
    openOther(bare);
    const list = await facts();
    expect(fact(list, 'Assignee')).toBe('Unassigned');
    expect(fact(list, 'ETA')).toBe('Not set');
    expect(fact(list, 'Days down')).toBe('In service');
    expect(fact(list, 'Current amount')).toBe('No amount yet');
  });

  it('counts a finished claim’s downtime, and no longer calls its ETA overdue', async () => {
    openOther(buildClaim({ status: 'closed', downtimeDays: 1, vehicleDown: false }));
    const list = await facts();
    expect(fact(list, 'Downtime')).toBe('1 day');
    expect(within(list).queryByText('Overdue')).toBeNull();
  });

  it('puts the photos and estimates above the details', async () => {
    openClaim(claimPageRoutes(claim));
    await screen.findByRole('region', { name: 'Money' }, { timeout: 5000 });
    const order = screen
      .getAllByRole('region')
      .map((region) => region.getAttribute('aria-labelledby'))
      .filter((id) =>
        ['claim-attachments-heading', 'claim-estimates-heading', 'claim-section-vehicle'].includes(id!),
      );
    expect(order).toEqual(['claim-attachments-heading', 'claim-estimates-heading', 'claim-section-vehicle']);
  });

  it('folds a section under its heading, remembers it, and unfolds it to edit', async () => {
    window.localStorage.clear();
    const first = openClaim(claimPageRoutes(claim));
    const history = await screen.findByRole('region', { name: 'Status history' }, { timeout: 5000 });
    const toggle = within(history).getByRole('button', { name: 'Status history' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await within(history).findByRole('list')).toBeTruthy();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(history).queryByRole('list')).toBeNull();

    const money = screen.getByRole('region', { name: 'Money' });
    fireEvent.click(within(money).getByRole('button', { name: 'Money' }));
    expect(within(money).queryByText('Deductible')).toBeNull();
    fireEvent.click(within(money).getByRole('button', { name: 'Edit money' }));
    expect(await within(money).findByLabelText('Deductible')).toBeTruthy();

    // Another visit: the history stays folded.
    first.unmount();
    openClaim(claimPageRoutes(claim));
    const again = await screen.findByRole('region', { name: 'Status history' }, { timeout: 5000 });
    expect(within(again).getByRole('button', { name: 'Status history' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    window.localStorage.clear();
  });
});
