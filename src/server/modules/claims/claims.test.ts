import { and, eq, sql } from 'drizzle-orm';
import { PRIORITIES } from '@shared/claims.js';
import { describe, expect, it } from 'vitest';
import { vinCheckDigit } from '@shared/vin.js';
import { STATUS_SORT_ORDER, WORKFLOW_PATH } from '@shared/workflows.js';
import { queryRows } from '../../db/client.js';
import { SEARCH_GRAM_LENGTH } from '../../db/search-grams.js';
import { auditLog, claims, claimStatusHistory, notifications } from '../../db/schema/index.js';
import { createClaimVia, newClaimInput, randomVin } from '../../test/claim-factories.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';

describe('claims', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const acme = await buildCompany(db, { name: 'Acme Rentals' });
  const zenith = await buildCompany(db, { name: 'Zenith Logistics' });
  const managerUser = await buildUser(db, {
    role: 'manager',
    companyIds: [acme.id],
    username: 'maria_manager',
  });
  const manager = await loginAs(app, managerUser);
  const viewerUser = await buildUser(db, {
    role: 'viewer',
    companyIds: [acme.id],
    username: 'victor_viewer',
  });
  const viewer = await loginAs(app, viewerUser);
  const outsiderUser = await buildUser(db, {
    role: 'manager',
    companyIds: [zenith.id],
    username: 'otto_outsider',
  });
  const outsider = await loginAs(app, outsiderUser);
  const admin = await loginAs(app, await buildUser(db, { role: 'admin' }));
  const call = (
    cookie: string,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const move = (cookie: string, id: string, to: string, version: number, note?: string) =>
    call(cookie, 'POST', `/api/vehicles/${id}/transitions`, { to, version, ...(note ? { note } : {}) });

  describe('creating', () => {
    it('creates a claim with a new vehicle, numbered CLM-000001 style, reported, watched by its creator', async () => {
      const claim = await createClaimVia(app, manager, newClaimInput(acme.id, { priority: 'high' }));
      expect(claim).toMatchObject({
        claimNumber: expect.stringMatching(/^CLM-\d{6}$/),
        status: 'reported',
        workflow: 'collision',
        priority: 'high',
        companyName: 'Acme Rentals',
        version: 1,
        watching: true,
        allowedTransitions: ['estimate_pending', 'on_hold', 'cancelled'],
        createdBy: { username: 'maria_manager' },
      });
      expect(claim.vehicle.make).toBe('Ford');
    });

    it('validates the VIN, dates and the choice of vehicle with clear messages', async () => {
      const badVin = await call(
        manager,
        'POST',
        '/api/vehicles',
        newClaimInput(acme.id, {
          vehicle: { ...newClaimInput(acme.id).vehicle!, vin: '1HGCM82633A00435O' },
        }),
      );
      expect(badVin.statusCode).toBe(400);
      expect(badVin.json().fieldErrors['vehicle.vin']).toEqual([
        'A VIN never contains the letters I, O or Q',
      ]);
      const future = await call(
        manager,
        'POST',
        '/api/vehicles',
        newClaimInput(acme.id, { lossDate: '2999-01-01' }),
      );
      expect(future.json().fieldErrors.lossDate).toEqual(['The date of loss cannot be in the future']);
      const order = await call(
        manager,
        'POST',
        '/api/vehicles',
        newClaimInput(acme.id, { dropOffDate: '2026-11-05', eta: '2026-11-04' }),
      );
      expect(order.json().fieldErrors.eta).toEqual(['Estimated completion cannot be before drop-off']);
      const neither = await call(manager, 'POST', '/api/vehicles', {
        ...newClaimInput(acme.id),
        vehicle: undefined,
      });
      expect(neither.json().fieldErrors.vehicleId).toEqual(['Choose a vehicle or enter a new one']);
    });

    it('keeps the model year the VIN encodes when none is sent (a quick Continue), and a typed year over it', async () => {
      /** A fresh valid VIN whose 10th character (the model year) is `code`. */
      const vinOfYear = (code: string) => {
        const base = randomVin();
        const vin = `${base.slice(0, 9)}${code}${base.slice(10)}`;
        return `${vin.slice(0, 8)}${vinCheckDigit(vin)}${vin.slice(9)}`;
      };
      const { year: _year, ...noYear } = newClaimInput(acme.id).vehicle!;
      const decoded = await createClaimVia(
        app,
        manager,
        newClaimInput(acme.id, { vehicle: { ...noYear, vin: vinOfYear('M') } }),
      );
      expect(decoded.vehicle.year).toBe(2021);
      const sentNull = await createClaimVia(
        app,
        manager,
        newClaimInput(acme.id, { vehicle: { ...noYear, vin: vinOfYear('L'), year: null } }),
      );
      expect(sentNull.vehicle.year).toBe(2020);
      const typed = await createClaimVia(
        app,
        manager,
        newClaimInput(acme.id, { vehicle: { ...noYear, vin: vinOfYear('M'), year: 2019 } }),
      );
      expect(typed.vehicle.year).toBe(2019);
    });

    it('says whether the claim keeps its vehicle down, by the dashboards’ rule', async () => {
      const notDrivable = await createClaimVia(app, manager, newClaimInput(acme.id, { drivable: false }));
      expect(notDrivable.vehicleDown).toBe(true);
      const drivable = await createClaimVia(app, manager, newClaimInput(acme.id, { drivable: true }));
      expect(drivable.vehicleDown).toBe(false);
      const droppedOff = await createClaimVia(
        app,
        manager,
        newClaimInput(acme.id, { drivable: true, dropOffDate: '2026-11-03' }),
      );
      expect(droppedOff.vehicleDown).toBe(true);
      const unknown = await createClaimVia(app, manager, newClaimInput(acme.id, { drivable: null }));
      expect(unknown.vehicleDown).toBe(false);
    });

    it('takes a date of loss that is today somewhere (the user’s calendar may be ahead of UTC)', async () => {
      const dayAt = (hoursFromNow: number) =>
        new Date(Date.now() + hoursFromNow * 60 * 60 * 1000).toISOString().slice(0, 10);
      // Today in Auckland or Kiritimati (up to UTC+14) is tomorrow in UTC for part of the day.
      const ahead = await call(
        manager,
        'POST',
        '/api/vehicles',
        newClaimInput(acme.id, { lossDate: dayAt(13) }),
      );
      expect(ahead.statusCode).toBe(201);
      const tomorrowEverywhere = await call(
        manager,
        'POST',
        '/api/vehicles',
        newClaimInput(acme.id, { lossDate: dayAt(39) }),
      );
      expect(tomorrowEverywhere.json().fieldErrors.lossDate).toEqual([
        'The date of loss cannot be in the future',
      ]);
    });

    it('refuses a second vehicle with the same VIN in a company, and opens a claim on the existing one instead', async () => {
      const vin = randomVin();
      const first = await createClaimVia(
        app,
        manager,
        newClaimInput(acme.id, { vehicle: { ...newClaimInput(acme.id).vehicle!, vin } }),
      );
      const again = await call(
        manager,
        'POST',
        '/api/vehicles',
        newClaimInput(acme.id, { vehicle: { ...newClaimInput(acme.id).vehicle!, vin } }),
      );
      expect(again.statusCode).toBe(409);
      expect(again.json().fieldErrors['vehicle.vin']).toEqual([
        'This company already has a vehicle with this VIN: choose it instead',
      ]);
      const check = await call(
        manager,
        'GET',
        `/api/fleet-vehicles/vin-check?vin=${vin.toLowerCase()}&companyId=${acme.id}`,
      );
      expect(check.json()).toMatchObject({
        vin,
        warning: null,
        existingVehicle: { id: first.vehicle.id },
        openClaim: { id: first.id },
        openClaimCount: 1,
      });
      const second = await createClaimVia(app, manager, {
        ...newClaimInput(acme.id),
        vehicle: undefined,
        vehicleId: first.vehicle.id,
      });
      expect(second.vehicle.id).toBe(first.vehicle.id);
      const recheck = await call(
        manager,
        'GET',
        `/api/fleet-vehicles/vin-check?vin=${vin}&companyId=${acme.id}`,
      );
      expect(recheck.json()).toMatchObject({ openClaim: { id: second.id }, openClaimCount: 2 });
      const related = await call(manager, 'GET', `/api/vehicles/${second.id}/related`);
      expect(related.json().map((c: { id: string }) => c.id)).toEqual([first.id]);
    });

    it('gives claim numbers without gaps or duplicates under concurrent creation', async () => {
      const created = await Promise.all(
        Array.from({ length: 12 }, () => createClaimVia(app, manager, newClaimInput(acme.id))),
      );
      const numbers = created.map((claim) => claim.number).sort((a, b) => a - b);
      expect(new Set(numbers).size).toBe(12);
      expect(numbers.at(-1) - numbers[0]).toBe(11);
    });

    it('is refused to viewers and for another company', async () => {
      expect((await call(viewer, 'POST', '/api/vehicles', newClaimInput(acme.id))).statusCode).toBe(403);
      const other = await call(manager, 'POST', '/api/vehicles', newClaimInput(zenith.id));
      expect(other.statusCode).toBe(404);
    });
  });

  describe('company scope', () => {
    it('hides another company’s claims from reads, lists, searches, counts and every action (404)', async () => {
      const theirs = await createClaimVia(
        app,
        outsider,
        newClaimInput(zenith.id, { reportedByName: 'Zebediah Quill' }),
      );
      for (const [method, url, payload] of [
        ['GET', `/api/vehicles/${theirs.id}`],
        ['PATCH', `/api/vehicles/${theirs.id}`, { version: 1, priority: 'low' }],
        ['POST', `/api/vehicles/${theirs.id}/transitions`, { to: 'estimate_pending', version: 1 }],
        ['GET', `/api/vehicles/${theirs.id}/history`],
        ['GET', `/api/vehicles/${theirs.id}/notes`],
        ['POST', `/api/vehicles/${theirs.id}/notes`, { body: 'hello' }],
        ['PUT', `/api/vehicles/${theirs.id}/watch`],
        ['GET', `/api/vehicles/${theirs.id}/related`],
      ] as const) {
        const response = await call(manager, method, url, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json().message).toBe('Claim not found');
      }
      const list = (await call(manager, 'GET', '/api/vehicles?pageSize=100')).json();
      expect(list.items.every((c: { companyId: string }) => c.companyId === acme.id)).toBe(true);
      expect((await call(manager, 'GET', '/api/vehicles?search=zebediah')).json().total).toBe(0);
      expect((await call(manager, 'GET', `/api/vehicles?companyId=${zenith.id}`)).json().total).toBe(0);
      expect((await call(admin, 'GET', '/api/vehicles?search=zebediah')).json().total).toBe(1);
    });

    it('follows a change of the user’s companies on the very next request', async () => {
      const drifterUser = await buildUser(db, { role: 'manager', companyIds: [acme.id] });
      const drifter = await loginAs(app, drifterUser);
      const ours = await createClaimVia(app, manager, newClaimInput(acme.id));
      expect((await call(drifter, 'GET', `/api/vehicles/${ours.id}`)).statusCode).toBe(200);

      const moved = await call(admin, 'PATCH', `/api/users/${drifterUser.id}`, { companyIds: [zenith.id] });
      expect(moved.statusCode).toBe(200);
      expect((await call(drifter, 'GET', `/api/vehicles/${ours.id}`)).statusCode).toBe(404);
      const list = (await call(drifter, 'GET', '/api/vehicles?pageSize=100')).json();
      expect(list.items.some((c: { companyId: string }) => c.companyId === acme.id)).toBe(false);
    });

    it('keeps each user to their companies when the same list is asked again and again', async () => {
      // The list of one shape is a prepared statement that PostgreSQL may run with one plan for everyone after
      // five runs: the companies must still come from each request.
      await createClaimVia(app, outsider, newClaimInput(zenith.id));
      await createClaimVia(app, manager, newClaimInput(acme.id));
      for (let round = 0; round < 8; round++) {
        for (const [cookie, companyId] of [
          [manager, acme.id],
          [outsider, zenith.id],
        ] as const) {
          const page = (await call(cookie, 'GET', '/api/vehicles?pageSize=7&status=reported')).json();
          expect(page.items.length).toBeGreaterThan(0);
          expect(page.items.every((c: { companyId: string }) => c.companyId === companyId)).toBe(true);
        }
      }
    });

    it('answers the count with a page past the end', async () => {
      const page = (await call(manager, 'GET', '/api/vehicles?pageSize=25&page=39')).json();
      expect(page.items).toEqual([]);
      const first = (await call(manager, 'GET', '/api/vehicles?pageSize=25')).json();
      expect(page.total).toBe(first.total);
      expect(first.total).toBeGreaterThan(0);
    });
  });

  describe('workflow', () => {
    it.each(['collision', 'mechanical'] as const)(
      'walks the whole %s path, recording history',
      async (workflow) => {
        let claim = await createClaimVia(app, manager, newClaimInput(acme.id, { workflow }));
        for (const to of WORKFLOW_PATH[workflow].slice(1)) {
          const response = await move(manager, claim.id, to, claim.version);
          expect(response.statusCode, `to ${to}`).toBe(200);
          claim = response.json();
          expect(claim.status).toBe(to);
        }
        expect(claim.allowedTransitions).toEqual([]);
        expect(claim.completedAt).not.toBeNull();
        expect(claim.closedAt).not.toBeNull();
        const history = (await call(manager, 'GET', `/api/vehicles/${claim.id}/history`)).json();
        expect(history.map((h: { toStatus: string }) => h.toStatus)).toEqual([...WORKFLOW_PATH[workflow]]);
      },
    );

    it('lists history written at the same instant in the order it was written', async () => {
      let claim = await createClaimVia(app, manager, newClaimInput(acme.id));
      for (const to of ['estimate_pending', 'estimate_review'] as const) {
        claim = (await move(manager, claim.id, to, claim.version)).json();
      }
      // One instant for all three entries (two moves of one transaction, or a clock ticking in milliseconds),
      // and the first entry rewritten, so the table no longer holds them in the order they were written.
      await db
        .update(claimStatusHistory)
        .set({ createdAt: new Date('2026-01-01T00:00:00Z') })
        .where(eq(claimStatusHistory.claimId, claim.id));
      await db
        .update(claimStatusHistory)
        .set({ note: 'Reported by the driver' })
        .where(and(eq(claimStatusHistory.claimId, claim.id), eq(claimStatusHistory.toStatus, 'reported')));
      const history = (await call(manager, 'GET', `/api/vehicles/${claim.id}/history`)).json();
      expect(history.map((h: { toStatus: string }) => h.toStatus)).toEqual([
        'reported',
        'estimate_pending',
        'estimate_review',
      ]);
    });

    it('refuses a move outside the table with 409, saying which moves are allowed', async () => {
      const claim = await createClaimVia(app, manager, newClaimInput(acme.id));
      const response = await move(manager, claim.id, 'in_repair', 1);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(
        'A claim cannot move from Reported to In repair. Allowed moves: Awaiting estimate, On hold, Cancelled.',
      );
      const mechanical = await createClaimVia(
        app,
        manager,
        newClaimInput(acme.id, { workflow: 'mechanical' }),
      );
      expect((await move(manager, mechanical.id, 'estimate_pending', 1)).statusCode).toBe(409);
    });

    it('puts a claim on hold and brings it back to where it was', async () => {
      let claim = await createClaimVia(app, manager, newClaimInput(acme.id, { workflow: 'mechanical' }));
      claim = (await move(manager, claim.id, 'diagnosis', claim.version)).json();
      claim = (
        await move(manager, claim.id, 'on_hold', claim.version, 'Waiting for the fleet manager')
      ).json();
      expect(claim.allowedTransitions).toEqual(['diagnosis', 'cancelled']);
      expect((await move(manager, claim.id, 'in_repair', claim.version)).statusCode).toBe(409);
      claim = (await move(manager, claim.id, 'diagnosis', claim.version)).json();
      expect(claim.status).toBe('diagnosis');
    });

    it('refuses a stale version and changes nothing', async () => {
      const claim = await createClaimVia(app, manager, newClaimInput(acme.id));
      const edited = await call(manager, 'PATCH', `/api/vehicles/${claim.id}`, {
        version: 1,
        priority: 'urgent',
      });
      expect(edited.json()).toMatchObject({ priority: 'urgent', version: 2 });
      const stale = await call(manager, 'PATCH', `/api/vehicles/${claim.id}`, {
        version: 1,
        priority: 'low',
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe(
        'Someone else changed this claim since you opened it. Review the latest version and apply your change again.',
      );
      expect((await move(manager, claim.id, 'estimate_pending', 1)).statusCode).toBe(409);
      const current = (await call(manager, 'GET', `/api/vehicles/${claim.id}`)).json();
      expect(current).toMatchObject({ priority: 'urgent', status: 'reported', version: 2 });
    });

    it('keeps the dates in order however an edit sends them, and changes nothing when they are not', async () => {
      const beforeLoss = await call(
        manager,
        'POST',
        '/api/vehicles',
        newClaimInput(acme.id, { eta: '2026-11-01' }),
      );
      expect(beforeLoss.statusCode).toBe(400);
      expect(beforeLoss.json().fieldErrors.eta).toEqual([
        'Estimated completion cannot be before the date of loss',
      ]);

      // Lost 2026-11-02, dropped off 2026-11-04, due 2026-11-10.
      const claim = await createClaimVia(
        app,
        manager,
        newClaimInput(acme.id, { dropOffDate: '2026-11-04', eta: '2026-11-10' }),
      );
      const patch = (fields: object) =>
        call(manager, 'PATCH', `/api/vehicles/${claim.id}`, { version: claim.version, ...fields });
      const etaAlone = await patch({ eta: '2026-11-03' });
      expect(etaAlone.statusCode).toBe(400);
      expect(etaAlone.json()).toMatchObject({
        message: 'Estimated completion cannot be before drop-off',
        fieldErrors: { eta: ['Estimated completion cannot be before drop-off'] },
      });
      const lossAlone = await patch({ lossDate: '2026-11-05' });
      expect(lossAlone.statusCode).toBe(400);
      expect(lossAlone.json().fieldErrors).toEqual({
        lossDate: ['Drop-off cannot be before the date of loss'],
      });
      const clearedDropOff = await patch({ dropOffDate: null, eta: '2026-11-01' });
      expect(clearedDropOff.json().fieldErrors).toEqual({
        eta: ['Estimated completion cannot be before the date of loss'],
      });
      const unchanged = (await call(manager, 'GET', `/api/vehicles/${claim.id}`)).json();
      expect(unchanged).toMatchObject({
        version: claim.version,
        lossDate: '2026-11-02',
        dropOffDate: '2026-11-04',
        eta: '2026-11-10',
      });
      // A later ETA alone is fine.
      expect((await patch({ eta: '2026-11-12' })).json()).toMatchObject({ eta: '2026-11-12' });

      // Dates stored out of order (ETA before drop-off) do not hide another reversal an edit makes.
      await db.update(claims).set({ eta: '2026-11-03' }).where(eq(claims.id, claim.id));
      const current = (await call(manager, 'GET', `/api/vehicles/${claim.id}`)).json();
      const lossAfterEta = await call(manager, 'PATCH', `/api/vehicles/${claim.id}`, {
        version: current.version,
        lossDate: '2026-11-03',
        dropOffDate: '2026-11-03',
      });
      expect(lossAfterEta.statusCode).toBe(200);
      const lossAfterAll = await call(manager, 'PATCH', `/api/vehicles/${claim.id}`, {
        version: current.version + 1,
        lossDate: '2026-11-04',
      });
      expect(lossAfterAll.json().fieldErrors).toEqual({
        lossDate: ['Drop-off cannot be before the date of loss'],
      });
    });

    it('lets viewers read but not move or edit', async () => {
      const claim = await createClaimVia(app, manager, newClaimInput(acme.id));
      const read = (await call(viewer, 'GET', `/api/vehicles/${claim.id}`)).json();
      expect(read.allowedTransitions).toEqual([]);
      expect((await move(viewer, claim.id, 'estimate_pending', 1)).statusCode).toBe(403);
      expect(
        (await call(viewer, 'PATCH', `/api/vehicles/${claim.id}`, { version: 1, priority: 'low' }))
          .statusCode,
      ).toBe(403);
    });

    it('notifies the assignee and watchers of a move, and audits create, update and move', async () => {
      const claim = await createClaimVia(app, manager, newClaimInput(acme.id, { assigneeId: viewerUser.id }));
      await call(admin, 'PUT', `/api/vehicles/${claim.id}/watch`);
      const adminId = (await call(admin, 'GET', '/api/user')).json().id;
      await move(manager, claim.id, 'estimate_pending', claim.version, 'Sent to Northside');
      for (const userId of [viewerUser.id, adminId]) {
        const rows = await db.select().from(notifications).where(eq(notifications.userId, userId));
        expect(rows.find((n) => n.type === 'status_change')).toMatchObject({
          title: `${claim.claimNumber} is now Awaiting estimate`,
          relatedVehicleId: claim.id,
        });
      }
      const assignment = await db.select().from(notifications).where(eq(notifications.userId, viewerUser.id));
      expect(assignment.some((n) => n.type === 'assignment')).toBe(true);
      const audits = await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, claim.id))
        .orderBy(auditLog.id);
      expect(audits.map((a) => a.action)).toEqual(['claim.created', 'claim.moved']);
    });

    it('refuses an assignee who cannot see the company', async () => {
      const response = await call(
        manager,
        'POST',
        '/api/vehicles',
        newClaimInput(acme.id, { assigneeId: outsiderUser.id }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors.assigneeId).toBeDefined();
    });
  });

  describe('notes and mentions', () => {
    it('notifies a mentioned user with a link to the claim', async () => {
      const claim = await createClaimVia(app, manager, newClaimInput(acme.id));
      const response = await call(manager, 'POST', `/api/vehicles/${claim.id}/notes`, {
        body: 'Hey @Victor_Viewer, can you confirm the drop-off? <script>x</script>',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        body: 'Hey @Victor_Viewer, can you confirm the drop-off? <script>x</script>',
        mentions: [{ username: 'victor_viewer' }],
      });
      const [mention] = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, viewerUser.id), eq(notifications.type, 'mention')));
      expect(mention).toMatchObject({ type: 'mention', relatedVehicleId: claim.id });
      expect(mention!.title).toMatch(/mentioned you on CLM-\d{6}$/);
      const notes = (await call(viewer, 'GET', `/api/vehicles/${claim.id}/notes`)).json();
      expect(notes).toHaveLength(1);
    });

    it('refuses to mention someone who cannot see the claim, and saves nothing', async () => {
      const claim = await createClaimVia(app, manager, newClaimInput(acme.id));
      const response = await call(manager, 'POST', `/api/vehicles/${claim.id}/notes`, {
        body: 'FYI @otto_outsider',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        '@otto_outsider cannot be mentioned: only active users who can see this claim can be mentioned',
      );
      expect((await call(manager, 'GET', `/api/vehicles/${claim.id}/notes`)).json()).toEqual([]);
      const mentionable = (
        await call(manager, 'GET', `/api/vehicles/${claim.id}/mentionable?search=o`)
      ).json();
      expect(mentionable.map((u: { username: string }) => u.username)).not.toContain('otto_outsider');
    });

    it('offers first the people whose username starts with what was typed, then those whose name does', async () => {
      for (const [username, firstName] of [
        ['aa_rankel', 'Nikel'],
        ['ab_rank', 'Kelsey'],
        ['kelly_rank', 'Kelly'],
      ] as const) {
        await buildUser(db, { username, firstName, lastName: 'Rank', companyIds: [acme.id] });
      }
      const claim = await createClaimVia(app, manager, newClaimInput(acme.id));
      const offered = (await call(manager, 'GET', `/api/vehicles/${claim.id}/mentionable?search=kel`)).json();
      expect(offered.map((u: { username: string }) => u.username)).toEqual([
        'kelly_rank',
        'ab_rank',
        'aa_rankel',
      ]);
    });

    it('lets viewers comment', async () => {
      const claim = await createClaimVia(app, manager, newClaimInput(acme.id));
      expect(
        (await call(viewer, 'POST', `/api/vehicles/${claim.id}/notes`, { body: 'Seen it' })).statusCode,
      ).toBe(201);
    });
  });

  describe('finding claims', () => {
    it('searches by claim number, VIN, unit, plate, make/model, insurer claim number and driver', async () => {
      const claim = await createClaimVia(
        app,
        manager,
        newClaimInput(acme.id, {
          insurerClaimNumber: 'INS-77-4410',
          reportedByName: 'Quentin Driverman',
          vehicle: {
            ...newClaimInput(acme.id).vehicle!,
            unitNumber: 'VAN-9981',
            plate: 'QZX123',
            make: 'Mercedes',
            model: 'Sprinter',
          },
        }),
      );
      for (const term of [
        claim.claimNumber,
        claim.vehicle.vin.slice(-8),
        'van-9981',
        'qzx123',
        'sprinter',
        'mercedes sprinter',
        'INS-77-4410',
        'quentin',
      ]) {
        const found = (await call(manager, 'GET', `/api/vehicles?search=${encodeURIComponent(term)}`)).json();
        expect(
          found.items.map((c: { id: string }) => c.id),
          term,
        ).toContain(claim.id);
      }
    });

    it('finds a fragment of six characters or more anywhere in a word, taken literally, as it finds a shorter one', async () => {
      const vin = randomVin();
      const claim = await createClaimVia(
        app,
        manager,
        newClaimInput(acme.id, {
          insurerClaimNumber: 'AB_C%9-7731',
          vehicle: { ...newClaimInput(acme.id).vehicle!, vin, unitNumber: 'TRK-40518', plate: 'KLM5521' },
        }),
      );
      const idsFound = async (search: string) =>
        (await call(manager, 'GET', `/api/vehicles?search=${encodeURIComponent(search)}`))
          .json()
          .items.map((found: { id: string }) => found.id);
      // The VIN's last six, its middle, its first four; a unit number's and a plate's inner fragments; three
      // characters (the trigram path); two words; the insurer's number with its LIKE wildcards as plain characters.
      for (const term of [
        vin.slice(-6),
        vin.slice(5, 12).toLowerCase(),
        vin.slice(0, 4),
        '4051',
        'm552',
        'K-4',
        '40518 klm5521',
        'ab_c%9',
        'ab_c%9-7731',
      ]) {
        expect(await idsFound(term), term).toContain(claim.id);
      }
      // The word's last six characters are in the text, but not the word: not found. Nor are wildcards wildcards.
      for (const term of ['zz-40518', '5521klm', 'abxc%9', 'ab_cx9', 'trk-405180']) {
        expect(await idsFound(term), term).not.toContain(claim.id);
      }
      // The SQL function cuts grams of the length the search uses to choose it (src/server/db/search-grams.ts).
      const [grams] = await queryRows<{ grams: string[] }>(
        db,
        sql`select claim_search_grams('abcdefg xyz') as grams`,
      );
      expect(grams!.grams.every((gram) => gram.length === SEARCH_GRAM_LENGTH)).toBe(true);
      expect([...grams!.grams].sort()).toEqual(['abcdef', 'bcdefg']);
    });

    it('filters, sorts and pages', async () => {
      const mechanical = await createClaimVia(
        app,
        manager,
        newClaimInput(acme.id, { workflow: 'mechanical', lossDate: '2026-01-15' }),
      );
      const list = (
        await call(manager, 'GET', '/api/vehicles?workflow=mechanical&from=2026-01-15&to=2026-01-15')
      ).json();
      expect(list.items.map((c: { id: string }) => c.id)).toEqual([mechanical.id]);
      const byNumber = (
        await call(manager, 'GET', '/api/vehicles?sort=number&order=asc&pageSize=2&page=2')
      ).json();
      expect(byNumber.items).toHaveLength(2);
      expect(byNumber.items[0].number).toBeLessThan(byNumber.items[1].number);
      const open = (await call(manager, 'GET', '/api/vehicles?open=false')).json();
      expect(
        open.items.every((c: { status: string }) =>
          ['completed', 'closed', 'cancelled', 'total_loss'].includes(c.status),
        ),
      ).toBe(true);
    });

    it('exports the current filter as CSV, guarding against spreadsheet formulas', async () => {
      const claim = await createClaimVia(
        app,
        manager,
        newClaimInput(acme.id, { reportedByName: '=HYPERLINK("x")' }),
      );
      const response = await call(manager, 'GET', `/api/vehicles/export.csv?search=${claim.claimNumber}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /attachment; filename="claims-\d{4}-\d{2}-\d{2}\.csv"/,
      );
      const lines = response.body.trim().split('\r\n');
      expect(lines[0]).toBe(
        'Claim number,Status,Workflow,Priority,Company,Location,Unit,VIN,Year,Make,Model,Plate,Repair facility,Assignee,Date of loss,Estimated completion,Downtime days,Estimate amount,Approved amount,Final amount,Insurer claim number,Driver,Created,Updated',
      );
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(`${claim.claimNumber},Reported,Collision,Normal,Acme Rentals,`);
      expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    });
  });

  it('deletes a claim for admins only, audited', async () => {
    const claim = await createClaimVia(app, manager, newClaimInput(acme.id));
    expect((await call(manager, 'DELETE', `/api/vehicles/${claim.id}`)).statusCode).toBe(403);
    expect((await call(admin, 'DELETE', `/api/vehicles/${claim.id}`)).statusCode).toBe(204);
    expect(await db.select().from(claims).where(eq(claims.id, claim.id))).toEqual([]);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'claim.deleted'));
    expect(entry!.entityId).toBe(claim.id);
  });
});

describe('paging through many claims', async () => {
  const { app, database } = await createTestApp();
  const company = await buildCompany(database.db);
  const cookie = await loginAs(
    app,
    await buildUser(database.db, { role: 'manager', companyIds: [company.id] }),
  );
  const created = [];
  for (let i = 0; i < 7; i++) {
    created.push(
      await createClaimVia(app, cookie, newClaimInput(company.id, { lossDate: `2026-10-0${(i % 3) + 1}` })),
    );
  }

  it.each([
    ['updatedAt', 'desc'],
    ['number', 'asc'],
    ['lossDate', 'desc'],
    ['eta', 'asc'],
  ] as const)('follows nextCursor through every claim exactly once, sorted by %s %s', async (sort, order) => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `/api/vehicles?sort=${sort}&order=${order}&pageSize=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page: { items: { id: string }[]; nextCursor: string | null } = (
        await app.inject({ method: 'GET', url: query, headers: { cookie } })
      ).json();
      seen.push(...page.items.map((c: { id: string }) => c.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    const all = (
      await app.inject({
        method: 'GET',
        url: `/api/vehicles?sort=${sort}&order=${order}&pageSize=50`,
        headers: { cookie },
      })
    ).json();
    expect(seen).toEqual(all.items.map((c: { id: string }) => c.id));
    expect(all).toMatchObject({ total: 7, totalCapped: false, nextCursor: null });
  });

  it('bounds numbered pages and refuses a tampered cursor', async () => {
    // Past the numbered pages with fewer claims than that: an empty page, like any page past the end.
    const pastTheEnd = await app.inject({
      method: 'GET',
      url: '/api/vehicles?page=5&pageSize=25',
      headers: { cookie },
    });
    expect(pastTheEnd.statusCode).toBe(200);
    expect(pastTheEnd.json()).toMatchObject({ items: [], total: 7, totalCapped: false, nextCursor: null });

    // With more claims than the numbered pages reach, only nextCursor goes on.
    const big = await buildCompany(database.db);
    const bigCookie = await loginAs(
      app,
      await buildUser(database.db, { role: 'manager', companyIds: [big.id] }),
    );
    const seed = await createClaimVia(app, bigCookie, newClaimInput(big.id));
    await database.db.execute(sql`
      insert into claims (number, vehicle_id, company_id, workflow, description, loss_date)
      select 900000000 + g, c.vehicle_id, c.company_id, c.workflow, c.description, c.loss_date
      from generate_series(1, 1000) g, claims c where c.id = ${seed.id}`);
    const deep = await app.inject({
      method: 'GET',
      url: '/api/vehicles?page=5&pageSize=25',
      headers: { cookie: bigCookie },
    });
    expect(deep.statusCode).toBe(400);
    const first = await app.inject({ method: 'GET', url: '/api/vehicles', headers: { cookie: bigCookie } });
    // 1,001 claims: counted up to the cap, shown as "100+".
    expect(first.json()).toMatchObject({ total: 100, totalCapped: true });
    expect(first.json().nextCursor).toEqual(expect.any(String));
    // The next page is served without counting again (decision 022), and still says "100+".
    const second = await app.inject({
      method: 'GET',
      url: `/api/vehicles?cursor=${first.json().nextCursor}`,
      headers: { cookie: bigCookie },
    });
    expect(second.json()).toMatchObject({ total: 100, totalCapped: true });
    expect(second.json().items).toHaveLength(25);
    expect(second.json().items[0].id).not.toBe(first.json().items[0].id);
    expect(deep.json().message).toBe(
      'Pages go up to claim 100: narrow the search, or follow nextCursor to go further',
    );
    const tampered = await app.inject({
      method: 'GET',
      url: '/api/vehicles?cursor=bm9wZQ',
      headers: { cookie },
    });
    expect(tampered.statusCode).toBe(400);
    // A well-formed cursor whose value is not of the sort's type: a status cursor from before statuses sorted by rank.
    const foreign = Buffer.from(
      JSON.stringify(['approved', '00000000-0000-4000-8000-000000000000']),
    ).toString('base64url');
    const outdated = await app.inject({
      method: 'GET',
      url: `/api/vehicles?sort=status&cursor=${foreign}`,
      headers: { cookie },
    });
    expect(outdated.statusCode).toBe(400);
    expect(outdated.json().message).toBe(
      'This page link is no longer valid; start again from the first page',
    );
  });
});

describe('sorting by status and priority', async () => {
  const { app, database } = await createTestApp();
  const company = await buildCompany(database.db);
  const cookie = await loginAs(
    app,
    await buildUser(database.db, { role: 'manager', companyIds: [company.id] }),
  );
  // Listed so that neither the alphabetical order nor the order of creation is the expected one.
  const states = [
    { status: 'in_repair', priority: 'low', eta: '2026-12-03' },
    { status: 'cancelled', priority: 'urgent', eta: null },
    { status: 'approved', priority: 'normal', eta: '2026-12-01' },
    { status: 'diagnosis', priority: 'high', eta: '2026-12-09' },
    { status: 'reported', priority: 'normal', eta: null },
    { status: 'closed', priority: 'low', eta: '2026-12-05' },
  ] as const;
  for (const state of states) {
    const created = await createClaimVia(app, cookie, newClaimInput(company.id));
    await database.db.update(claims).set(state).where(eq(claims.id, created.id));
  }
  const rank = (status: string) => STATUS_SORT_ORDER.indexOf(status as (typeof STATUS_SORT_ORDER)[number]);
  const list = async (sort: string, order: string, extra = '') =>
    (
      await app.inject({
        method: 'GET',
        url: `/api/vehicles?sort=${sort}&order=${order}${extra}`,
        headers: { cookie },
      })
    ).json() as {
      items: { status: string; priority: string; eta: string | null }[];
      nextCursor: string | null;
    };
  /** Every claim of a sort, a page of two at a time by nextCursor. */
  const everyPage = async (sort: string, order: string) => {
    const seen: { status: string; priority: string; eta: string | null }[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(sort, order, `&pageSize=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return seen;
  };

  it('ranks statuses and priorities in the database as the shared constants order them', async () => {
    // The ranks are generated columns written by a migration: a changed constant needs a new migration.
    const rows = await queryRows<{ column: string; expression: string }>(
      database.db,
      sql`select a.attname as column, pg_get_expr(d.adbin, d.adrelid) as expression
          from pg_attrdef d join pg_attribute a on a.attrelid = d.adrelid and a.attnum = d.adnum
          where d.adrelid = 'claims'::regclass and a.attname in ('status_rank', 'priority_rank')`,
    );
    const listed = (column: string) =>
      [...rows.find((row) => row.column === column)!.expression.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
    expect(listed('status_rank')).toEqual(STATUS_SORT_ORDER);
    expect(listed('priority_rank')).toEqual(PRIORITIES);
  });

  it('sorts statuses in work order, as STATUS_SORT_ORDER lists them, and back', async () => {
    const expected = ['reported', 'diagnosis', 'approved', 'in_repair', 'closed', 'cancelled'];
    expect([...expected].sort((a, b) => rank(a) - rank(b))).toEqual(expected);
    expect((await list('status', 'asc')).items.map((claim) => claim.status)).toEqual(expected);
    expect((await list('status', 'desc')).items.map((claim) => claim.status)).toEqual(expected.reverse());
  });

  it('sorts priorities from urgent to low, and back', async () => {
    const descending = (await list('priority', 'desc')).items.map((claim) => claim.priority);
    expect(descending).toEqual(['urgent', 'high', 'normal', 'normal', 'low', 'low']);
    const ascending = (await list('priority', 'asc')).items.map((claim) => claim.priority);
    expect(ascending).toEqual(['low', 'low', 'normal', 'normal', 'high', 'urgent']);
  });

  it('pages by cursor through a status sort in the same order', async () => {
    expect((await everyPage('status', 'asc')).map((claim) => claim.status)).toEqual([
      'reported',
      'diagnosis',
      'approved',
      'in_repair',
      'closed',
      'cancelled',
    ]);
  });

  it.each([
    ['asc', ['2026-12-01', '2026-12-03', '2026-12-05', '2026-12-09', null, null]],
    ['desc', ['2026-12-09', '2026-12-05', '2026-12-03', '2026-12-01', null, null]],
  ] as const)('sorts by ETA %s with the claims without one last, page by page too', async (order, etas) => {
    expect((await list('eta', order)).items.map((claim) => claim.eta)).toEqual(etas);
    const paged = await everyPage('eta', order);
    expect(paged.map((claim) => claim.eta)).toEqual(etas);
    expect(new Set(paged.map((claim) => claim.status)).size).toBe(6);
  });
});

describe('money columns of All Claims', async () => {
  const { app, database } = await createTestApp();
  const company = await buildCompany(database.db);
  const cookie = await loginAs(
    app,
    await buildUser(database.db, { role: 'manager', companyIds: [company.id] }),
  );
  const amounts = [
    { estimateAmountCents: 162_147, approvedAmountCents: 162_147, finalAmountCents: 170_005 },
    { estimateAmountCents: 50_000, approvedAmountCents: null, finalAmountCents: null },
    { estimateAmountCents: null, approvedAmountCents: 99_999, finalAmountCents: null },
    { estimateAmountCents: 7, approvedAmountCents: 122_223, finalAmountCents: 122_223 },
    { estimateAmountCents: null, approvedAmountCents: null, finalAmountCents: null },
  ];
  const numbers: string[] = [];
  for (const amount of amounts) {
    const created = await createClaimVia(app, cookie, newClaimInput(company.id));
    await database.db.update(claims).set(amount).where(eq(claims.id, created.id));
    numbers.push(created.claimNumber);
  }
  type Row = { claimNumber: string; estimateAmountCents: number | null; approvedAmountCents: number | null };
  const list = async (query: string) =>
    (await app.inject({ method: 'GET', url: `/api/vehicles?${query}`, headers: { cookie } })).json() as {
      items: Row[];
      nextCursor: string | null;
    };

  it('answers each claim’s estimate, approved and final amounts', async () => {
    const { items } = await list('sort=number&order=asc');
    expect(items[0]).toMatchObject({
      estimateAmountCents: 162_147,
      approvedAmountCents: 162_147,
      finalAmountCents: 170_005,
    });
    expect(items[4]).toMatchObject({
      estimateAmountCents: null,
      approvedAmountCents: null,
      finalAmountCents: null,
    });
  });

  it.each([
    ['approvedAmount', 'desc', [162_147, 122_223, 99_999, null, null]],
    ['approvedAmount', 'asc', [99_999, 122_223, 162_147, null, null]],
  ] as const)(
    'sorts by %s %s with the claims without one last, page by page too',
    async (sort, order, expected) => {
      expect((await list(`sort=${sort}&order=${order}`)).items.map((c) => c.approvedAmountCents)).toEqual(
        expected,
      );
      const seen: Row[] = [];
      let cursor: string | null = null;
      do {
        const page: { items: Row[]; nextCursor: string | null } = await list(
          `sort=${sort}&order=${order}&pageSize=2${cursor ? `&cursor=${cursor}` : ''}`,
        );
        seen.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen.map((c) => c.approvedAmountCents)).toEqual(expected);
      expect(new Set(seen.map((c) => c.claimNumber)).size).toBe(5);
    },
  );

  it('sorts by the estimate amount, biggest first', async () => {
    expect((await list('sort=estimateAmount&order=desc')).items.map((c) => c.estimateAmountCents)).toEqual([
      162_147,
      50_000,
      7,
      null,
      null,
    ]);
  });

  it('puts the amounts in the CSV export as dollars a spreadsheet reads', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/vehicles/export.csv?sort=number&order=asc',
      headers: { cookie },
    });
    const [header, ...rows] = response.body.trim().split('\r\n');
    const columns = header!.split(',');
    const at = (row: string, name: string) => row.split(',')[columns.indexOf(name)];
    expect(at(rows[0]!, 'Estimate amount')).toBe('1621.47');
    expect(at(rows[0]!, 'Approved amount')).toBe('1621.47');
    expect(at(rows[0]!, 'Final amount')).toBe('1700.05');
    expect(at(rows[3]!, 'Estimate amount')).toBe('0.07');
    expect(at(rows[4]!, 'Final amount')).toBe('');
  });
});
