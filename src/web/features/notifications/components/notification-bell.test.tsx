import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_POLL_INTERVAL_MS } from '@shared/constants';
import type { Notification } from '@shared/notifications';

import { AppRouter } from '../../../app/router';
import { buildClaim, claimPageRoutes } from '../../../test/claim-factory';
import { buildUser, callsTo, fakeApi, unauthorized } from '../../../test/fake-api';
import { jsonResponse, heldResponse } from '../../../test/fetch-stub';
import { buildNotification, buildNotifications } from '../../../test/notification-factory';
import { renderApp } from '../../../test/render-app';
import { notificationsQueryOptions } from '../api/get-notifications';

const dana = buildUser();
const CLAIM_ID = '4f7e2a10-5b7c-4d8e-9f01-23456789abcd';

type Routes = NonNullable<Parameters<typeof fakeApi>[0]['routes']>;

function openDashboard(notifications: Notification[], routes: Routes = {}) {
  const api = fakeApi({ user: dana, notifications, routes });
  const view = renderApp(<AppRouter />, { path: '/' });
  return { api, ...view };
}

const bell = (name: string | RegExp = /^Notifications/) => screen.findByRole('button', { name });

async function openPopover() {
  fireEvent.click(await bell());
  return screen.findByRole('dialog', { name: 'Notifications' });
}

/** The notification calls over a list the test can read: the poll answers it, mark-read changes it. */
function notificationServer(initial: Notification[]) {
  let list = initial;
  const routes: Routes = { 'GET /api/notifications': () => jsonResponse(list) };
  for (const { id } of initial) {
    routes[`PUT /api/notifications/${id}/read`] = () => {
      list = list.map((notification) =>
        notification.id === id ? { ...notification, isRead: true } : notification,
      );
      return jsonResponse(list.find((notification) => notification.id === id));
    };
  }
  for (const claimId of new Set(initial.map((notification) => notification.relatedVehicleId))) {
    if (!claimId) continue;
    routes[`POST /api/vehicles/${claimId}/notifications/read`] = () => {
      const updated = list.filter((n) => n.relatedVehicleId === claimId && !n.isRead).length;
      list = list.map((n) => (n.relatedVehicleId === claimId ? { ...n, isRead: true } : n));
      return jsonResponse({ updated });
    };
  }
  return routes;
}
const lastPath = (location: { history?: string[] }) => location.history?.at(-1);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the notification bell: badge', () => {
  it("shows '9+' when more than 9 are unread", async () => {
    openDashboard(buildNotifications(12));

    const button = await bell('Notifications, 9+ unread');
    expect(button.textContent).toBe('9+');
  });

  it('shows the exact count of unread notifications up to 9', async () => {
    openDashboard([...buildNotifications(9), ...buildNotifications(4, { isRead: true })]);

    const button = await bell('Notifications, 9 unread');
    expect(button.textContent).toBe('9');
  });

  it('counts only unread notifications, and shows no badge when everything is read', async () => {
    const { client } = openDashboard([buildNotification(), ...buildNotifications(2, { isRead: true })]);
    expect((await bell('Notifications, 1 unread')).textContent).toBe('1');

    fakeApi({ user: dana, notifications: buildNotifications(3, { isRead: true }) });
    await client.refetchQueries({ queryKey: ['/api/notifications'] });
    expect((await bell('Notifications')).textContent).toBe('');
  });

  it('polls every 5 seconds, also while the tab is in the background', () => {
    const options = notificationsQueryOptions();
    expect(options.refetchInterval).toBe(NOTIFICATION_POLL_INTERVAL_MS);
    expect(options.refetchIntervalInBackground).toBe(true);
  });
});

describe('the notification bell: popover', () => {
  it('lists each notification with its title, message, relative time and type icon', async () => {
    const mention = buildNotification({
      type: 'mention',
      title: 'Dana mentioned you',
      message: '@sam can you call the shop?',
      createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    });
    const system = buildNotification({ title: 'Bug reported (low)', isRead: true });
    openDashboard([mention, system]);

    const popover = await openPopover();
    const list = await within(popover).findByRole('list', { name: 'Latest notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Dana mentioned you');
    expect(items[0]!.textContent).toContain('@sam can you call the shop?');
    expect(within(items[0]!).getByText('5 minutes ago')).toBeTruthy();

    const mentionIcon = within(items[0]!).getByRole('img', { name: 'Mention' });
    const systemIcon = within(items[1]!).getByRole('img', { name: 'System' });
    expect(mentionIcon.querySelector('svg')?.getAttribute('class')).toContain('lucide-at-sign');
    expect(systemIcon.querySelector('svg')?.getAttribute('class')).not.toContain('lucide-at-sign');
  });

  it('scrolls the list within 24rem', async () => {
    openDashboard(buildNotifications(30));
    const popover = await openPopover();
    expect(within(popover).getByRole('list').className).toContain('max-h-96');
    expect(within(popover).getByRole('list').className).toContain('overflow-y-auto');
  });

  it('marks an item read when clicked and opens its claim', async () => {
    const assigned = buildNotification({
      type: 'assignment',
      title: 'Claim CLM-000123 assigned to you',
      relatedVehicleId: CLAIM_ID,
    });
    const { api, location } = openDashboard([], notificationServer([assigned, buildNotification()]));

    const popover = await openPopover();
    fireEvent.click(within(popover).getByRole('link', { name: /Claim CLM-000123 assigned to you/ }));

    await waitFor(() => expect(lastPath(location)).toBe(`/vehicles/${CLAIM_ID}`));
    // The click and the claim page as it opens both mark the claim's notifications read.
    expect(
      callsTo(api.fetchMock, 'POST', `/api/vehicles/${CLAIM_ID}/notifications/read`).length,
    ).toBeGreaterThan(0);
    expect(await bell('Notifications, 1 unread')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull());
  });

  it('groups a claim’s notifications into one line with a count; opening it marks them all read', async () => {
    const moves = Array.from({ length: 7 }, (_, index) =>
      buildNotification({
        type: 'status_change',
        title: `CLM-000123 moved (${7 - index})`,
        relatedVehicleId: CLAIM_ID,
        isRead: index >= 5,
      }),
    );
    const other = buildNotification({
      title: 'Elsewhere',
      relatedVehicleId: '5f7e2a10-5b7c-4d8e-9f01-23456789abcd',
    });
    const notice = buildNotification({ title: 'Maintenance tonight' });
    const { api } = openDashboard([], notificationServer([...moves, other, notice]));

    expect(await bell('Notifications, 7 unread')).toBeTruthy();
    const popover = await openPopover();
    const items = within(within(popover).getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]!.textContent).toContain('CLM-000123 moved (7)');
    expect(within(items[0]!).getByTestId('notification-count').textContent).toBe(
      '7 notifications about this claim · 5 unread',
    );
    expect(within(items[1]!).queryByTestId('notification-count')).toBeNull();

    fireEvent.click(within(items[0]!).getByRole('link'));
    expect(await bell('Notifications, 2 unread')).toBeTruthy();
    expect(
      callsTo(api.fetchMock, 'POST', `/api/vehicles/${CLAIM_ID}/notifications/read`).length,
    ).toBeGreaterThan(0);
    expect(callsTo(api.fetchMock, 'PUT', `/api/notifications/${moves[0]!.id}/read`)).toEqual([]);
  });

  it('opening a claim page marks all of that claim’s notifications read, whatever way it was opened', async () => {
    const claim = buildClaim();
    const onClaim = buildNotifications(3, { type: 'status_change', relatedVehicleId: claim.id });
    const notice = buildNotification({ title: 'Maintenance tonight' });
    const server = notificationServer([...onClaim, notice]);
    const api = fakeApi({ user: dana, routes: { ...claimPageRoutes(claim), ...server } });
    renderApp(<AppRouter />, { path: `/vehicles/${claim.id}` });
    expect(await bell('Notifications, 1 unread')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', `/api/vehicles/${claim.id}/notifications/read`)).toHaveLength(1);
  });

  it('marks an item without a claim read when clicked, and stays open', async () => {
    const notice = buildNotification({ title: 'Maintenance tonight' });
    const { api, location } = openDashboard([], notificationServer([notice]));

    const popover = await openPopover();
    fireEvent.click(within(popover).getByRole('button', { name: /Unread: Maintenance tonight/ }));

    expect(await bell('Notifications')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'PUT', `/api/notifications/${notice.id}/read`)).toHaveLength(1);
    expect(lastPath(location)).toBe('/');
    expect(screen.getByRole('dialog', { name: 'Notifications' })).toBeTruthy();
  });

  it('the check button marks that one notification read without opening its claim', async () => {
    const assigned = buildNotification({ title: 'Claim assigned', relatedVehicleId: CLAIM_ID });
    const { api, location } = openDashboard([], notificationServer([assigned]));

    const popover = await openPopover();
    fireEvent.click(within(popover).getByRole('button', { name: 'Mark "Claim assigned" as read' }));

    expect(await bell('Notifications')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'PUT', `/api/notifications/${assigned.id}/read`)).toHaveLength(1);
    expect(lastPath(location)).toBe('/');
    const stillOpen = screen.getByRole('dialog', { name: 'Notifications' });
    expect(within(stillOpen).queryByRole('button', { name: /as read$/ })).toBeNull();
  });

  it('puts the item back to unread and says so when marking it read fails', async () => {
    const notice = buildNotification({ title: 'Maintenance tonight' });
    openDashboard([notice], {
      [`PUT /api/notifications/${notice.id}/read`]: () =>
        jsonResponse({ message: 'Database unavailable' }, { status: 503 }),
    });

    const popover = await openPopover();
    fireEvent.click(within(popover).getByRole('button', { name: 'Mark "Maintenance tonight" as read' }));

    expect(await screen.findByText('Could not mark the notification as read')).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    expect(await bell('Notifications, 1 unread')).toBeTruthy();
  });

  it("'Mark all as read' marks every notification read", async () => {
    let all = buildNotifications(3);
    const { api } = openDashboard([], {
      'GET /api/notifications': () => jsonResponse(all),
      'POST /api/notifications/read-all': () => {
        all = all.map((notification) => ({ ...notification, isRead: true }));
        return jsonResponse({ updated: 3 });
      },
    });

    const popover = await openPopover();
    fireEvent.click(within(popover).getByRole('button', { name: 'Mark all as read' }));

    expect(await bell('Notifications')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', '/api/notifications/read-all')).toHaveLength(1);
    expect(within(popover).queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });

  it("'View All' leads to /notifications", async () => {
    const { location } = openDashboard([buildNotification()]);
    const popover = await openPopover();

    const viewAll = within(popover).getByRole('link', { name: 'View All' });
    expect(viewAll.getAttribute('href')).toBe('/notifications');
    fireEvent.click(viewAll);
    await waitFor(() => expect(lastPath(location)).toBe('/notifications'));
  });

  it('says when there are no notifications yet', async () => {
    openDashboard([]);
    const popover = await openPopover();
    expect(within(popover).getByText('No notifications yet')).toBeTruthy();
    expect(within(popover).queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });

  it('shows a loading state until the list arrives', async () => {
    const answer = heldResponse();
    openDashboard([], {
      'GET /api/notifications': answer.route,
    });
    const popover = await openPopover();
    expect(within(popover).getByRole('status', { name: 'Loading notifications' })).toBeTruthy();

    answer.release(jsonResponse([buildNotification({ title: 'Arrived' })]));
    expect(await within(popover).findByText('Arrived')).toBeTruthy();
  });
});

describe('the notification bell: what a claim’s group holds', () => {
  const onClaim = (type: Notification['type'], title: string, isRead = false) =>
    buildNotification({ type, title, relatedVehicleId: CLAIM_ID, isRead });

  /** An assignment and three estimates awaiting review on one claim, with a mention among them. */
  function claimTraffic() {
    const review3 = onClaim('estimate_review', 'Supplement 2 awaits review on CLM-000123: $310.00');
    const mention = onClaim('mention', 'Dana Reyes mentioned you on CLM-000123');
    const review2 = onClaim('estimate_review', 'Supplement 1 awaits review on CLM-000123: $120.00');
    const review1 = onClaim('estimate_review', 'Original awaits review on CLM-000123: $1,240.00', true);
    const assigned = onClaim('assignment', 'CLM-000123 was assigned to you');
    return {
      review3,
      mention,
      review2,
      review1,
      assigned,
      all: [review3, mention, review2, review1, assigned],
    };
  }

  async function openGroup() {
    const popover = await openPopover();
    const toggle = within(popover).getByRole('button', {
      name: '4 notifications about this claim · 3 unread',
    });
    return { popover, toggle };
  }

  it('shows a mention about the claim on its own line, not folded into the group', async () => {
    openDashboard(claimTraffic().all);
    const popover = await openPopover();
    const lines = within(within(popover).getByRole('list')).getAllByRole('listitem');
    expect(lines.map((line) => line.querySelector('a')?.textContent)).toEqual([
      expect.stringContaining('Supplement 2 awaits review on CLM-000123: $310.00'),
      expect.stringContaining('Dana Reyes mentioned you on CLM-000123'),
    ]);
    expect(within(lines[1]!).queryByTestId('notification-count')).toBeNull();
  });

  it('expands to list every notification of the group, and collapses again', async () => {
    openDashboard(claimTraffic().all);
    const { popover, toggle } = await openGroup();
    expect(toggle.tagName).toBe('BUTTON');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(popover).queryByRole('list', { name: 'Notifications about this claim' })).toBeNull();

    toggle.focus();
    fireEvent.click(toggle);

    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const inner = within(popover).getByRole('list', { name: 'Notifications about this claim' });
    expect(toggle.getAttribute('aria-controls')).toBe(inner.id);
    expect(
      within(inner)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      expect.stringContaining('Unread: Supplement 2 awaits review on CLM-000123: $310.00'),
      expect.stringContaining('Unread: Supplement 1 awaits review on CLM-000123: $120.00'),
      expect.stringMatching(/(?<!Unread: )Original awaits review on CLM-000123: \$1,240\.00/),
      expect.stringContaining('Unread: CLM-000123 was assigned to you'),
    ]);
    expect(within(inner).queryByText(/mentioned you/)).toBeNull();
    expect(document.activeElement).toBe(toggle);

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(popover).queryByRole('list', { name: 'Notifications about this claim' })).toBeNull();
  });

  it('opens an item inside the group: its claim opens, it is marked read, the popover closes', async () => {
    const { assigned, all } = claimTraffic();
    const { api, location } = openDashboard([], notificationServer(all));
    const { popover, toggle } = await openGroup();
    fireEvent.click(toggle);
    const inner = within(popover).getByRole('list', { name: 'Notifications about this claim' });

    fireEvent.click(within(inner).getByRole('link', { name: /CLM-000123 was assigned to you/ }));

    await waitFor(() => expect(lastPath(location)).toBe(`/vehicles/${CLAIM_ID}`));
    expect(
      callsTo(api.fetchMock, 'POST', `/api/vehicles/${CLAIM_ID}/notifications/read`).length,
    ).toBeGreaterThan(0);
    expect(callsTo(api.fetchMock, 'PUT', `/api/notifications/${assigned.id}/read`)).toEqual([]);
    expect(await bell('Notifications')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull());
  });

  it('an item’s check button inside the group marks only that one read, and keeps focus on its line', async () => {
    const { review2, all } = claimTraffic();
    const { api, location } = openDashboard([], notificationServer(all));
    const { popover, toggle } = await openGroup();
    fireEvent.click(toggle);
    const inner = within(popover).getByRole('list', { name: 'Notifications about this claim' });

    fireEvent.click(
      within(inner).getByRole('button', {
        name: 'Mark "Supplement 1 awaits review on CLM-000123: $120.00" as read',
      }),
    );

    expect(await bell('Notifications, 3 unread')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'PUT', `/api/notifications/${review2.id}/read`)).toHaveLength(1);
    expect(callsTo(api.fetchMock, 'POST', `/api/vehicles/${CLAIM_ID}/notifications/read`)).toEqual([]);
    expect(lastPath(location)).toBe('/');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('4 notifications about this claim · 2 unread');
    expect(document.activeElement?.textContent).toContain(
      'Supplement 1 awaits review on CLM-000123: $120.00',
    );
  });

  it('the group’s check button marks the group’s notifications read, not the mention beside it', async () => {
    const { mention, review3, review2, assigned, all } = claimTraffic();
    const { api } = openDashboard([], notificationServer(all));
    const popover = await openPopover();

    fireEvent.click(
      within(popover).getByRole('button', {
        name: 'Mark "Supplement 2 awaits review on CLM-000123: $310.00" and 3 more as read',
      }),
    );

    expect(await bell('Notifications, 1 unread')).toBeTruthy();
    for (const { id } of [review3, review2, assigned]) {
      expect(callsTo(api.fetchMock, 'PUT', `/api/notifications/${id}/read`)).toHaveLength(1);
    }
    expect(callsTo(api.fetchMock, 'PUT', `/api/notifications/${mention.id}/read`)).toEqual([]);
    expect(callsTo(api.fetchMock, 'POST', `/api/vehicles/${CLAIM_ID}/notifications/read`)).toEqual([]);
  });
});

describe('the notification poll', () => {
  it('sends the last ETag and keeps the list on a 304', async () => {
    const list = [buildNotification({ title: 'Still here' })];
    const { api, client } = openDashboard([], {
      'GET /api/notifications': (init) =>
        new Headers(init?.headers).get('If-None-Match') === 'W/"n7"'
          ? new Response(null, { status: 304 })
          : jsonResponse(list, { headers: { ETag: 'W/"n7"' } }),
    });
    await bell('Notifications, 1 unread');
    const cached = client.getQueryData(['/api/notifications']);

    await client.refetchQueries({ queryKey: ['/api/notifications'], exact: true });

    const polls = api.fetchMock.mock.calls.filter(([url]) => url === '/api/notifications');
    expect(polls).toHaveLength(2);
    expect(new Headers(polls[0]![1]?.headers).get('If-None-Match')).toBeNull();
    expect(new Headers(polls[1]![1]?.headers).get('If-None-Match')).toBe('W/"n7"');
    expect(client.getQueryData(['/api/notifications'])).toBe(cached);
    expect(client.getQueryState(['/api/notifications'])?.status).toBe('success');
    expect(await bell('Notifications, 1 unread')).toBeTruthy();
    const popover = await openPopover();
    expect(within(popover).getByText('Still here')).toBeTruthy();
  });

  it('takes the new list when the ETag changed', async () => {
    let list = [buildNotification()];
    const { client } = openDashboard([], {
      'GET /api/notifications': () => jsonResponse(list, { headers: { ETag: `W/"n${list.length}"` } }),
    });
    await bell('Notifications, 1 unread');

    list = buildNotifications(4);
    await client.refetchQueries({ queryKey: ['/api/notifications'], exact: true });
    expect(await bell('Notifications, 4 unread')).toBeTruthy();
  });

  it('ends the session when the poll answers 401', async () => {
    const { api, client, location } = openDashboard([]);
    await bell('Notifications');
    api.state.user = null;
    fakeApi({ user: null, routes: { 'GET /api/notifications': unauthorized } });

    await client.refetchQueries({ queryKey: ['/api/notifications'], exact: true });

    expect(await screen.findByText('Session Expired')).toBeTruthy();
    expect(screen.getByText('Your session has expired. Please log in again.')).toBeTruthy();
    await waitFor(() => expect(lastPath(location)).toBe('/auth'));
  });
});
