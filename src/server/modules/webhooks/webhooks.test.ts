import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Claim } from '@shared/claims.js';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointRequest } from '@shared/webhooks.js';
import { verifyWebhook } from '../../../../docs/examples/webhook-receiver.mjs';
import { notifications, webhookDeliveries } from '../../db/schema/index.js';
import { newClaimInput } from '../../test/claim-factories.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { loopbackWebhookEnv, startWebhookReceiver, webhookDeliverer } from '../../test/webhook-receiver.js';

const SECRETS_KEY = randomBytes(32).toString('hex');

describe('webhooks', async () => {
  const { app, database } = await createTestApp({ env: loopbackWebhookEnv(SECRETS_KEY) });
  const { db } = database;
  const receiver = await startWebhookReceiver();
  const [acme, borealis] = [await buildCompany(db), await buildCompany(db)];
  const admin = await buildUser(db, { role: 'admin' });
  const cookie = await loginAs(app, admin);
  const deliver = webhookDeliverer(db, SECRETS_KEY);
  const register = async (path: string, input: Partial<WebhookEndpointRequest> = {}) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: { cookie },
      payload: { url: `${receiver.base}${path}`, events: ['claim.created'], companyIds: [acme.id], ...input },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { endpoint: WebhookEndpoint; secret: string };
  };
  const openClaim = async (companyId: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/vehicles',
      headers: { cookie },
      payload: newClaimInput(companyId),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Claim;
  };
  const seconds = (from: Date, s: number) => new Date(from.getTime() + s * 1000);

  it('retries an endpoint that answers 500 twice, then delivers once, signed, and keeps a claim’s events in order', async () => {
    const { endpoint, secret } = await register('/retry', { events: ['claim.created', 'claim.note_added'] });
    receiver.answers.set('/retry', [500, 500]);
    const claim = await openClaim(acme.id);
    const t0 = seconds(new Date(), 1);

    expect(await deliver(t0)).toEqual({ delivered: 0, failed: 1 });
    // A note while the claim's first event still waits: it may not overtake it.
    const note = await app.inject({
      method: 'POST',
      url: `/api/vehicles/${claim.id}/notes`,
      headers: { cookie },
      payload: { body: 'Tow truck booked for 3 pm' },
    });
    expect(note.statusCode, note.body).toBe(201);
    expect(await deliver(seconds(t0, 2))).toEqual({ delivered: 0, failed: 0 });
    expect(await deliver(seconds(t0, 6))).toEqual({ delivered: 0, failed: 1 });
    expect(await deliver(seconds(t0, 306))).toEqual({ delivered: 1, failed: 0 });
    expect(await deliver(seconds(t0, 307))).toEqual({ delivered: 1, failed: 0 });

    const attempts = receiver.at('/retry');
    expect(attempts.map((entry) => JSON.parse(entry.body).type)).toEqual([
      'claim.created',
      'claim.created',
      'claim.created',
      'claim.note_added',
    ]);
    const times = [t0, seconds(t0, 6), seconds(t0, 306), seconds(t0, 307)];
    const events = attempts.map((entry, index) =>
      verifyWebhook(secret, entry.headers, entry.body, { now: times[index]!.getTime() }),
    );
    expect(new Set(events.slice(0, 3).map((event) => event.id)).size).toBe(1);
    expect(events[0]).toMatchObject({
      type: 'claim.created',
      data: {
        claim: { id: claim.id, claimNumber: claim.claimNumber, companyId: acme.id, status: 'reported' },
      },
    });
    expect(events[3]).toMatchObject({
      data: { claimId: claim.id, note: { body: 'Tow truck booked for 3 pm' } },
    });
    expect(() =>
      verifyWebhook('whsec_' + randomBytes(24).toString('base64'), attempts[0]!.headers, attempts[0]!.body, {
        now: t0.getTime(),
      }),
    ).toThrow('bad signature');

    const log = await app.inject({
      method: 'GET',
      url: `/api/webhooks/${endpoint.id}/deliveries`,
      headers: { cookie },
    });
    const [noteDelivery, created] = log.json().items as WebhookDelivery[];
    expect(created).toMatchObject({
      eventType: 'claim.created',
      status: 'succeeded',
      attempts: 3,
      lastStatusCode: 200,
    });
    expect(noteDelivery).toMatchObject({ eventType: 'claim.note_added', status: 'succeeded', attempts: 1 });

    const resent = await app.inject({
      method: 'POST',
      url: `/api/webhooks/${endpoint.id}/deliveries/${created!.id}/resend`,
      headers: { cookie },
    });
    expect(resent.json()).toMatchObject({ eventId: created!.eventId, status: 'pending', attempts: 0 });
    expect(await deliver(seconds(t0, 308))).toEqual({ delivered: 1, failed: 0 });
    expect(JSON.parse(receiver.at('/retry').at(-1)!.body).id).toBe(created!.eventId);
  });

  it('sends nothing of a company the endpoint did not choose, and each event once with two processes delivering', async () => {
    await register('/acme-only', { events: ['claim.created', 'claim.status_changed'] });
    await openClaim(borealis.id);
    const acmeClaims = [await openClaim(acme.id), await openClaim(acme.id), await openClaim(acme.id)];
    const now = seconds(new Date(), 1);
    const [first, second] = await Promise.all([deliver(now), deliver(now)]);
    expect(first!.delivered + second!.delivered).toBeGreaterThanOrEqual(3);
    const received = receiver.at('/acme-only').map((entry) => JSON.parse(entry.body));
    expect(received.map((event) => event.data.claim.id).sort()).toEqual(
      acmeClaims.map((claim) => claim.id).sort(),
    );
    expect(new Set(received.map((event) => event.id)).size).toBe(received.length);
  });

  it('disables an endpoint that failed every delivery for a day and tells the administrators', async () => {
    const { endpoint } = await register('/down');
    receiver.answers.set('/down', Array(20).fill(503));
    await openClaim(acme.id);
    const t0 = seconds(new Date(), 1);
    await deliver(t0);
    await db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: t0 })
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    await deliver(seconds(t0, 25 * 3600));
    const list = await app.inject({ method: 'GET', url: '/api/webhooks', headers: { cookie } });
    const down = (list.json() as WebhookEndpoint[]).find((entry) => entry.id === endpoint.id)!;
    expect(down.enabled).toBe(false);
    expect(down.disabledReason).toMatch(/^Every delivery failed for a day/);
    const told = await db.select().from(notifications).where(eq(notifications.userId, admin.id));
    expect(told.map((entry) => entry.title)).toContain('Webhook endpoint disabled');
    // Off, it is sent no new events, and its waiting retry waits.
    const deliveriesOf = () =>
      db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    const before = await deliveriesOf();
    await openClaim(acme.id);
    expect(await deliveriesOf()).toHaveLength(before.length);
    const attemptsWhileOff = receiver.at('/down').length;
    await deliver(seconds(t0, 26 * 3600));
    expect(receiver.at('/down')).toHaveLength(attemptsWhileOff);
    // Fixed and turned on again, the waiting delivery goes out.
    receiver.answers.set('/down', []);
    const on = await app.inject({
      method: 'PATCH',
      url: `/api/webhooks/${endpoint.id}`,
      headers: { cookie },
      payload: { enabled: true },
    });
    expect(on.json()).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    await deliver(seconds(t0, 26 * 3600));
    expect(receiver.at('/down')).toHaveLength(attemptsWhileOff + 1);
  });

  it('refuses an address the operator did not allow and keeps the secret to itself', async () => {
    const refused = await app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: { cookie },
      payload: { url: 'http://10.1.2.3/hook', events: ['claim.created'], companyIds: null },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors.url[0]).toMatch(/private or link-local address/);
    const { secret } = await register('/quiet');
    const list = await app.inject({ method: 'GET', url: '/api/webhooks', headers: { cookie } });
    expect(list.body).not.toContain(secret.slice(6));
  });
});
