import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type autocannon from 'autocannon';
import { newClaimInput } from '../src/server/test/claim-factories.js';
import { BenchClient } from './api.js';
import type { Scenario } from './scenario.js';

/** Issue 33's bar: 1,000 claim moves a minute, their deliveries at the receiver with a p95 lag under 5 s. */
const MOVES_PER_MINUTE = 1_000;
const CLAIMS = 64;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/**
 * A receiver on this machine that answers 200 at once and keeps, for each event, how long after the event it
 * arrived: from the event's `timestamp` (taken in the move's transaction) to its arrival here.
 */
async function startLagReceiver() {
  const lags: number[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const event = JSON.parse(body) as { timestamp: string };
      lags.push(Date.now() - Date.parse(event.timestamp));
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/fleetclaims`;
  return { url, lags, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let receiver: Awaited<ReturnType<typeof startLagReceiver>> | undefined;
let moved = 0;

export const webhookScenarios: Scenario[] = [
  {
    name: 'webhook-lag',
    description: `${MOVES_PER_MINUTE} claim moves a minute (POST …/transitions, on hold and back), each sent to a webhook endpoint on this machine: the lag from the move to its delivery`,
    setup: async (url) => {
      const admin = await BenchClient.admin(url);
      receiver = await startLagReceiver();
      moved = 0;
      const company = await admin.call<{ id: string }>('POST', '/api/companies', {
        name: `Webhook bench ${Date.now()}`,
        code: `WH${Date.now().toString(36).slice(-6).toUpperCase()}`,
      });
      await admin.call('POST', '/api/webhooks', {
        url: receiver.url,
        events: ['claim.status_changed'],
        companyIds: [company.id],
      });
      const claims = [];
      for (let index = 0; index < CLAIMS; index++) {
        claims.push(
          await admin.call<{ id: string; status: string; version: number }>(
            'POST',
            '/api/vehicles',
            newClaimInput(company.id),
          ),
        );
      }
      const state = claims.map((claim) => ({ ...claim, busy: false }));
      const request: autocannon.Request = {
        method: 'POST',
        setupRequest: (raw, context) => {
          // Each request takes an idle claim and frees it when its answer arrives (no version conflicts).
          const claim = state.find((candidate) => !candidate.busy);
          if (!claim) throw new Error('more requests at once than claims to move');
          claim.busy = true;
          (context as { claim?: (typeof state)[number] }).claim = claim;
          return {
            ...raw,
            path: `/api/vehicles/${claim.id}/transitions`,
            headers: { cookie: admin.cookie, 'content-type': 'application/json' },
            body: JSON.stringify({
              to: claim.status === 'on_hold' ? 'reported' : 'on_hold',
              version: claim.version,
            }),
          };
        },
        onResponse: (status, body, context) => {
          const claim = (context as { claim: (typeof state)[number] }).claim;
          claim.busy = false;
          if (status !== 200) return;
          const answer = JSON.parse(body) as { status: string; version: number };
          claim.status = answer.status;
          claim.version = answer.version;
          moved++;
        },
      };
      return { requests: [request], overallRate: MOVES_PER_MINUTE / 60 };
    },
    alongside: async () => async () => {
      // The moves are done: wait (at most 60 s) for the last of their deliveries, then the lag.
      const deadline = Date.now() + 60_000;
      while (receiver!.lags.length < moved && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const sorted = [...receiver!.lags].sort((a, b) => a - b);
      await receiver!.close();
      return (
        `${sorted.length} deliveries of ${moved} moves; lag from the move to the receiver p50 ` +
        `${percentile(sorted, 50)} ms, p95 ${percentile(sorted, 95)} ms, p99 ${percentile(sorted, 99)} ms, ` +
        `max ${sorted.at(-1)} ms (bar: p95 under 5,000 ms)`
      );
    },
  },
];
