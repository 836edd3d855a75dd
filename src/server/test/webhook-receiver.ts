import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';
import { systemActor } from '../actor.js';
import type { Database } from '../db/client.js';
import { createLogger } from '../logger.js';
import { deliverDueWebhooks } from '../modules/webhooks/index.js';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on a port of its own (closed after the file's tests): each path answers the statuses it is
 * given in turn, then 200. `at(path)` is what reached that path, in order.
 */
export async function startWebhookReceiver() {
  const received: Received[] = [];
  const answers = new Map<string, number[]>();
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body });
      response.writeHead(answers.get(path)?.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const at = (path: string) => received.filter((entry) => entry.path === path);
  return { base, received, answers, at };
}

/** The delivery job's work as the tests run it: one pass at `now`, over loopback addresses, sealed with `secretsKey`. */
export function webhookDeliverer(db: Database, secretsKey: string) {
  const logger = createLogger({ logLevel: 'silent' });
  return (now: Date) =>
    deliverDueWebhooks(db, {
      actor: systemActor('webhooks.deliver'),
      secretsKey: Buffer.from(secretsKey, 'hex'),
      rules: { allowHttp: true, privateNetworks: ['127.0.0.0/8'] },
      logger,
      now,
    });
}

/** The test app's settings for an endpoint on this machine. */
export const loopbackWebhookEnv = (secretsKey: string) => ({
  SECRETS_KEY: secretsKey,
  INTEGRATION_ALLOW_HTTP: 'true',
  INTEGRATION_ALLOW_PRIVATE_NETWORKS: '127.0.0.0/8',
});
