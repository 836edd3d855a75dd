import type autocannon from 'autocannon';
import { BenchClient } from './api.js';
import { accountingScenarios } from './accounting-scenarios.js';
import { claimScenarios } from './claim-scenarios.js';
import type { Scenario } from './scenario.js';
import { webhookScenarios } from './webhook-scenarios.js';

export type { Scenario } from './scenario.js';

const POLLING_USERS = 100;

export const baseScenarios: Scenario[] = [
  { name: 'health', description: 'GET /api/health (liveness, no database)', path: '/api/health', bare: true },
  { name: 'ready', description: 'GET /api/ready (one database round trip)', path: '/api/ready', bare: true },
  {
    name: 'notifications-poll',
    list: true,
    bare: true,
    description: `GET /api/notifications as ${POLLING_USERS} logged-in users polling with If-None-Match (mostly 304)`,
    expectStatus: [200, 304],
    setup: async (url) => {
      const admin = await BenchClient.admin(url);
      const cookies: string[] = [];
      for (let i = 0; i < POLLING_USERS; i++) {
        const username = `poller${i}`;
        // A database kept between runs (--database-url) has them from the last run.
        await admin
          .call('POST', '/api/register', {
            username,
            password: 'Poller-pass-1',
            firstName: 'Poll',
            lastName: `User ${i}`,
            email: `${username}@bench.test`,
            role: 'viewer',
          })
          .catch((error: Error) => {
            if (!error.message.includes('→ 409')) throw error;
          });
        cookies.push((await BenchClient.login(url, username, 'Poller-pass-1')).cookie);
      }
      const etags = new Map<number, string>();
      let next = 0;
      const request: autocannon.Request = {
        method: 'GET',
        path: '/api/notifications',
        // Each request polls as the next user, with the ETag that user last received.
        setupRequest: (raw, context) => {
          const user = next++ % POLLING_USERS;
          (context as { user?: number }).user = user;
          const etag = etags.get(user);
          return { ...raw, headers: { cookie: cookies[user]!, ...(etag ? { 'if-none-match': etag } : {}) } };
        },
        onResponse: (_status, _body, context, headers) => {
          const etag = headers?.etag;
          if (typeof etag === 'string') etags.set((context as { user: number }).user, etag);
        },
      };
      return { requests: [request] };
    },
  },
];

export const scenarios: Scenario[] = [
  ...baseScenarios,
  ...claimScenarios,
  ...accountingScenarios,
  ...webhookScenarios,
];
