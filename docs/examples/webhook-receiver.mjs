// A FleetClaims webhook receiver (Node 20, no dependencies): checks the Standard Webhooks signature, then the age.
// Run: WEBHOOK_SECRET=whsec_… node docs/examples/webhook-receiver.mjs   (a test uses verifyWebhook as it is here)
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

/** The event if `headers` sign `body` with `secret` within `toleranceSeconds` of `now`; else throws. */
export function verifyWebhook(secret, headers, body, { now = Date.now(), toleranceSeconds = 300 } = {}) {
  const id = headers['webhook-id'];
  const timestamp = Number(headers['webhook-timestamp']);
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  const signed = String(headers['webhook-signature'] ?? '')
    .split(' ')
    .some((entry) => {
      const given = Buffer.from(entry.replace(/^v1,/, ''), 'base64');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
  if (!signed) throw new Error('bad signature');
  if (Math.abs(now / 1000 - timestamp) > toleranceSeconds) throw new Error('too old or too new');
  return JSON.parse(body);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const seen = new Set(); // event ids already handled: a delivery can come twice
  createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      try {
        const event = verifyWebhook(process.env.WEBHOOK_SECRET, request.headers, body);
        if (!seen.has(event.id)) process.stdout.write(`${event.type} ${JSON.stringify(event.data)}\n`);
        seen.add(event.id);
        response.writeHead(204).end();
      } catch (error) {
        response.writeHead(400).end(error.message);
      }
    });
  }).listen(Number(process.env.PORT ?? 8787));
}
