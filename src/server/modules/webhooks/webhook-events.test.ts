import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS, type WebhookEndpoint } from '@shared/webhooks.js';
import { verifyWebhook } from '../../../../docs/examples/webhook-receiver.mjs';
import { caller, checkReceivedVia, sentInvoiceVia, succeeded } from '../../test/accounting-factories.js';
import { createClaimVia, newClaimInput } from '../../test/claim-factories.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { loopbackWebhookEnv, startWebhookReceiver, webhookDeliverer } from '../../test/webhook-receiver.js';

const SECRETS_KEY = randomBytes(32).toString('hex');

/** An event as the receiver verified it: its record under `data`, by name. */
type Delivered = { id: string; type: string; data: Record<string, Record<string, unknown>> };

/**
 * The events of the records beside the claim (issue 33): each is queued by the one path that writes its record —
 * the estimate writer, the authorization decision (a person's or the automatic one), sending an invoice, the
 * payment or credit note that settles it — and carries the record as the API answers it.
 */
describe('webhook events of estimates, authorizations and invoices', async () => {
  const { app, database } = await createTestApp({ env: loopbackWebhookEnv(SECRETS_KEY) });
  const { db } = database;
  const receiver = await startWebhookReceiver();
  const deliver = webhookDeliverer(db, SECRETS_KEY);
  const acme = await buildCompany(db, { billingEmail: 'ap@acme.example' });
  const cookie = await loginAs(app, await buildUser(db, { role: 'admin' }));
  const call = caller(app, cookie);
  const today = new Date().toISOString().slice(0, 10);

  const { endpoint, secret } = await succeeded<{ endpoint: WebhookEndpoint; secret: string }>(
    call('POST', '/api/webhooks', {
      url: `${receiver.base}/records`,
      // Every event of the records beside the claim.
      events: WEBHOOK_EVENTS.filter((event) => !event.startsWith('claim.')),
      companyIds: [acme.id],
    }),
  );
  let seen = 0;
  /** Delivers what is due and answers the events that arrived since the last call, verified. */
  const deliveredSince = async () => {
    const at = new Date(Date.now() + 1000);
    // Pass after pass, as the job does: a subject's next event goes out once the one before it has.
    while ((await deliver(at)).delivered > 0);
    const arrived = receiver.at('/records').slice(seen);
    seen += arrived.length;
    return arrived.map((entry) => verifyWebhook(secret, entry.headers, entry.body) as Delivered);
  };

  it('sends an estimate added and approved, the invoice sent, and paid once, when the last payment settles it', async () => {
    const invoice = await sentInvoiceVia(app, cookie, acme.id, { cents: 12_345, issueDate: today });
    // In order per subject: the claim's estimate events, and the invoice's (which may go out between them).
    const events = await deliveredSince();
    expect(events.map((event) => event.type).sort()).toEqual([
      'estimate.added',
      'estimate.approved',
      'invoice.sent',
    ]);
    const [added, approved] = events.filter((event) => event.type.startsWith('estimate.'));
    const sent = events.find((event) => event.type === 'invoice.sent');
    expect(added).toMatchObject({
      type: 'estimate.added',
      data: { estimate: { status: 'pending', supplementNumber: 0, totalCents: 12_345 } },
    });
    expect(approved).toMatchObject({
      type: 'estimate.approved',
      data: { estimate: { id: added!.data.estimate!.id, status: 'approved', totalCents: 12_345 } },
    });
    expect(sent).toMatchObject({
      type: 'invoice.sent',
      data: {
        invoice: { id: invoice.id, number: invoice.number, status: 'sent', totalCents: invoice.totalCents },
      },
    });

    const part = 5_000;
    await checkReceivedVia(app, cookie, {
      companyId: acme.id,
      receivedOn: today,
      amountCents: part,
      applications: [{ invoiceId: invoice.id, amountCents: part }],
    });
    expect(await deliveredSince()).toEqual([]);
    await checkReceivedVia(app, cookie, {
      companyId: acme.id,
      receivedOn: today,
      amountCents: invoice.totalCents - part,
      applications: [{ invoiceId: invoice.id, amountCents: invoice.totalCents - part }],
    });
    const [paid, ...more] = await deliveredSince();
    expect(more).toEqual([]);
    expect(paid).toMatchObject({
      type: 'invoice.paid',
      data: {
        invoice: {
          id: invoice.id,
          status: 'paid',
          paidCents: invoice.totalCents,
          creditedCents: 0,
          balanceCents: 0,
        },
      },
    });
    // The record as it is after the write: its history ends with the payment that settled it.
    const actions = (entries: unknown) => (entries as { action: string }[]).map((entry) => entry.action);
    const read = await succeeded<{ history: unknown[] }>(
      call('GET', `/api/accounting/invoices/${invoice.id}`),
    );
    expect(actions(paid!.data.invoice!.history)).toEqual(actions(read.history));
    expect(actions(read.history).at(-1)).toBe('invoice.payment_applied');
  });

  it('sends estimate.updated when an estimate awaiting review is edited', async () => {
    const claim = await createClaimVia(app, cookie, newClaimInput(acme.id));
    const line = {
      operation: 'part',
      description: 'Tail lamp assembly',
      quantity: 1,
      unitPriceCents: 18_900,
    };
    const estimate = await succeeded<{ id: string; version: number }>(
      call('POST', `/api/vehicles/${claim.id}/estimates`, { lines: [line] }),
    );
    await succeeded(
      call('PATCH', `/api/estimates/${estimate.id}`, {
        version: estimate.version,
        lines: [{ ...line, quantity: 2 }],
      }),
    );
    const events = await deliveredSince();
    expect(events.map((event) => [event.type, event.data.estimate!.totalCents])).toEqual([
      ['estimate.added', 18_900],
      ['estimate.updated', 37_800],
    ]);
  });

  it('sends invoice.paid when a credit note settles the rest', async () => {
    const invoice = await sentInvoiceVia(app, cookie, acme.id, { cents: 20_000, issueDate: today });
    await deliveredSince();
    await checkReceivedVia(app, cookie, {
      companyId: acme.id,
      receivedOn: today,
      amountCents: 15_000,
      applications: [{ invoiceId: invoice.id, amountCents: 15_000 }],
    });
    await succeeded(
      call('POST', `/api/accounting/invoices/${invoice.id}/credit-notes`, {
        amountCents: invoice.totalCents - 15_000,
        reason: 'Goodwill',
        issuedOn: today,
      }),
    );
    const events = await deliveredSince();
    expect(events.map((event) => [event.type, event.data.invoice!.status])).toEqual([
      ['invoice.paid', 'paid'],
    ]);
    expect(events[0]!.data.invoice).toMatchObject({
      paidCents: 15_000,
      creditedCents: invoice.totalCents - 15_000,
      balanceCents: 0,
    });
  });

  it('sends authorization.decided for a person’s decision and for the automatic one within the limit', async () => {
    const lines = [
      { description: 'Replace front brake pads and rotors', amountCents: 64_000 },
      { description: 'Brake fluid flush', amountCents: 12_550 },
    ];
    const inDiagnosis = async () => {
      const claim = await createClaimVia(app, cookie, newClaimInput(acme.id, { workflow: 'mechanical' }));
      await succeeded(
        call('POST', `/api/vehicles/${claim.id}/transitions`, { to: 'diagnosis', version: claim.version }),
      );
      return claim;
    };
    const decided = await inDiagnosis();
    const request = await succeeded<{ id: string; lines: { id: string }[] }>(
      call('POST', `/api/vehicles/${decided.id}/authorizations`, { lines }),
    );
    await succeeded(
      call('POST', `/api/authorizations/${request.id}/decision`, {
        action: 'approve',
        lineIds: [request.lines[0]!.id],
      }),
    );
    const [partly, ...none] = await deliveredSince();
    expect(none).toEqual([]);
    expect(partly).toMatchObject({
      type: 'authorization.decided',
      data: {
        authorization: {
          id: request.id,
          claimId: decided.id,
          status: 'partially_approved',
          requestedAmountCents: 76_550,
          approvedAmountCents: 64_000,
          decidedAutomatically: false,
        },
      },
    });

    await succeeded(call('PATCH', `/api/companies/${acme.id}`, { autoApprovalLimitCents: 100_000 }));
    const automatic = await inDiagnosis();
    await succeeded(call('POST', `/api/vehicles/${automatic.id}/authorizations`, { lines }));
    const [auto] = await deliveredSince();
    expect(auto).toMatchObject({
      type: 'authorization.decided',
      data: {
        authorization: {
          claimId: automatic.id,
          status: 'approved',
          approvedAmountCents: 76_550,
          decidedAutomatically: true,
        },
      },
    });
    // The log names each delivery's event, newest first.
    const log = await succeeded<{ items: { eventType: string; status: string }[] }>(
      call('GET', `/api/webhooks/${endpoint.id}/deliveries`),
    );
    expect(log.items[0]).toMatchObject({ eventType: 'authorization.decided', status: 'succeeded' });
  });
});
