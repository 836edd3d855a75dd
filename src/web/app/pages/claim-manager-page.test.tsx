import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  boardStatuses,
  type ClaimBoard,
  type ClaimBoardCard,
  type ClaimBoardColumn,
} from '@shared/claim-board';
import type { CompanySummary } from '@shared/users';
import type { ClaimStatus, Workflow } from '@shared/workflows';

import { buildClaim, maria } from '../../test/claim-factory';
import { buildUser, callsTo, fakeApi } from '../../test/fake-api';
import { jsonResponse, heldResponse } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { AppRouter } from '../router';

const DAY = 24 * 60 * 60 * 1000;
const manager = buildUser({ role: 'manager' });
const viewer = buildUser({ role: 'viewer' });
const companies: CompanySummary[] = [
  { id: 'c0c0c0c0-0000-4000-8000-000000000001', name: 'Acme Rentals', code: 'ACME' },
];
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

function buildCard(overrides: Partial<ClaimBoardCard> = {}): ClaimBoardCard {
  return {
    id: '0a0a0a0a-0000-4000-8000-000000000001',
    claimNumber: 'CLM-000123',
    workflow: 'collision',
    status: 'in_repair',
    priority: 'urgent',
    companyName: 'Acme Rentals',
    locationName: 'Denver Airport',
    facilityName: 'Eastside Collision',
    shopQuietSince: null,
    assignee: maria,
    vehicle: { unitNumber: 'AC-1042', year: 2022, make: 'Ford', model: 'Transit 250' },
    eta: null,
    statusChangedAt: ago(4.2),
    updatedAt: ago(1),
    version: 3,
    allowedTransitions: ['supplement_review', 'quality_check', 'on_hold', 'cancelled'],
    finalCostPrefillCents: null,
    ...overrides,
  };
}

const inRepair = buildCard();
const stalled = buildCard({
  id: '0a0a0a0a-0000-4000-8000-000000000002',
  claimNumber: 'CLM-000124',
  status: 'reported',
  priority: 'normal',
  facilityName: null,
  assignee: null,
  vehicle: { unitNumber: 'ME-2001', year: 2023, make: 'Ford', model: 'F-150' },
  // Reported 12 days ago and still there, though someone added a note yesterday: stale all the same.
  statusChangedAt: ago(12),
  updatedAt: ago(1),
  allowedTransitions: ['estimate_pending', 'on_hold', 'cancelled'],
});

/** In "Awaiting estimate": forward to review, aside to hold, or off the board to Cancelled. */
const awaiting = buildCard({
  id: '0a0a0a0a-0000-4000-8000-000000000003',
  claimNumber: 'CLM-000001',
  status: 'estimate_pending',
  allowedTransitions: ['estimate_review', 'on_hold', 'cancelled'],
});

function buildBoard(
  cards: ClaimBoardCard[],
  workflow: Workflow = 'collision',
  extra: Partial<Record<ClaimStatus, Partial<ClaimBoardColumn>>> = {},
): ClaimBoard {
  return {
    workflow,
    staleAfterDays: 7,
    columns: boardStatuses(workflow).map((status) => {
      const items = cards.filter((card) => card.status === status);
      return { status, count: items.length, staleCount: 0, items, nextCursor: null, ...extra[status] };
    }),
  };
}

const BOARD = 'GET /api/claim-board?workflow=collision';
const optionRoutes = {
  'GET /api/repair-facilities?pageSize=100': () =>
    jsonResponse({ items: [], total: 0, page: 1, pageSize: 100 }),
  'GET /api/locations?companyId=c0c0c0c0-0000-4000-8000-000000000001&pageSize=100': () =>
    jsonResponse({ items: [], total: 0, page: 1, pageSize: 100 }),
};

function openBoard(
  routes: Record<string, (init?: RequestInit) => Response | Promise<Response>>,
  { path = '/claim-manager', user = manager } = {},
) {
  const api = fakeApi({ user, companies, routes: { ...optionRoutes, ...routes } });
  return { api, ...renderApp(<AppRouter />, { path }) };
}

const column = (name: string) =>
  screen.getByRole('region', { name: /board$/ }).querySelector<HTMLElement>(`[data-column="${name}"]`)!;
const boardRequests = (api: ReturnType<typeof fakeApi>) =>
  api.fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/claim-board?'));

/**
 * The board on screen: the whole app (layout, filters, ten columns) renders first, which takes longer than
 * Testing Library's one-second default on a busy machine.
 */
const cardLink = (name: string) => screen.findByRole('link', { name }, { timeout: 5000 });

/** What dnd-kit's live region last said (a screen reader hears it while a card is moved). */
const dragAnnouncement = () => document.querySelector('[id^="DndLiveRegion"]')?.textContent ?? '';

/** Picks a card up from the keyboard (Enter on its drag handle), as a screen reader user would. */
async function pickUp(claimNumber: string) {
  const handle = screen.getByRole('button', { name: `Drag ${claimNumber}` });
  handle.focus();
  fireEvent.keyDown(handle, { code: 'Enter', key: 'Enter' });
  await waitFor(() => expect(dragAnnouncement()).toContain(`Picked up ${claimNumber}`));
  // The keyboard sensor listens for the next keys from the following tick on.
  await new Promise((resolve) => setTimeout(resolve, 0));
}

const press = (code: 'ArrowLeft' | 'ArrowRight' | 'Enter') =>
  fireEvent.keyDown(document.activeElement ?? document.body, { code, key: code });

async function chooseMove(claimNumber: string, target: string) {
  fireEvent.keyDown(screen.getByRole('button', { name: `Move ${claimNumber} to…` }), { key: 'Enter' });
  fireEvent.click(await screen.findByRole('menuitem', { name: target }));
}

describe('claim manager', () => {
  // The screen is loaded lazily; loading it once up front keeps the first test's waits about the screen.
  beforeAll(() => import('./claim-manager-page'), 30_000);

  it('shows a column per open status with counts, and cards with vehicle, facility, assignee, priority and time in status', async () => {
    openBoard({
      [BOARD]: () =>
        jsonResponse(buildBoard([inRepair, stalled], 'collision', { reported: { staleCount: 1 } })),
    });

    await cardLink('CLM-000123');
    expect(
      screen.getByText(
        'Open claims by status: move them along their workflow and spot the ones that have stalled.',
      ),
    ).toBeTruthy();
    const repair = within(column('in_repair'));
    expect(repair.getByRole('heading', { name: 'In repair' })).toBeTruthy();
    const card = repair.getByRole('link', { name: 'CLM-000123' });
    expect(card.getAttribute('href')).toBe(`/vehicles/${inRepair.id}`);
    const text = card.closest('article')!.textContent;
    expect(text).toContain('AC-1042 · 2022 Ford Transit 250');
    expect(text).toContain('Eastside Collision');
    expect(text).toContain('Maria Manager');
    expect(text).toContain('Urgent');
    expect(text).toContain('4 d');
    expect(card.closest('article')!.hasAttribute('data-stale')).toBe(false);
    expect(text).not.toContain('Shop quiet');

    const old = within(column('reported')).getByRole('link', { name: 'CLM-000124' }).closest('article')!;
    expect(old.hasAttribute('data-stale')).toBe(true);
    expect(old.textContent).toContain('No facility yet');
    expect(old.textContent).toContain('Unassigned');
    expect(old.textContent).toContain('12 d');
    expect(old.textContent).toContain('stale, 7 days or more in the same status');
    expect(column('reported').textContent).toContain('1 stale');
    expect(within(column('estimate_pending')).getByText('No claims')).toBeTruthy();
    expect(screen.getByText('2 open collision claims')).toBeTruthy();
    expect(screen.getByText('Stale: 7+ days in the same status')).toBeTruthy();
    expect(
      [...document.querySelectorAll('[data-column]')].map((element) => element.getAttribute('data-column')),
    ).toEqual(boardStatuses('collision'));
  });

  it('flags a claim whose shop has not updated it through its shop link for the setting’s days', async () => {
    const quiet = buildCard({ shopQuietSince: ago(4) });
    openBoard({ [BOARD]: () => jsonResponse(buildBoard([quiet])) });
    const card = await cardLink('CLM-000123');
    expect(card.closest('article')!.textContent).toContain('Eastside CollisionShop quiet 4 days');
  });

  it('keeps the workflow tab and the filters in the address; "My claims" is the assignee filter set to me', async () => {
    const { api, location } = openBoard({
      [BOARD]: () => jsonResponse(buildBoard([inRepair])),
      'GET /api/claim-board?workflow=mechanical': () => jsonResponse(buildBoard([], 'mechanical')),
      [`GET /api/claim-board?workflow=mechanical&assigneeId=${manager.id}`]: () =>
        jsonResponse(buildBoard([], 'mechanical')),
    });
    await cardLink('CLM-000123');

    const mechanical = screen.getByRole('tab', { name: 'Mechanical' });
    fireEvent.mouseDown(mechanical);
    fireEvent.click(mechanical);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/claim-manager?workflow=mechanical'));
    expect(await screen.findByText('No open mechanical claims: new claims appear in Reported.')).toBeTruthy();
    expect(document.querySelector('[data-column="diagnosis"]')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'My claims' }));
    await waitFor(() =>
      expect(location.history?.at(-1)).toBe(`/claim-manager?workflow=mechanical&assigneeId=${manager.id}`),
    );
    expect(screen.getByRole('button', { name: 'My claims' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() =>
      expect(boardRequests(api)).toContain(`/api/claim-board?workflow=mechanical&assigneeId=${manager.id}`),
    );
    expect(await screen.findByText('No open claims match these filters.')).toBeTruthy();
  });

  it('moves a card with its "Move to" menu at once, sending the version it read', async () => {
    const answer = heldResponse();
    const { api } = openBoard({
      [BOARD]: () => jsonResponse(buildBoard([inRepair])),
      [`POST /api/vehicles/${inRepair.id}/transitions`]: answer.route,
    });
    await cardLink('CLM-000123');

    await chooseMove('CLM-000123', 'Quality check');
    // On its way: already in the new column, waiting for the server.
    await waitFor(() =>
      expect(within(column('quality_check')).getByRole('link', { name: 'CLM-000123' })).toBeTruthy(),
    );
    expect(within(column('in_repair')).queryByRole('link', { name: 'CLM-000123' })).toBeNull();
    expect(column('quality_check').textContent).toContain('Moving CLM-000123');
    expect(callsTo(api.fetchMock, 'POST', `/api/vehicles/${inRepair.id}/transitions`)).toEqual([
      { to: 'quality_check', version: 3 },
    ]);

    answer.release(
      jsonResponse(
        buildClaim({
          id: inRepair.id,
          claimNumber: 'CLM-000123',
          status: 'quality_check',
          version: 4,
          allowedTransitions: ['ready_for_pickup', 'on_hold', 'cancelled'],
        }),
      ),
    );
    expect(await screen.findByRole('button', { name: 'Move CLM-000123 to…' })).toBeTruthy();
    expect(within(column('quality_check')).getByRole('link', { name: 'CLM-000123' })).toBeTruthy();
    expect(column('quality_check').textContent).toContain('Quality check1');
  });

  it('says what a move did, with an Undo that takes it back through the server', async () => {
    const moved = buildClaim({
      id: inRepair.id,
      claimNumber: 'CLM-000123',
      status: 'quality_check',
      version: 4,
      allowedTransitions: ['ready_for_pickup', 'on_hold', 'cancelled'],
    });
    const { api } = openBoard({
      [BOARD]: () => jsonResponse(buildBoard([inRepair])),
      [`POST /api/vehicles/${inRepair.id}/transitions`]: () => jsonResponse(moved),
      [`POST /api/vehicles/${inRepair.id}/transitions/undo`]: () =>
        jsonResponse({
          ...moved,
          status: 'in_repair',
          version: 5,
          allowedTransitions: inRepair.allowedTransitions,
        }),
    });
    await cardLink('CLM-000123');
    // Empty statuses are narrow strips, still named for screen readers.
    expect(column('estimate_pending').dataset.collapsed).toBe('true');
    expect(column('in_repair').dataset.collapsed).toBeUndefined();

    await chooseMove('CLM-000123', 'Quality check');
    expect(await screen.findByText('CLM-000123 went from In repair to Quality check.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));

    expect(await screen.findByText('CLM-000123 is back in In repair.')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', `/api/vehicles/${inRepair.id}/transitions/undo`)).toEqual([
      { version: 4 },
    ]);
    await waitFor(() =>
      expect(within(column('in_repair')).getByRole('link', { name: 'CLM-000123' })).toBeTruthy(),
    );
    expect(within(column('quality_check')).queryByRole('link', { name: 'CLM-000123' })).toBeNull();
  });

  it('puts a refused move back, says why, and reloads the board when the claim changed meanwhile', async () => {
    const { api } = openBoard({
      [BOARD]: () => jsonResponse(buildBoard([inRepair])),
      [`POST /api/vehicles/${inRepair.id}/transitions`]: () =>
        jsonResponse(
          { message: 'Someone else changed this claim since you opened it.', code: 'conflict' },
          { status: 409 },
        ),
      [`GET /api/vehicles/${inRepair.id}`]: () => jsonResponse(buildClaim({ id: inRepair.id })),
    });
    await cardLink('CLM-000123');
    const before = boardRequests(api).length;

    await chooseMove('CLM-000123', 'On hold');
    expect(await screen.findByText('CLM-000123 was not moved to On hold')).toBeTruthy();
    expect(
      screen.getByText(
        'Someone else changed this claim since you opened it. The board now shows the latest.',
      ),
    ).toBeTruthy();
    expect(within(column('in_repair')).getByRole('link', { name: 'CLM-000123' })).toBeTruthy();
    expect(within(column('on_hold')).queryByRole('link', { name: 'CLM-000123' })).toBeNull();
    await waitFor(() => expect(boardRequests(api).length).toBeGreaterThan(before));
  });

  it('asks before a move that takes the claim off the board, with an optional note', async () => {
    const { api } = openBoard({
      [BOARD]: () => jsonResponse(buildBoard([inRepair])),
      [`POST /api/vehicles/${inRepair.id}/transitions`]: () =>
        jsonResponse(buildClaim({ id: inRepair.id, status: 'cancelled', allowedTransitions: [] })),
    });
    await cardLink('CLM-000123');

    await chooseMove('CLM-000123', 'Cancelled');
    const dialog = await screen.findByRole('dialog', { name: 'Move to Cancelled?' });
    expect(dialog.textContent).toContain('CLM-000123 goes from In repair to Cancelled and leaves the board.');
    fireEvent.change(within(dialog).getByLabelText('Note (optional)'), {
      target: { value: 'Duplicate claim' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move to Cancelled' }));

    expect(await screen.findByText('CLM-000123 is now Cancelled; it leaves the board.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'CLM-000123' })).toBeNull();
    expect(callsTo(api.fetchMock, 'POST', `/api/vehicles/${inRepair.id}/transitions`)).toEqual([
      { to: 'cancelled', version: 3, note: 'Duplicate claim' },
    ]);
  });

  describe('completing (decision 038)', () => {
    /** Ready for pickup, approved at $1,323.00: the server offers that as the final cost. */
    const ready = buildCard({
      id: '0a0a0a0a-0000-4000-8000-000000000004',
      claimNumber: 'CLM-000125',
      status: 'ready_for_pickup',
      allowedTransitions: ['completed', 'on_hold', 'cancelled'],
      finalCostPrefillCents: 132_300,
    });
    const completing = () =>
      openBoard({
        [BOARD]: () => jsonResponse(buildBoard([ready])),
        [`POST /api/vehicles/${ready.id}/transitions`]: () =>
          jsonResponse(
            buildClaim({
              id: ready.id,
              claimNumber: ready.claimNumber,
              status: 'completed',
              finalAmountCents: 132_300,
              allowedTransitions: [],
            }),
          ),
      });
    const transitions = (api: ReturnType<typeof fakeApi>) =>
      callsTo(api.fetchMock, 'POST', `/api/vehicles/${ready.id}/transitions`);

    it('asks the final cost when a card is dropped on Completed, prefilled, and sends it', async () => {
      const { api } = completing();
      await cardLink('CLM-000125');

      await pickUp('CLM-000125');
      for (const _ of [1, 2]) press('ArrowRight');
      await waitFor(() =>
        expect(dragAnnouncement()).toBe(
          'CLM-000125 is over Completed: dropping it there takes the claim off the board.',
        ),
      );
      press('Enter');
      const dialog = await screen.findByRole('dialog', { name: 'Move to Completed?' });
      expect((within(dialog).getByLabelText('Final cost') as HTMLInputElement).value).toBe('1323.00');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Move to Completed' }));

      expect(await screen.findByText('CLM-000125 is now Completed; it leaves the board.')).toBeTruthy();
      expect(transitions(api)).toEqual([{ to: 'completed', version: 3, finalAmountCents: 132_300 }]);
    });

    it('refuses a final cost that is not an amount with the schema’s message, and sends nothing', async () => {
      const { api } = completing();
      await cardLink('CLM-000125');

      await chooseMove('CLM-000125', 'Completed');
      const dialog = await screen.findByRole('dialog', { name: 'Move to Completed?' });
      const cost = within(dialog).getByLabelText('Final cost');
      fireEvent.change(cost, { target: { value: 'a lot' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Move to Completed' }));
      expect(await within(dialog).findByText('Final cost must be an amount')).toBeTruthy();
      expect(transitions(api)).toEqual([]);

      fireEvent.change(within(dialog).getByLabelText('Note (optional)'), { target: { value: 'Picked up' } });
      fireEvent.change(cost, { target: { value: '$1,400.50' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Move to Completed' }));
      expect(await screen.findByText('CLM-000125 is now Completed; it leaves the board.')).toBeTruthy();
      expect(transitions(api)).toEqual([
        { to: 'completed', version: 3, note: 'Picked up', finalAmountCents: 140_050 },
      ]);
    });

    it('asks no final cost for the other moves off the board', async () => {
      completing();
      await cardLink('CLM-000125');
      await chooseMove('CLM-000125', 'Cancelled');
      const dialog = await screen.findByRole('dialog', { name: 'Move to Cancelled?' });
      expect(within(dialog).queryByLabelText('Final cost')).toBeNull();
    });
  });

  it('steps a card picked up from the keyboard through exactly the moves it allows, Cancelled included', async () => {
    openBoard({ [BOARD]: () => jsonResponse(buildBoard([awaiting])) });
    await cardLink('CLM-000001');

    await pickUp('CLM-000001');
    expect(dragAnnouncement()).toBe(
      'Picked up CLM-000001 in Awaiting estimate. It can move right to Estimate in review, On hold and Cancelled.',
    );
    expect(document.querySelector('[data-finish="cancelled"]')).toBeTruthy();
    press('ArrowRight');
    await waitFor(() => expect(dragAnnouncement()).toBe('CLM-000001 is over Estimate in review.'));
    press('ArrowRight');
    await waitFor(() => expect(dragAnnouncement()).toBe('CLM-000001 is over On hold.'));
    press('ArrowRight');
    await waitFor(() =>
      expect(dragAnnouncement()).toBe(
        'CLM-000001 is over Cancelled: dropping it there takes the claim off the board.',
      ),
    );
    press('ArrowLeft');
    await waitFor(() => expect(dragAnnouncement()).toBe('CLM-000001 is over On hold.'));
    press('ArrowLeft');
    press('ArrowLeft');
    await waitFor(() => expect(dragAnnouncement()).toBe('CLM-000001 is back in Awaiting estimate.'));
    press('ArrowLeft');
    for (const _ of [1, 2, 3, 4]) press('ArrowRight');
    await waitFor(() => expect(dragAnnouncement()).toContain('is over Cancelled'));

    press('Enter');
    const dialog = await screen.findByRole('dialog', { name: 'Move to Cancelled?' });
    expect(dialog.textContent).toContain('CLM-000001 goes from Awaiting estimate to Cancelled');
  });

  it('steps left to the columns a claim may go back to', async () => {
    const supplement = buildCard({
      status: 'supplement_review',
      allowedTransitions: ['in_repair', 'on_hold', 'cancelled'],
    });
    openBoard({ [BOARD]: () => jsonResponse(buildBoard([supplement])) });
    await cardLink('CLM-000123');

    await pickUp('CLM-000123');
    expect(dragAnnouncement()).toBe(
      'Picked up CLM-000123 in Supplement in review. It can move right to On hold and Cancelled, and left to In repair.',
    );
    press('ArrowLeft');
    await waitFor(() => expect(dragAnnouncement()).toBe('CLM-000123 is over In repair.'));
  });

  it('announces a keyboard move once the server has made it, not before', async () => {
    const answer = heldResponse();
    openBoard({
      [BOARD]: () => jsonResponse(buildBoard([awaiting])),
      [`POST /api/vehicles/${awaiting.id}/transitions`]: answer.route,
    });
    await cardLink('CLM-000001');

    await pickUp('CLM-000001');
    press('ArrowRight');
    await waitFor(() => expect(dragAnnouncement()).toBe('CLM-000001 is over Estimate in review.'));
    press('Enter');
    await waitFor(() => expect(dragAnnouncement()).toBe('Moving CLM-000001 to Estimate in review…'));
    expect(document.body.textContent).not.toContain('CLM-000001 moved to');

    answer.release(
      jsonResponse(
        buildClaim({
          id: awaiting.id,
          claimNumber: 'CLM-000001',
          status: 'estimate_review',
          version: 4,
          allowedTransitions: ['approved', 'total_loss', 'on_hold', 'cancelled'],
        }),
      ),
    );
    expect(
      await screen.findByText('CLM-000001 moved to Estimate in review.', { selector: '[role="status"]' }),
    ).toBeTruthy();
  });

  it('does not announce a keyboard move the server refused as made', async () => {
    openBoard({
      [BOARD]: () => jsonResponse(buildBoard([awaiting])),
      [`POST /api/vehicles/${awaiting.id}/transitions`]: () =>
        jsonResponse(
          { message: 'Someone else changed this claim since you opened it.', code: 'conflict' },
          { status: 409 },
        ),
      [`GET /api/vehicles/${awaiting.id}`]: () => jsonResponse(buildClaim({ id: awaiting.id })),
    });
    await cardLink('CLM-000001');

    await pickUp('CLM-000001');
    press('ArrowRight');
    await waitFor(() => expect(dragAnnouncement()).toBe('CLM-000001 is over Estimate in review.'));
    press('Enter');
    expect(await screen.findByText('CLM-000001 was not moved to Estimate in review')).toBeTruthy();
    expect(dragAnnouncement()).not.toContain('moved to');
    expect(document.body.textContent).not.toContain('CLM-000001 moved to');
  });

  it('shows more cards of a long column on request', async () => {
    const later = buildCard({
      id: '0a0a0a0a-0000-4000-8000-000000000009',
      claimNumber: 'CLM-000129',
      statusChangedAt: ago(1),
    });
    const { api } = openBoard({
      [BOARD]: () =>
        jsonResponse(
          buildBoard([inRepair], 'collision', { in_repair: { count: 2, nextCursor: 'next-page' } }),
        ),
      'GET /api/claim-board?workflow=collision&status=in_repair&cursor=next-page': () =>
        jsonResponse({
          ...buildBoard([later]),
          columns: [{ status: 'in_repair', count: 2, staleCount: 0, items: [later], nextCursor: null }],
        }),
    });
    await cardLink('CLM-000123');

    fireEvent.click(within(column('in_repair')).getByRole('button', { name: /Show more/ }));
    expect(await screen.findByRole('link', { name: 'CLM-000129' })).toBeTruthy();
    const links = within(column('in_repair'))
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual(['CLM-000123', 'CLM-000129']);
    expect(within(column('in_repair')).queryByRole('button', { name: /Show more/ })).toBeNull();
    expect(boardRequests(api)).toContain(
      '/api/claim-board?workflow=collision&status=in_repair&cursor=next-page',
    );
  });

  it('is read-only for viewers: cards open the claim but cannot be dragged or moved', async () => {
    openBoard(
      { [BOARD]: () => jsonResponse(buildBoard([{ ...inRepair, allowedTransitions: [] }])) },
      { user: viewer },
    );
    expect(await cardLink('CLM-000123')).toBeTruthy();
    expect(screen.getByText(/^Open claims by status/).textContent).not.toMatch(/move/i);
    // Viewers can be assigned claims (any active user who sees the company can), so "My claims" stays.
    expect(screen.getByRole('button', { name: 'My claims' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Drag / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Move .* to…$/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Change/ })).toBeNull();
  });

  it('says when the board cannot be loaded and tries again', async () => {
    let fail = true;
    openBoard({
      [BOARD]: () =>
        fail
          ? jsonResponse({ message: 'Database unavailable' }, { status: 503 })
          : jsonResponse(buildBoard([inRepair])),
    });
    expect(
      await screen.findByText('The board could not be loaded', undefined, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await cardLink('CLM-000123')).toBeTruthy();
  });

  it('lets an admin change after how many days a claim is stale', async () => {
    const admin = buildUser({ role: 'admin' });
    let days = 7;
    const { api } = openBoard(
      {
        [BOARD]: () => jsonResponse({ ...buildBoard([inRepair]), staleAfterDays: days }),
        'GET /api/users?active=true&page=1&pageSize=100': () =>
          jsonResponse({ items: [], total: 0, page: 1, pageSize: 100 }),
        'PUT /api/settings': (init) => {
          days = (JSON.parse(String(init?.body)) as { staleClaimDays: number }).staleClaimDays;
          return jsonResponse({ fleetDashboardCompanyId: null, staleClaimDays: days });
        },
      },
      { user: admin },
    );
    await screen.findByText('Stale: 7+ days in the same status', undefined, { timeout: 5000 });

    fireEvent.click(screen.getByRole('button', { name: /Change/ }));
    const input = await screen.findByLabelText('Stale after (days)');
    const save = within(input.closest('form')!).getByRole('button', { name: 'Save' });
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.click(save);
    expect(await screen.findByText('At least 1 day')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'PUT', '/api/settings')).toEqual([]);

    fireEvent.change(input, { target: { value: '14' } });
    fireEvent.click(save);
    expect(await screen.findByText('Stale: 14+ days in the same status')).toBeTruthy();
    expect(screen.getByText('Stale: 14+ days in the same status, for everyone.')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'PUT', '/api/settings')).toEqual([{ staleClaimDays: 14 }]);
  });

  it('shows compact columns when asked, remembers the choice for this user, and keeps cards to number, unit and days', async () => {
    window.localStorage.clear();
    const routes = {
      [BOARD]: () =>
        jsonResponse(buildBoard([inRepair, stalled], 'collision', { reported: { staleCount: 1 } })),
    };
    const first = openBoard(routes);
    await cardLink('CLM-000124');
    const toggle = screen.getByRole('button', { name: 'Compact columns' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('region', { name: 'Collision board' }).dataset.compact).toBeUndefined();
    expect(screen.getByText('Eastside Collision')).toBeTruthy();

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    const board = screen.getByRole('region', { name: 'Collision board' });
    expect(board.dataset.compact).toBe('true');
    const card = within(column('reported')).getByRole('link', { name: 'CLM-000124' }).closest('article')!;
    expect(card.dataset.compact).toBe('true');
    expect(card.hasAttribute('data-stale')).toBe(true);
    expect(card.querySelector('[data-age]')?.textContent).toContain('12 d');
    expect(within(card).getByText('ME-2001')).toBeTruthy();
    // Facility and assignee are left to the tooltip and screen readers: nothing but the number, unit and days shows.
    expect(card.getAttribute('title')).toBe('ME-2001 · 2023 Ford F-150 · No facility yet');
    expect(screen.queryByText('Eastside Collision')).toBeNull();
    expect(within(column('reported')).getByRole('button', { name: 'Move CLM-000124 to…' })).toBeTruthy();
    expect(column('reported').textContent).toContain('1 stale');
    expect(window.localStorage.getItem(`fleetclaims.claim-manager.compact-columns.${manager.id}`)).toBe(
      'true',
    );

    // The next visit opens compact; another person on this browser does not.
    first.unmount();
    const again = openBoard(routes);
    await cardLink('CLM-000124');
    expect(screen.getByRole('button', { name: 'Compact columns' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('region', { name: 'Collision board' }).dataset.compact).toBe('true');
    again.unmount();
    openBoard(routes, { user: buildUser({ id: '5e5e5e5e-0000-4000-8000-000000000009', username: 'sam' }) });
    await cardLink('CLM-000124');
    expect(screen.getByRole('button', { name: 'Compact columns' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    window.localStorage.clear();
  });
});
