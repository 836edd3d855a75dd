import { describe, expect, it } from 'vitest';
import { timeZoneChoices } from '@shared/time-zones.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';

describe('companies, locations and repair facilities', async () => {
  const { app, database } = await createTestApp({ env: { DEFAULT_TIME_ZONE: 'America/Chicago' } });
  const db = database.db;
  const mine = await buildCompany(db, { name: 'Acme Rentals' });
  const theirs = await buildCompany(db, { name: 'Zenith Logistics' });
  const admin = await loginAs(app, await buildUser(db, { role: 'admin' }));
  const manager = await loginAs(app, await buildUser(db, { role: 'manager', companyIds: [mine.id] }));
  const viewer = await loginAs(app, await buildUser(db, { role: 'viewer', companyIds: [mine.id] }));
  const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  describe('companies', () => {
    it('lets an admin create and edit a company, validating fields and the unique code', async () => {
      const created = await call(admin, 'POST', '/api/companies', {
        name: 'Metro Delivery',
        code: 'METRO',
        contactEmail: 'fleet@metro.example',
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        name: 'Metro Delivery',
        code: 'METRO',
        active: true,
        summary: { openClaims: 0, vehiclesDown: 0, averageDowntimeDays: null },
      });
      const duplicate = await call(admin, 'POST', '/api/companies', { name: 'Other', code: 'metro' });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().fieldErrors).toEqual({ code: ['Another company already uses this code'] });
      const invalid = await call(admin, 'POST', '/api/companies', {
        name: '',
        code: 'a b',
        contactEmail: 'x',
      });
      expect(invalid.json().fieldErrors).toMatchObject({
        name: ['Name is required'],
        code: ['Code may contain only letters, digits, dashes and underscores'],
        contactEmail: ['Please enter a valid email address'],
      });
      const edited = await call(admin, 'PATCH', `/api/companies/${created.json().id}`, { notes: 'Net 30' });
      expect(edited.json()).toMatchObject({ notes: 'Net 30', code: 'METRO' });
    });

    it('gives a new company the server’s DEFAULT_TIME_ZONE unless it names a known IANA zone', async () => {
      const byDefault = await call(admin, 'POST', '/api/companies', {
        name: 'Prairie Vans',
        code: 'PRAIRIE',
      });
      expect(byDefault.json().timeZone).toBe('America/Chicago');
      const named = await call(admin, 'POST', '/api/companies', {
        name: 'Harbor Freight Lines',
        code: 'HARBOR',
        timeZone: 'america/los_angeles',
      });
      expect(named.json().timeZone).toBe('America/Los_Angeles');
      const unknown = await call(admin, 'PATCH', `/api/companies/${named.json().id}`, {
        timeZone: 'Mars/Olympus',
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().fieldErrors).toEqual({
        timeZone: ['Not a known time zone: choose one from the list, e.g. America/Chicago'],
      });
      const moved = await call(admin, 'PATCH', `/api/companies/${named.json().id}`, {
        timeZone: 'Asia/Kolkata',
      });
      expect(moved.json().timeZone).toBe('Asia/Kolkata');
      expect((await call(admin, 'GET', `/api/companies/${named.json().id}`)).json().timeZone).toBe(
        'Asia/Kolkata',
      );
    });

    it('accepts the time zones the company form offers, keeps another name of one as that zone, and refuses the rest', async () => {
      const id = (await call(admin, 'POST', '/api/companies', { name: 'Zone Test', code: 'ZONES' })).json()
        .id;
      const setZone = (timeZone: string) => call(admin, 'PATCH', `/api/companies/${id}`, { timeZone });
      // The picker's options, as it lists them (ICU's old names offered under IANA's current ones).
      for (const offered of timeZoneChoices().filter(({ city }) =>
        ['New York', 'Kolkata', 'Kyiv', 'Coordinated Universal Time'].includes(city),
      )) {
        const saved = await setZone(offered.zone);
        expect(saved.statusCode, saved.body).toBe(200);
        expect(saved.json().timeZone).toBe(offered.zone);
      }
      // Another name of a zone the picker offers is stored as the picker's zone.
      expect((await setZone('US/Central')).json().timeZone).toBe('America/Chicago');
      expect((await setZone('Asia/Calcutta')).json().timeZone).toBe('Asia/Kolkata');
      // A city alone, a zone the picker does not offer, and nonsense: 400, with what to send instead.
      for (const refused of ['Chicago', 'Etc/GMT+5', 'Mars/Olympus', 'x'.repeat(101)]) {
        const answer = await setZone(refused);
        expect(answer.statusCode).toBe(400);
        expect(answer.json()).toMatchObject({
          fieldErrors: {
            timeZone: ['Not a known time zone: choose one from the list, e.g. America/Chicago'],
          },
        });
      }
      expect((await call(admin, 'GET', `/api/companies/${id}`)).json().timeZone).toBe('Asia/Kolkata');
    });

    it('shows a manager only their companies; another company is 404 and absent from lists and searches', async () => {
      const list = await call(manager, 'GET', '/api/companies');
      expect(list.json().items.map((c: { name: string }) => c.name)).toEqual(['Acme Rentals']);
      expect(list.json().total).toBe(1);
      expect((await call(manager, 'GET', '/api/companies?search=zenith')).json().total).toBe(0);
      const other = await call(manager, 'GET', `/api/companies/${theirs.id}`);
      expect(other.statusCode).toBe(404);
      expect(other.json().message).toBe('Company not found');
      expect((await call(manager, 'GET', `/api/companies/${mine.id}`)).statusCode).toBe(200);
    });

    it('does not let managers or viewers change companies', async () => {
      expect((await call(manager, 'PATCH', `/api/companies/${mine.id}`, { name: 'X' })).statusCode).toBe(403);
      expect((await call(viewer, 'GET', '/api/companies')).statusCode).toBe(403);
    });
  });

  describe('locations', () => {
    it('creates locations for a company and keeps codes unique within it', async () => {
      const created = await call(admin, 'POST', '/api/locations', {
        companyId: mine.id,
        name: 'Denver Depot',
        code: 'DEN',
        address: '4100 Brighton Blvd, Denver, CO',
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        companyName: 'Acme Rentals',
        name: 'Denver Depot',
        code: 'DEN',
      });
      const duplicate = await call(admin, 'POST', '/api/locations', {
        companyId: mine.id,
        name: 'Again',
        code: 'den',
      });
      expect(duplicate.statusCode).toBe(409);
      const otherCompany = await call(admin, 'POST', '/api/locations', {
        companyId: theirs.id,
        name: 'Denver',
        code: 'DEN',
      });
      expect(otherCompany.statusCode).toBe(201);
    });

    it('scopes locations to the manager’s companies', async () => {
      const theirLocation = (
        await call(admin, 'POST', '/api/locations', {
          companyId: theirs.id,
          name: 'Hidden Yard',
          code: 'HID',
        })
      ).json();
      const list = (await call(manager, 'GET', '/api/locations')).json();
      expect(list.items.every((l: { companyId: string }) => l.companyId === mine.id)).toBe(true);
      expect((await call(manager, 'GET', `/api/locations/${theirLocation.id}`)).statusCode).toBe(404);
      expect((await call(manager, 'GET', `/api/locations?companyId=${theirs.id}`)).json().total).toBe(0);
    });
  });

  describe('repair facilities', () => {
    it('are readable by everyone who sees claims, filtered by kind, and managed by admins', async () => {
      const created = await call(admin, 'POST', '/api/repair-facilities', {
        name: 'Northside Collision',
        kind: 'collision',
        laborRateCents: 9_500,
        cccShopId: 'CCC-1042',
      });
      expect(created.statusCode).toBe(201);
      await call(admin, 'POST', '/api/repair-facilities', { name: 'Quick Lube & Brake', kind: 'mechanical' });
      await call(admin, 'POST', '/api/repair-facilities', { name: 'Full Service Garage', kind: 'both' });
      const collision = (await call(viewer, 'GET', '/api/repair-facilities?kind=collision')).json();
      expect(collision.items.map((f: { name: string }) => f.name)).toEqual([
        'Full Service Garage',
        'Northside Collision',
      ]);
      expect(
        (await call(manager, 'POST', '/api/repair-facilities', { name: 'Nope', kind: 'both' })).statusCode,
      ).toBe(403);
      const invalid = await call(admin, 'POST', '/api/repair-facilities', {
        name: 'X',
        kind: 'paint',
        laborRateCents: -1,
      });
      expect(invalid.json().fieldErrors).toMatchObject({
        kind: ['Choose what the facility repairs'],
        laborRateCents: ['The labour rate cannot be negative'],
      });
    });
  });
});

describe('record summaries', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const company = await buildCompany(db, { name: 'Summit Utilities' });
  const manager = await loginAs(app, await buildUser(db, { role: 'manager', companyIds: [company.id] }));

  it('count open claims, vehicles down and average downtime, in scope only', async () => {
    const { createClaimVia, newClaimInput } = await import('../../test/claim-factories.js');
    const today = new Date();
    const daysAgo = (n: number) => new Date(today.getTime() - n * 86_400_000).toISOString().slice(0, 10);
    await createClaimVia(
      app,
      manager,
      newClaimInput(company.id, { lossDate: daysAgo(12), dropOffDate: daysAgo(10) }),
    );
    await createClaimVia(app, manager, newClaimInput(company.id, { lossDate: daysAgo(5), drivable: true }));
    const summary = (
      await app.inject({ method: 'GET', url: `/api/companies/${company.id}`, headers: { cookie: manager } })
    ).json().summary;
    expect(summary.openClaims).toBe(2);
    expect(summary.vehiclesDown).toBe(1);
    // One claim down since midnight ten days ago (drop-off is a date), one reported just now: the average
    // is half of ten days plus the part of today gone by, whatever the hour the test runs.
    const midnight = new Date(`${daysAgo(0)}T00:00:00Z`).getTime();
    const expected = (10 + (Date.now() - midnight) / 86_400_000) / 2;
    // Rounded to one decimal by the server.
    expect(Math.abs(summary.averageDowntimeDays - expected)).toBeLessThanOrEqual(0.06);
  });
});

describe('facility summaries respect company scope', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const mine = await buildCompany(db);
  const theirs = await buildCompany(db);
  const admin = await loginAs(app, await buildUser(db, { role: 'admin' }));
  const manager = await loginAs(app, await buildUser(db, { role: 'manager', companyIds: [mine.id] }));
  const other = await loginAs(app, await buildUser(db, { role: 'manager', companyIds: [theirs.id] }));

  it('counts only the claims the caller may see', async () => {
    const { createClaimVia, newClaimInput } = await import('../../test/claim-factories.js');
    const facility = (
      await app.inject({
        method: 'POST',
        url: '/api/repair-facilities',
        headers: { cookie: admin },
        payload: { name: 'Shared Shop', kind: 'both' },
      })
    ).json();
    await createClaimVia(app, manager, newClaimInput(mine.id, { repairFacilityId: facility.id }));
    await createClaimVia(app, other, newClaimInput(theirs.id, { repairFacilityId: facility.id }));
    await createClaimVia(app, other, newClaimInput(theirs.id, { repairFacilityId: facility.id }));
    const summaryFor = async (cookie: string) =>
      (
        await app.inject({ method: 'GET', url: `/api/repair-facilities/${facility.id}`, headers: { cookie } })
      ).json().summary.openClaims;
    expect(await summaryFor(manager)).toBe(1);
    expect(await summaryFor(other)).toBe(2);
    expect(await summaryFor(admin)).toBe(3);
  });
});
