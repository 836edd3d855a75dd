import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, notifications } from '../../db/schema/index.js';
import { createClaimVia, newClaimInput } from '../../test/claim-factories.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { loadClaimCosts } from '../estimates/index.js';

describe('mechanical authorizations', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const acme = await buildCompany(db, { name: 'Acme Rentals' });
  const zenith = await buildCompany(db, { name: 'Zenith Logistics' });
  const requesterUser = await buildUser(db, {
    role: 'manager',
    companyIds: [acme.id],
    firstName: 'Riley',
    lastName: 'Requester',
  });
  const requester = await loginAs(app, requesterUser);
  const deciderUser = await buildUser(db, { role: 'manager', companyIds: [acme.id], firstName: 'Dana' });
  const decider = await loginAs(app, deciderUser);
  const watcherUser = await buildUser(db, { role: 'viewer', companyIds: [acme.id] });
  const watcher = await loginAs(app, watcherUser);
  const outsider = await loginAs(app, await buildUser(db, { role: 'manager', companyIds: [zenith.id] }));
  const adminUser = await buildUser(db, { role: 'admin' });
  const admin = await loginAs(app, adminUser);

  const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  const lines = [
    { description: 'Replace front brake pads and rotors', amountCents: 64_000 },
    { description: 'Brake fluid flush', amountCents: 12_550 },
    { description: 'Replace serpentine belt', amountCents: 18_900 },
  ];

  /** A mechanical claim in diagnosis, watched by the viewer. */
  async function claimInDiagnosis(companyId = acme.id, cookie = requester) {
    let claim = await createClaimVia(app, cookie, newClaimInput(companyId, { workflow: 'mechanical' }));
    const moved = await call(cookie, 'POST', `/api/vehicles/${claim.id}/transitions`, {
      to: 'diagnosis',
      version: claim.version,
    });
    claim = moved.json();
    if (companyId === acme.id) await call(watcher, 'PUT', `/api/vehicles/${claim.id}/watch`);
    return claim;
  }
  const requestAuthorization = (claimId: string, body: object = { lines }, cookie = requester) =>
    call(cookie, 'POST', `/api/vehicles/${claimId}/authorizations`, body);
  const decide = (id: string, body: object, cookie = decider) =>
    call(cookie, 'POST', `/api/authorizations/${id}/decision`, body);
  const claimOf = async (id: string) => (await call(requester, 'GET', `/api/vehicles/${id}`)).json();
  const notificationsFor = (userId: string, claimId: string) =>
    db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.relatedVehicleId, claimId)));

  describe('requesting', () => {
    it('moves the claim to Authorization requested and asks the company’s deciders, by notification and mail', async () => {
      const claim = await claimInDiagnosis();
      const response = await requestAuthorization(claim.id, {
        lines,
        note: 'Grinding noise; pads at 2 mm',
        requestedAmountCents: 1, // computed from the lines, never taken from the client
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({
        sequence: 1,
        status: 'pending',
        requestedAmountCents: 95_450,
        approvedAmountCents: null,
        note: 'Grinding noise; pads at 2 mm',
        requestedBy: { id: requesterUser.id, name: 'Riley Requester' },
        decidedBy: null,
        decidedAutomatically: false,
        lines: lines.map((line, position) => ({ ...line, position, approved: null })),
      });
      const current = await claimOf(claim.id);
      expect(current.status).toBe('authorization_pending');
      // Only deciding the request moves the claim on.
      expect(current.allowedTransitions).toEqual(['on_hold', 'cancelled']);
      const manual = await call(requester, 'POST', `/api/vehicles/${claim.id}/transitions`, {
        to: 'authorized',
        version: current.version,
      });
      expect(manual.statusCode).toBe(409);
      expect(manual.json().message).toMatch(/^An authorization request awaits a decision/);

      const [asked] = await notificationsFor(deciderUser.id, claim.id);
      expect(asked).toMatchObject({
        type: 'authorization_request',
        title: `Authorization requested on ${claim.claimNumber}: $954.50`,
      });
      const [told] = await notificationsFor(watcherUser.id, claim.id);
      expect(told).toMatchObject({
        type: 'status_change',
        title: `${claim.claimNumber} is now Authorization requested`,
      });
      expect(await notificationsFor(requesterUser.id, claim.id)).toEqual([]);
      // Admins are asked only when no one of the company can decide.
      expect(await notificationsFor(adminUser.id, claim.id)).toEqual([]);
      const mail = await db
        .select()
        .from(mailOutbox)
        .where(
          and(eq(mailOutbox.to, deciderUser.email!), eq(mailOutbox.templateKey, 'authorization_requested')),
        );
      expect(mail.at(-1)).toMatchObject({
        subject: `Authorization requested on claim ${claim.claimNumber}: $954.50`,
      });
      expect(mail.at(-1)!.text).toContain(`http://localhost:5000/vehicles/${claim.id}`);

      const history = (await call(requester, 'GET', `/api/vehicles/${claim.id}/history`)).json();
      expect(history.at(-1)).toMatchObject({
        fromStatus: 'diagnosis',
        toStatus: 'authorization_pending',
        note: 'Authorization requested: $954.50',
      });
    });

    it('refuses a collision claim, a claim not in diagnosis, a second pending request and bad lines', async () => {
      const collision = await createClaimVia(app, requester, newClaimInput(acme.id));
      expect((await requestAuthorization(collision.id)).json().message).toBe(
        'Authorizations are for mechanical claims',
      );
      const reported = await createClaimVia(
        app,
        requester,
        newClaimInput(acme.id, { workflow: 'mechanical' }),
      );
      const early = await requestAuthorization(reported.id);
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe(
        'Authorization can be requested while the claim is in Diagnosis; it is Reported.',
      );
      const claim = await claimInDiagnosis();
      expect((await requestAuthorization(claim.id)).statusCode).toBe(201);
      const second = await requestAuthorization(claim.id);
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe('This claim already has a request awaiting a decision');
      const bad = await requestAuthorization(claim.id, {
        lines: [{ description: '', amountCents: 0 }],
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fieldErrors).toEqual({
        'lines.0.description': ['Describe the work'],
        'lines.0.amountCents': ['Amount must be more than $0.00'],
      });
    });

    it('approves at once at or under the company’s auto-approval limit, and says so', async () => {
      const company = await buildCompany(db, { name: 'Limit Fleet' });
      const member = await loginAs(app, await buildUser(db, { role: 'manager', companyIds: [company.id] }));
      expect(
        (await call(member, 'PATCH', `/api/companies/${company.id}`, { autoApprovalLimitCents: 50_000 }))
          .statusCode,
      ).toBe(403);
      const limited = await call(admin, 'PATCH', `/api/companies/${company.id}`, {
        autoApprovalLimitCents: 50_000,
      });
      expect(limited.json().autoApprovalLimitCents).toBe(50_000);

      const claim = await claimInDiagnosis(company.id, member);
      const within = await requestAuthorization(
        claim.id,
        { lines: [{ description: 'Replace wiper motor', amountCents: 50_000 }] },
        member,
      );
      expect(within.statusCode, within.body).toBe(201);
      expect(within.json()).toMatchObject({
        status: 'approved',
        approvedAmountCents: 50_000,
        decidedBy: null,
        decidedAutomatically: true,
        decisionNote:
          'Approved automatically: $500.00 is within the company’s auto-approval limit of $500.00.',
        lines: [{ approved: true }],
      });
      const current = (await call(member, 'GET', `/api/vehicles/${claim.id}`)).json();
      expect(current).toMatchObject({ status: 'authorized', approvedAmountCents: 50_000 });
      const history = (await call(member, 'GET', `/api/vehicles/${claim.id}/history`)).json();
      expect(history.slice(-2)).toMatchObject([
        { toStatus: 'authorization_pending' },
        { toStatus: 'authorized', actor: null, note: within.json().decisionNote },
      ]);
      const list = (await call(member, 'GET', `/api/vehicles/${claim.id}/authorizations`)).json();
      expect(list.autoApprovalLimitCents).toBe(50_000);

      const over = await claimInDiagnosis(company.id, member);
      const pending = await requestAuthorization(
        over.id,
        { lines: [{ description: 'Replace alternator', amountCents: 50_001 }] },
        member,
      );
      expect(pending.json().status).toBe('pending');
    });
  });

  describe('deciding', () => {
    it('approves all of it: the claim is Authorized for the requested amount; requester and watchers hear', async () => {
      const claim = await claimInDiagnosis();
      const request = (await requestAuthorization(claim.id)).json();
      const response = await decide(request.id, { action: 'approve', note: 'Go ahead' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        status: 'approved',
        approvedAmountCents: 95_450,
        decidedBy: { id: deciderUser.id },
        decidedAutomatically: false,
        decisionNote: 'Go ahead',
        lines: [{ approved: true }, { approved: true }, { approved: true }],
      });
      expect(response.json().decidedAt).not.toBeNull();
      const current = await claimOf(claim.id);
      expect(current).toMatchObject({ status: 'authorized', approvedAmountCents: 95_450 });
      for (const userId of [requesterUser.id, watcherUser.id]) {
        const decision = (await notificationsFor(userId, claim.id)).find(
          (n) => n.type === 'authorization_decision',
        );
        expect(decision, userId).toMatchObject({
          title: `${claim.claimNumber} authorization approved: $954.50`,
        });
      }
      const audit = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, request.id), eq(auditLog.action, 'authorization.decided')));
      expect(audit[0]).toMatchObject({
        actorId: deciderUser.id,
        before: { status: 'pending', requestedAmountCents: 95_450 },
        after: { status: 'approved', approvedAmountCents: 95_450 },
      });
    });

    it('approves chosen lines: partially approved for the amount of those lines', async () => {
      const claim = await claimInDiagnosis();
      const request = (await requestAuthorization(claim.id)).json();
      const [brakes, , belt] = request.lines;
      const response = await decide(request.id, { action: 'approve', lineIds: [brakes.id, belt.id] });
      expect(response.json()).toMatchObject({
        status: 'partially_approved',
        approvedAmountCents: 64_000 + 18_900,
        lines: [{ approved: true }, { approved: false }, { approved: true }],
      });
      const authorized = await claimOf(claim.id);
      expect(authorized).toMatchObject({ status: 'authorized', approvedAmountCents: 82_900 });
      const byHand = await call(requester, 'PATCH', `/api/vehicles/${claim.id}`, {
        version: authorized.version,
        approvedAmountCents: 95_450,
      });
      expect(byHand.statusCode).toBe(400);
      expect(byHand.json().message).toBe(
        'The approved amount follows the estimate and authorization decisions: approve a supplement or request a new authorization to change it',
      );
      const [told] = (await notificationsFor(requesterUser.id, claim.id)).filter(
        (n) => n.type === 'authorization_decision',
      );
      expect(told!.title).toBe(`${claim.claimNumber} authorization partially approved: $829.00 of $954.50`);
      const strange = await decide((await requestAuthorization((await claimInDiagnosis()).id)).json().id, {
        action: 'approve',
        lineIds: [brakes.id],
      });
      expect(strange.statusCode).toBe(400);
      expect(strange.json().fieldErrors).toEqual({ lineIds: ['Choose lines of this request'] });
    });

    it('declines only with a reason; the claim is Authorization declined', async () => {
      const claim = await claimInDiagnosis();
      const request = (await requestAuthorization(claim.id)).json();
      const noReason = await decide(request.id, { action: 'decline' });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().fieldErrors).toEqual({ note: ['Give the reason for declining'] });
      expect((await claimOf(claim.id)).status).toBe('authorization_pending');

      const declined = await decide(request.id, {
        action: 'decline',
        note: 'Vehicle is due for replacement',
      });
      expect(declined.json()).toMatchObject({
        status: 'declined',
        approvedAmountCents: 0,
        decisionNote: 'Vehicle is due for replacement',
        lines: [{ approved: false }, { approved: false }, { approved: false }],
      });
      const current = await claimOf(claim.id);
      expect(current).toMatchObject({ status: 'declined', approvedAmountCents: null });
      const history = (await call(requester, 'GET', `/api/vehicles/${claim.id}/history`)).json();
      expect(history.at(-1)).toMatchObject({
        toStatus: 'declined',
        actor: { id: deciderUser.id },
        note: 'Authorization declined: Vehicle is due for replacement',
      });
      // Back to diagnosis, a new request is numbered 2.
      await call(requester, 'POST', `/api/vehicles/${claim.id}/transitions`, {
        to: 'diagnosis',
        version: current.version,
      });
      expect((await requestAuthorization(claim.id)).json().sequence).toBe(2);
      const list = (await call(watcher, 'GET', `/api/vehicles/${claim.id}/authorizations`)).json();
      expect(
        list.items.map((item: { sequence: number; status: string }) => [item.sequence, item.status]),
      ).toEqual([
        [2, 'pending'],
        [1, 'declined'],
      ]);
    });

    it('refuses to decide twice, or while the claim is not awaiting authorization (409)', async () => {
      const claim = await claimInDiagnosis();
      const request = (await requestAuthorization(claim.id)).json();
      const answers = await Promise.all([
        decide(request.id, { action: 'approve' }),
        decide(request.id, { action: 'decline', note: 'Too costly' }),
      ]);
      // Both may start; exactly one decides, whichever locks the claim first.
      const winner = answers.find((answer) => answer.statusCode === 200)!.json();
      const loser = answers.find((answer) => answer.statusCode !== 200)!;
      expect(loser.statusCode).toBe(409);
      expect(loser.json().message).toBe(
        `This request was already decided (${winner.status}). The page now shows the decision.`,
      );
      expect((await claimOf(claim.id)).status).toBe(winner.status === 'approved' ? 'authorized' : 'declined');
      const again = await decide(request.id, { action: 'approve' });
      expect(again.statusCode).toBe(409);

      const paused = await claimInDiagnosis();
      const pausedRequest = (await requestAuthorization(paused.id)).json();
      const pending = await claimOf(paused.id);
      await call(requester, 'POST', `/api/vehicles/${paused.id}/transitions`, {
        to: 'on_hold',
        version: pending.version,
      });
      const onHold = await decide(pausedRequest.id, { action: 'approve' });
      expect(onHold.statusCode).toBe(409);
      expect(onHold.json().message).toBe(
        'The claim is On hold, not Authorization requested: the request can be decided once it is back there.',
      );
    });

    it('withdraws a pending request when the claim is cancelled, and tells the requester', async () => {
      const claim = await claimInDiagnosis();
      const request = (await requestAuthorization(claim.id)).json();
      const pending = await claimOf(claim.id);
      const cancelled = await call(decider, 'POST', `/api/vehicles/${claim.id}/transitions`, {
        to: 'cancelled',
        version: pending.version,
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);

      const list = (await call(requester, 'GET', `/api/vehicles/${claim.id}/authorizations`)).json();
      expect(list.items[0]).toMatchObject({
        id: request.id,
        status: 'withdrawn',
        approvedAmountCents: null,
        decidedBy: { id: deciderUser.id },
        decisionNote: 'The claim was cancelled before a decision.',
        lines: lines.map((line) => ({ ...line, approved: false })),
      });
      expect(list.items[0].decidedAt).toEqual(expect.any(String));

      const late = await decide(request.id, { action: 'approve' });
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(
        'This request was withdrawn when the claim was cancelled: there is nothing left to decide.',
      );
      const [told] = (await notificationsFor(requesterUser.id, claim.id)).filter(
        (notification) => notification.type === 'authorization_decision',
      );
      expect(told).toMatchObject({
        title: `${claim.claimNumber} authorization withdrawn`,
        message: `${claim.vehicle.unitNumber}: The claim was cancelled before a decision.`,
      });
      const [audited] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, request.id), eq(auditLog.action, 'authorization.withdrawn')));
      expect(audited).toMatchObject({ actorId: deciderUser.id, after: { status: 'withdrawn' } });
    });

    it('lets viewers read but not request or decide (403), and hides other companies’ (404)', async () => {
      const claim = await claimInDiagnosis();
      expect((await requestAuthorization(claim.id, { lines }, watcher)).statusCode).toBe(403);
      const request = (await requestAuthorization(claim.id)).json();
      expect((await call(watcher, 'GET', `/api/authorizations/${request.id}`)).json().id).toBe(request.id);
      expect((await decide(request.id, { action: 'approve' }, watcher)).statusCode).toBe(403);
      const answers = await Promise.all([
        call(outsider, 'GET', `/api/vehicles/${claim.id}/authorizations`),
        requestAuthorization(claim.id, { lines }, outsider),
        call(outsider, 'GET', `/api/authorizations/${request.id}`),
        decide(request.id, { action: 'approve' }, outsider),
        decide('00000000-0000-4000-8000-000000000000', { action: 'approve' }),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404, 404]);
      expect(answers[3]!.json().message).toBe('Authorization request not found');
      expect((await claimOf(claim.id)).status).toBe('authorization_pending');
    });
  });

  it('loads a claim’s authorizations with their lines and decisions for its paperwork', async () => {
    const claim = await claimInDiagnosis();
    const request = (await requestAuthorization(claim.id)).json();
    const declined = (await decide(request.id, { action: 'decline', note: 'Not now' })).json();
    const costs = await loadClaimCosts(db, claim.id);
    expect(costs).toEqual({ estimates: [], authorizations: [declined] });
  });
});
