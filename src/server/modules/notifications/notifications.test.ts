import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.js';
import { buildUser, loginAs } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { systemActor } from '../../actor.js';
import { notify } from './notifications.service.js';

describe('notifications', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const list = (cookie: string, query = '', headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: `/api/notifications${query}`, headers: { cookie, ...headers } });
  // PGlite's clock ticks in milliseconds, so notifications sent one after another can share a timestamp;
  // the tests that read an order give each one its own minute.
  let minute = 0;
  const system = systemActor('test');
  const notifyInTurn = async (...args: Parameters<typeof notify>) => {
    await notify(...args);
    minute += 1;
    await db
      .update(notifications)
      .set({ createdAt: new Date(Date.UTC(2026, 0, 1, 0, minute)) })
      .where(eq(notifications.title, args[3].title));
  };

  it('lists only the user’s own notifications, newest first, with the spec fields', async () => {
    const user = await buildUser(db);
    const other = await buildUser(db);
    const cookie = await loginAs(app, user);
    await notifyInTurn(db, system, [user.id], { type: 'system', title: 'First', message: 'one' });
    await notifyInTurn(db, system, [user.id, other.id], {
      type: 'mention',
      title: 'Second',
      message: 'two',
      relatedVehicleId: '7d6c3a52-6f1b-4d8a-9a53-0a8f3c1e2b44',
    });
    const response = await list(cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.map((n: { title: string }) => n.title)).toEqual(['Second', 'First']);
    expect(body[0]).toEqual({
      id: expect.any(String),
      type: 'mention',
      title: 'Second',
      message: 'two',
      isRead: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      relatedVehicleId: '7d6c3a52-6f1b-4d8a-9a53-0a8f3c1e2b44',
    });
  });

  it('answers the poll with 304 while nothing changed, and the list again after a change', async () => {
    const user = await buildUser(db);
    const cookie = await loginAs(app, user);
    await notify(db, system, [user.id], { type: 'system', title: 'Hello', message: 'there' });
    const first = await list(cookie);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const unchanged = await list(cookie, '', { 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    await notify(db, system, [user.id], { type: 'system', title: 'New', message: 'news' });
    const changed = await list(cookie, '', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()[0].title).toBe('New');

    const afterRead = await list(cookie, '', { 'if-none-match': String(changed.headers.etag) });
    expect(afterRead.statusCode).toBe(304);
    await app.inject({
      method: 'PUT',
      url: `/api/notifications/${changed.json()[0].id}/read`,
      headers: { cookie },
    });
    expect((await list(cookie, '', { 'if-none-match': String(changed.headers.etag) })).statusCode).toBe(200);
  });

  it('never answers 304 to another user holding the same version', async () => {
    const first = await buildUser(db);
    const second = await buildUser(db);
    const firstList = await list(await loginAs(app, first));
    const fromSecond = await list(await loginAs(app, second), '', {
      'if-none-match': String(firstList.headers.etag),
    });
    expect(fromSecond.statusCode).toBe(200);
    expect(fromSecond.headers.vary).toBe('Cookie');
  });

  it('marks one read, refuses another user’s (404), and marks all read', async () => {
    const user = await buildUser(db);
    const other = await buildUser(db);
    const cookie = await loginAs(app, user);
    await notify(db, system, [user.id], { type: 'system', title: 'A', message: 'a' });
    await notify(db, system, [user.id], { type: 'system', title: 'B', message: 'b' });
    await notify(db, system, [other.id], { type: 'system', title: 'Theirs', message: 'x' });
    const [b, a] = (await list(cookie)).json();
    const read = await app.inject({
      method: 'PUT',
      url: `/api/notifications/${a.id}/read`,
      headers: { cookie },
    });
    expect(read.json()).toMatchObject({ id: a.id, isRead: true });
    expect((await list(cookie, '?filter=unread')).json().map((n: { id: string }) => n.id)).toEqual([b.id]);

    const theirs = (await list(await loginAs(app, other))).json()[0];
    const refused = await app.inject({
      method: 'PUT',
      url: `/api/notifications/${theirs.id}/read`,
      headers: { cookie },
    });
    expect(refused.statusCode).toBe(404);

    const all = await app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: { cookie } });
    expect(all.json()).toEqual({ updated: 1 });
    expect((await list(cookie, '?filter=unread')).json()).toEqual([]);
  });

  it('marks read all of a claim’s notifications for the user who opens it, and only those', async () => {
    const user = await buildUser(db);
    const other = await buildUser(db);
    const cookie = await loginAs(app, user);
    const claimId = '0b0c7c52-6f1b-4d8a-9a53-0a8f3c1e2b01';
    const otherClaimId = '0b0c7c52-6f1b-4d8a-9a53-0a8f3c1e2b02';
    for (const title of ['Moved 1', 'Moved 2', 'Moved 3']) {
      await notify(db, system, [user.id, other.id], {
        type: 'status_change',
        title,
        message: 'm',
        relatedVehicleId: claimId,
      });
    }
    await notify(db, system, [user.id], {
      type: 'mention',
      title: 'Elsewhere',
      message: 'e',
      relatedVehicleId: otherClaimId,
    });
    const read = (id: string) =>
      app.inject({ method: 'POST', url: `/api/vehicles/${id}/notifications/read`, headers: { cookie } });
    expect((await read(claimId)).json()).toEqual({ updated: 3 });
    const unread = (await list(cookie, '?filter=unread')).json();
    expect(unread.map((n: { title: string }) => n.title)).toEqual(['Elsewhere']);
    const theirs = (await list(await loginAs(app, other), '?filter=unread')).json();
    expect(theirs).toHaveLength(3);

    // Opening it again changes nothing, so the poll still answers 304.
    const etag = String((await list(cookie)).headers.etag);
    expect((await read(claimId)).json()).toEqual({ updated: 0 });
    expect((await list(cookie, '', { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await read('not-a-uuid')).statusCode).toBe(400);
  });

  it('pages with a cursor and bounds the page size', async () => {
    const user = await buildUser(db);
    const cookie = await loginAs(app, user);
    for (let i = 1; i <= 5; i++)
      await notifyInTurn(db, system, [user.id], { type: 'system', title: `N${i}`, message: '' });
    const first = (await list(cookie, '?limit=2')).json();
    expect(first.map((n: { title: string }) => n.title)).toEqual(['N5', 'N4']);
    const second = (await list(cookie, `?limit=2&after=${first[1].id}`)).json();
    expect(second.map((n: { title: string }) => n.title)).toEqual(['N3', 'N2']);
    expect((await list(cookie, '?limit=1000')).statusCode).toBe(400);
  });
});
