import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@shared/notifications';

import { NOTIFICATION_FEED_PAGE_SIZE } from '../../features/notifications';
import { buildUser, callsTo, fakeApi } from '../../test/fake-api';
import { jsonResponse, heldResponse } from '../../test/fetch-stub';
import { buildNotification, buildNotifications } from '../../test/notification-factory';
import { renderApp } from '../../test/render-app';
import { AppRouter } from '../router';

const dana = buildUser();
const CLAIM_ID = '4f7e2a10-5b7c-4d8e-9f01-23456789abcd';

type Routes = NonNullable<Parameters<typeof fakeApi>[0]['routes']>;

const feedUrl = (filter: 'all' | 'unread', after?: string) =>
  `/api/notifications?filter=${filter}&limit=${NOTIFICATION_FEED_PAGE_SIZE}${after ? `&after=${after}` : ''}`;

/**
 * The notification calls over one list: the poll and the pages answer it (with the `after` cursor), and
 * mark-read (one, or all of a claim's) / mark-all change it, as the server does.
 */
function notificationServer(initial: Notification[]) {
  let list = initial;
  const page = (url: string) => {
    const params = new URL(url, 'http://localhost').searchParams;
    const matching = params.get('filter') === 'unread' ? list.filter((n) => !n.isRead) : list;
    const after = params.get('after');
    const start = after ? matching.findIndex((n) => n.id === after) + 1 : 0;
    return jsonResponse(matching.slice(start, start + Number(params.get('limit'))));
  };
  const routes: Routes = {
    'GET /api/notifications': () => jsonResponse(list.slice(0, 50)),
    'POST /api/notifications/read-all': () => {
      const updated = list.filter((n) => !n.isRead).length;
      list = list.map((n) => ({ ...n, isRead: true }));
      return jsonResponse({ updated });
    },
  };
  for (const filter of ['all', 'unread'] as const) {
    routes[`GET ${feedUrl(filter)}`] = () => page(feedUrl(filter));
    for (const { id } of initial) routes[`GET ${feedUrl(filter, id)}`] = () => page(feedUrl(filter, id));
  }
  for (const claimId of new Set(initial.map((n) => n.relatedVehicleId).filter(Boolean))) {
    routes[`POST /api/vehicles/${claimId}/notifications/read`] = () => {
      const updated = list.filter((n) => n.relatedVehicleId === claimId && !n.isRead).length;
      list = list.map((n) => (n.relatedVehicleId === claimId ? { ...n, isRead: true } : n));
      return jsonResponse({ updated });
    };
  }
  for (const { id } of initial) {
    routes[`PUT /api/notifications/${id}/read`] = () => {
      list = list.map((n) => (n.id === id ? { ...n, isRead: true } : n));
      return jsonResponse(list.find((n) => n.id === id));
    };
  }
  return routes;
}

function openNotifications(routes: Routes, path = '/notifications') {
  const api = fakeApi({ user: dana, routes });
  return { api, ...renderApp(<AppRouter />, { path }) };
}

const feed = (name: 'All notifications' | 'Unread notifications') => screen.findByRole('list', { name });
const lastPath = (location: { history?: string[] }) => location.history?.at(-1);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the notifications page', () => {
  it('lists every notification, read or not, with relative times', async () => {
    const unread = buildNotification({
      title: 'Estimate ready for review',
      createdAt: new Date(Date.now() - 3 * 60 * 60_000).toISOString(),
    });
    const read = buildNotification({
      title: 'Claim closed',
      isRead: true,
      createdAt: new Date(Date.now() - 2 * 24 * 60 * 60_000).toISOString(),
    });
    openNotifications(notificationServer([unread, read]));

    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeTruthy();
    const items = within(await feed('All notifications')).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('time')?.textContent)).toEqual([
      '3 hours ago',
      '2 days ago',
    ]);
    expect(items[0]!.textContent).toContain('Estimate ready for review');
    expect(items[1]!.textContent).toContain('Claim closed');
    expect(
      within(items[0]!).getByRole('button', { name: 'Mark "Estimate ready for review" as read' }),
    ).toBeTruthy();
    expect(within(items[1]!).queryByRole('button', { name: /^Mark ".*" as read$/ })).toBeNull();
  });

  it('shows only unread notifications under Unread, and keeps the filter in the address', async () => {
    const { location } = openNotifications(
      notificationServer([
        buildNotification({ title: 'Needs you' }),
        buildNotification({ title: 'Old news', isRead: true }),
      ]),
    );
    await feed('All notifications');

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Unread' }));

    const unread = await feed('Unread notifications');
    expect(
      within(unread)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Needs you')]);
    expect(lastPath(location)).toBe('/notifications?filter=unread');
    expect(screen.getByRole('tab', { name: 'Unread' }).getAttribute('aria-selected')).toBe('true');
  });

  it('opens on the Unread filter from the address', async () => {
    openNotifications(
      notificationServer([buildNotification({ title: 'Needs you' })]),
      '/notifications?filter=unread',
    );
    expect(await feed('Unread notifications')).toBeTruthy();
  });

  it('says there is nothing yet, or that the user is all caught up', async () => {
    openNotifications(
      notificationServer([buildNotification({ isRead: true })]),
      '/notifications?filter=unread',
    );
    expect(await screen.findByText("You're all caught up")).toBeTruthy();
    expect(screen.getByText('You have no unread notifications.')).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'All' }));
    expect(await feed('All notifications')).toBeTruthy();
  });

  it('says when there are no notifications at all', async () => {
    openNotifications(notificationServer([]));
    expect(await screen.findByText('No notifications yet')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('loads more, page by page, after the last one shown', async () => {
    const all = buildNotifications(NOTIFICATION_FEED_PAGE_SIZE + 5, { isRead: true });
    const { api } = openNotifications(notificationServer(all));
    expect(within(await feed('All notifications')).getAllByRole('listitem')).toHaveLength(
      NOTIFICATION_FEED_PAGE_SIZE,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));

    await waitFor(async () =>
      expect(within(await feed('All notifications')).getAllByRole('listitem')).toHaveLength(all.length),
    );
    const lastOfFirstPage = all[NOTIFICATION_FEED_PAGE_SIZE - 1]!.id;
    expect(callsTo(api.fetchMock, 'GET', feedUrl('all', lastOfFirstPage))).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText("That's all of your notifications.")).toBeTruthy();
  });

  it('offers no "Load more" when everything fits on one page', async () => {
    openNotifications(notificationServer(buildNotifications(3)));
    await feed('All notifications');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it("marks the claim's notifications read when one is clicked and opens its claim", async () => {
    const assigned = buildNotification({ title: 'Claim assigned to you', relatedVehicleId: CLAIM_ID });
    const { api, location } = openNotifications(notificationServer([assigned]));

    fireEvent.click(
      within(await feed('All notifications')).getByRole('link', { name: /Claim assigned to you/ }),
    );

    await waitFor(() => expect(lastPath(location)).toBe(`/vehicles/${CLAIM_ID}`));
    // The click marks them read at once; the claim page, as it opens, asks the same again.
    expect(
      callsTo(api.fetchMock, 'POST', `/api/vehicles/${CLAIM_ID}/notifications/read`).length,
    ).toBeGreaterThan(0);
    expect(callsTo(api.fetchMock, 'PUT', `/api/notifications/${assigned.id}/read`)).toHaveLength(0);
  });

  it("opens Driver Reports from a driver's report, which is about no claim yet, and marks it read", async () => {
    const reported = buildNotification({
      type: 'driver_report',
      title: 'Driver report DR-000042',
      relatedVehicleId: null,
    });
    const { api, location } = openNotifications({
      ...notificationServer([reported]),
      'GET /api/driver-reports?status=new&page=1': () =>
        jsonResponse({ items: [], total: 0, page: 1, pageSize: 20 }),
    });

    fireEvent.click(
      within(await feed('All notifications')).getByRole('link', { name: /Driver report DR-000042/ }),
    );

    await waitFor(() => expect(lastPath(location)).toBe('/driver-reports'));
    expect(callsTo(api.fetchMock, 'PUT', `/api/notifications/${reported.id}/read`)).toHaveLength(1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Driver Reports' })).toBeTruthy();
  });

  it('marks one notification read when it is about no claim', async () => {
    const notice = buildNotification({ title: 'Maintenance tonight', relatedVehicleId: null });
    const { api } = openNotifications(notificationServer([notice]));

    fireEvent.click(await screen.findByRole('button', { name: 'Mark "Maintenance tonight" as read' }));

    await waitFor(() => expect(screen.queryByRole('button', { name: /^Mark ".*" as read$/ })).toBeNull());
    expect(callsTo(api.fetchMock, 'PUT', `/api/notifications/${notice.id}/read`)).toHaveLength(1);
  });

  it('the check button marks that notification read and stays on the page', async () => {
    const assigned = buildNotification({ title: 'Claim assigned to you', relatedVehicleId: CLAIM_ID });
    const { api, location } = openNotifications(notificationServer([assigned]));

    fireEvent.click(await screen.findByRole('button', { name: 'Mark "Claim assigned to you" as read' }));

    await waitFor(() => expect(screen.queryByRole('button', { name: /^Mark ".*" as read$/ })).toBeNull());
    expect(callsTo(api.fetchMock, 'PUT', `/api/notifications/${assigned.id}/read`)).toHaveLength(1);
    expect(lastPath(location)).toBe('/notifications');
  });

  it("'Mark all as read' empties the Unread filter", async () => {
    const { api } = openNotifications(
      notificationServer(buildNotifications(4)),
      '/notifications?filter=unread',
    );
    expect(within(await feed('Unread notifications')).getAllByRole('listitem')).toHaveLength(4);

    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));

    expect(await screen.findByText("You're all caught up")).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', '/api/notifications/read-all')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
  });

  it('shows a loading state, then the list', async () => {
    const answer = heldResponse();
    openNotifications({
      [`GET ${feedUrl('all')}`]: answer.route,
    });
    expect(await screen.findByRole('status', { name: 'Loading notifications' })).toBeTruthy();

    answer.release(jsonResponse([buildNotification({ title: 'Here it is' })]));
    expect(await screen.findByText('Here it is')).toBeTruthy();
  });

  it('says when the list cannot be loaded and tries again', async () => {
    openNotifications({
      [`GET ${feedUrl('all')}`]: () => jsonResponse({ message: 'Database unavailable' }, { status: 503 }),
    });
    expect(await screen.findByText('Notifications could not be loaded')).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();

    fakeApi({ user: dana, routes: notificationServer([buildNotification({ title: 'Back again' })]) });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back again')).toBeTruthy();
  });

  it('shows new notifications when the poll finds a change', async () => {
    let routes = notificationServer([buildNotification({ title: 'First' })]);
    const fake = fakeApi({ user: dana, routes: { ...routes } });
    const { client } = renderApp(<AppRouter />, { path: '/notifications' });
    await screen.findByText('First', { selector: 'span' });
    expect(fake).toBeTruthy();

    routes = notificationServer([
      buildNotification({ title: 'Second' }),
      buildNotification({ title: 'First' }),
    ]);
    fakeApi({ user: dana, routes });
    await client.refetchQueries({ queryKey: ['/api/notifications'], exact: true });

    const items = await waitFor(async () => {
      const list = within(await feed('All notifications')).getAllByRole('listitem');
      expect(list).toHaveLength(2);
      return list;
    });
    expect(items[0]!.textContent).toContain('Second');
  });
});
