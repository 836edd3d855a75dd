import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@shared/notification-preferences.js';
import { mailOutbox, notifications } from '../../db/schema/index.js';
import { createClaimVia, newClaimInput } from '../../test/claim-factories.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { systemActor, userActor } from '../../actor.js';
import { notify } from './notifications.service.js';

const CLAIM_ID = '7d6c3a52-6f1b-4d8a-9a53-0a8f3c1e2b44';

describe('notification preferences', async () => {
  // The server's default zone: what a user without a company sees the digest's time in.
  const { app, database } = await createTestApp({ env: { DEFAULT_TIME_ZONE: 'America/Phoenix' } });
  const db = database.db;
  const system = systemActor('test');
  const url = '/api/user/notification-preferences';
  const save = (cookie: string, payload: object) =>
    app.inject({ method: 'PUT', url, headers: { cookie }, payload });
  const mailTo = (to: string) =>
    db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.createdAt));
  const rowsOf = (userId: string) => db.select().from(notifications).where(eq(notifications.userId, userId));

  it('starts with everything in the app, and mentions, authorization requests and drivers’ reports by email too', async () => {
    const user = await buildUser(db);
    const response = await app.inject({ method: 'GET', url, headers: { cookie: await loginAs(app, user) } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      digestTimeZone: 'America/Phoenix',
    });
    const emailed = Object.entries(response.json().channels)
      .filter(([, channels]) => (channels as { email: boolean }).email)
      .map(([type]) => type);
    expect(emailed).toEqual(['mention', 'authorization_request', 'driver_report']);
    expect(Object.values(response.json().channels).every((c) => (c as { inApp: boolean }).inApp)).toBe(true);
    expect(response.json().dailyDigest).toBe(false);
  });

  it('names the zone of the user’s companies for the digest’s time when they share one', async () => {
    const chicago = await buildCompany(db, { timeZone: 'America/Chicago' });
    const alsoChicago = await buildCompany(db, { timeZone: 'America/Chicago' });
    const newYork = await buildCompany(db, { timeZone: 'America/New_York' });
    const zoneOf = async (companyIds: string[]) => {
      const cookie = await loginAs(app, await buildUser(db, { companyIds }));
      return (await app.inject({ method: 'GET', url, headers: { cookie } })).json().digestTimeZone;
    };
    expect(await zoneOf([chicago.id, alsoChicago.id])).toBe('America/Chicago');
    expect(await zoneOf([chicago.id, newYork.id])).toBe('America/Phoenix');
  });

  it('saves each user’s own choices, refuses a bad body and needs a session', async () => {
    const user = await buildUser(db);
    const other = await buildUser(db);
    const cookie = await loginAs(app, user);
    const chosen = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
    chosen.channels.status_change = { inApp: false, email: true };
    chosen.dailyDigest = true;
    const saved = await save(cookie, chosen);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ...chosen, digestTimeZone: 'America/Phoenix' });
    expect((await app.inject({ method: 'GET', url, headers: { cookie } })).json()).toEqual({
      ...chosen,
      digestTimeZone: 'America/Phoenix',
    });
    const theirs = await app.inject({ method: 'GET', url, headers: { cookie: await loginAs(app, other) } });
    expect(theirs.json()).toEqual({ ...DEFAULT_NOTIFICATION_PREFERENCES, digestTimeZone: 'America/Phoenix' });

    const bad = await save(cookie, { channels: { mention: { inApp: 'yes' } }, dailyDigest: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(expect.any(String));
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await app.inject({ method: 'PUT', url, payload: chosen })).statusCode).toBe(401);
  });

  it('leaves no row when a kind is off in the app, and mails it with a link to the claim when by email', async () => {
    const user = await buildUser(db);
    const chosen = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
    chosen.channels.status_change = { inApp: false, email: true };
    chosen.channels.assignment = { inApp: false, email: false };
    await save(await loginAs(app, user), chosen);
    const mover = await buildUser(db, { firstName: 'Sam', lastName: 'Manager' });
    const actor = userActor({ user: mover, companyIds: [] });

    await notify(db, actor, [user.id], {
      type: 'status_change',
      title: 'CLM-000042 is now In repair',
      message: '4821: Parts ordered → In repair',
      relatedVehicleId: CLAIM_ID,
      mail: {
        template: 'claim_status_changed',
        values: {
          claimNumber: 'CLM-000042',
          vehicle: 'Unit 4821',
          previousStatus: 'Parts ordered',
          status: 'In repair',
        },
      },
    });
    await notify(db, actor, [user.id], { type: 'assignment', title: 'Assigned', message: 'to you' });
    expect(await rowsOf(user.id)).toEqual([]);
    const mail = await mailTo(user.email!);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      templateKey: 'claim_status_changed',
      subject: 'Claim CLM-000042 is now In repair',
      status: 'pending',
    });
    expect(mail[0]!.text).toBe(
      `Claim CLM-000042 (Unit 4821) moved from Parts ordered to In repair by Sam Manager.\n\nhttp://localhost:5000/vehicles/${CLAIM_ID}`,
    );
  });

  it('mails by default only what is emailed by default, with the generic template when a kind has none', async () => {
    const user = await buildUser(db);
    const noAddress = await buildUser(db, { email: null });
    const inactive = await buildUser(db, { active: false });
    const everyone = [user.id, noAddress.id, inactive.id];
    await notify(db, system, everyone, { type: 'status_change', title: 'Moved', message: 'on' });
    await notify(db, system, everyone, {
      type: 'authorization_request',
      title: 'Authorization requested on CLM-000007: $1,284.50',
      message: '4821 · Dana asks to authorize 2 lines of work.',
      relatedVehicleId: CLAIM_ID,
    });
    const rows = await db
      .select()
      .from(notifications)
      .where(inArray(notifications.userId, everyone))
      .orderBy(asc(notifications.userId), asc(notifications.title));
    expect(rows).toHaveLength(6);
    const mail = await mailTo(user.email!);
    expect(mail.map((m) => [m.templateKey, m.subject])).toEqual([
      ['notification', 'Authorization requested on CLM-000007: $1,284.50'],
    ]);
    expect(mail[0]!.html).toContain(`href="http://localhost:5000/vehicles/${CLAIM_ID}"`);
    expect(mail[0]!.text).toContain('4821 · Dana asks to authorize 2 lines of work.');
    const others = await db
      .select()
      .from(mailOutbox)
      .where(and(inArray(mailOutbox.to, [inactive.email!]), eq(mailOutbox.templateKey, 'notification')));
    expect(others).toEqual([]);
  });

  it('emails a mention through the notes of a claim with the mention template', async () => {
    const company = await buildCompany(db);
    const author = await buildUser(db, { role: 'admin', firstName: 'Alex', lastName: 'Admin' });
    const mentioned = await buildUser(db, { role: 'admin' });
    const cookie = await loginAs(app, author);
    const claim = await createClaimVia(app, cookie, newClaimInput(company.id));
    const response = await app.inject({
      method: 'POST',
      url: `/api/vehicles/${claim.id}/notes`,
      headers: { cookie },
      payload: { body: `@${mentioned.username} please check the ETA` },
    });
    expect(response.statusCode).toBe(201);
    const mail = await mailTo(mentioned.email!);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.templateKey).toBe('mention');
    expect(mail[0]!.subject).toMatch(/^Alex Admin mentioned you on claim CLM-\d{6}$/);
    expect(mail[0]!.text).toContain(`http://localhost:5000/vehicles/${claim.id}`);
  });
});
