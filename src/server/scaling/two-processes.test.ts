import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.js';
import { LOGIN_FAILURES_PER_USERNAME } from '../modules/auth/index.js';
import { newClaimInput } from '../test/claim-factories.js';
import { buildCompany, buildUser } from '../test/factories.js';
import {
  haproxyConfigFor,
  logEntry,
  startCluster,
  startHaproxy,
  stopProcess,
  type WatchedProcess,
} from '../test/cluster.js';
import { createTestDatabase, testConfig, testDatabaseKind } from '../test/test-app.js';
import { backgroundJobs } from '../jobs/registry.js';
import { createClient, uploadSlowly, type Client } from '../test/http-client.js';
import { loopbackWebhookEnv, startWebhookReceiver } from '../test/webhook-receiver.js';

/** Ports of this test only (HAProxy, then the app processes): no other test listens on 5311–5313. */
const BALANCER_PORT = 5311;
const APP_PORTS = [5312, 5313] as const;

/**
 * Two real app processes (`npm run start:cluster`, the built server) on one PostgreSQL database and one
 * DATA_DIR, behind Debian's HAProxy running the committed `deploy/haproxy.cfg`. What a user does through one
 * process is seen through the other and through the load balancer; a process that gets SIGTERM drains.
 */
describe.skipIf(testDatabaseKind() !== 'postgres')('two app processes behind HAProxy', async () => {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-two-processes-'));
  const company = await buildCompany(database.db);
  const manager = await buildUser(database.db, { role: 'manager', companyIds: [company.id] });
  const receiver = await startWebhookReceiver();
  let cluster: WatchedProcess;
  let haproxy: WatchedProcess;
  let pidOfPort: Map<number, number>;
  const [one, two, balancer] = [...APP_PORTS, BALANCER_PORT].map((port) => client(port)) as [
    Client,
    Client,
    Client,
  ];

  beforeAll(async () => {
    ({ cluster, pidOfPort } = await startCluster({
      basePort: APP_PORTS[0],
      processes: APP_PORTS.length,
      env: {
        HOST: '127.0.0.1',
        DATABASE_URL: database.url!,
        DATA_DIR: dataDir,
        TRUST_PROXY: '127.0.0.1',
        LOG_LEVEL: 'info',
        // A scheduled job every second (the inbox folder), looked for often, so slots come quickly.
        CCC_INBOX_POLL_MS: '1000',
        JOB_POLL_MS: '200',
        // Webhook endpoints on this machine (the test's receiver).
        ...loopbackWebhookEnv(randomBytes(32).toString('hex')),
      },
    }));
    haproxy = await startHaproxy(
      haproxyConfigFor(BALANCER_PORT, [...APP_PORTS]),
      path.join(dataDir, 'haproxy.cfg'),
      `http://127.0.0.1:${BALANCER_PORT}/api/ready`,
    );
  }, 240_000);

  afterAll(async () => {
    if (haproxy) await stopProcess(haproxy);
    if (cluster) await stopProcess(cluster);
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('takes a session made on one process on the other and through the load balancer', async () => {
    const cookie = await one.login(manager);
    for (const other of [two, balancer]) {
      const me = await other.get('/api/user', cookie);
      expect(me.status).toBe(200);
      expect(await me.text()).toContain(manager.username);
    }
    expect((await two.post('/api/logout', cookie)).status).toBeLessThan(300);
    for (const any of [one, balancer]) expect((await any.get('/api/user', cookie)).status).toBe(401);
  });

  it('counts failed logins on both processes toward one throttle', async () => {
    const target = await buildUser(database.db, { role: 'viewer', companyIds: [company.id] });
    for (let attempt = 0; attempt < LOGIN_FAILURES_PER_USERNAME; attempt++) {
      const failed = await (attempt % 2 ? two : one).post('/api/login', undefined, {
        username: target.username,
        password: 'wrong-password-1',
      });
      expect(failed.status).toBe(401);
    }
    // The next try, anywhere, is throttled even with the right password.
    for (const any of [balancer, one, two]) {
      const throttled = await any.post('/api/login', undefined, target);
      expect(throttled.status).toBe(429);
    }
  });

  it('audits the address HAProxy saw, not an X-Forwarded-For the client wrote', async () => {
    const username = `forged-${Date.now()}`;
    const response = await fetch(`http://127.0.0.1:${BALANCER_PORT}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
      body: JSON.stringify({ username, password: 'wrong-password-1' }),
    });
    expect(response.status).toBe(401);
    const rows = await queryRows<{ ip: string | null }>(
      database.db,
      sql`select ip from audit_log where action = 'login.failed' and after->>'username' = ${username}`,
    );
    expect(rows.map((row) => row.ip)).toEqual(['127.0.0.1']);
  });

  it('numbers claims created concurrently on both processes uniquely and without gaps', async () => {
    const cookie = await balancer.login(manager);
    const clients = [one, two, balancer];
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        clients[index % 3]!.post('/api/vehicles', cookie, newClaimInput(company.id)),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(30).fill(201));
    const numbers = (await Promise.all(responses.map((response) => response.json())))
      .map((claim: { number: number | string }) => Number(String(claim.number).replace(/\D/g, '')))
      .sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(30);
    expect(numbers.at(-1)! - numbers[0]!).toBe(29);
  });

  it('runs each scheduled job once per slot, not once per process', async () => {
    // A file dropped into the shared inbox folder (old enough to be settled) is handled by one run only.
    const inbox = path.join(dataDir, 'ccc-inbox');
    fs.mkdirSync(inbox, { recursive: true });
    fs.writeFileSync(path.join(inbox, 'not-an-estimate.xml'), 'this is not a BMS estimate');
    const longAgo = new Date(Date.now() - 60_000);
    fs.utimesSync(path.join(inbox, 'not-an-estimate.xml'), longAgo, longAgo);
    const slotsWanted = 4;
    const runs = await waitForRows(
      () =>
        queryRows<{ job: string; slot: string; runs: number; workers: string[]; failedFiles: number }>(
          database.db,
          sql`select job, slot::text, count(*)::int as runs, array_agg(worker) as workers,
                coalesce(sum((result->>'failed')::int), 0)::int as "failedFiles"
              from job_runs where trigger = 'schedule' and status = 'succeeded'
              group by job, slot order by job, slot`,
        ),
      (rows) =>
        rows.filter((row) => row.job === 'ccc.inbox').length >= slotsWanted &&
        rows.some((row) => row.failedFiles > 0),
      `${slotsWanted} slots of the inbox job, one of which handled the dropped file`,
    );
    // Each job's slot ran once, by one of the two processes.
    expect(runs.every((row) => row.runs === 1)).toBe(true);
    const pids = new Set(runs.map((row) => Number(row.workers[0]!.split(':')[1])));
    expect([...pids].every((pid) => [...pidOfPort.values()].includes(pid))).toBe(true);
    // Both processes queued the current slot of every scheduled job when they started: each ran once. A schedule
    // read from a setting (Tekmetric's, with no connection saved here) queues nothing.
    const scheduled = backgroundJobs(testConfig(), { mailSender: null }).filter(
      (job) => job.schedule && !('read' in job.schedule),
    );
    expect(new Set(runs.map((row) => row.job))).toEqual(new Set(scheduled.map((job) => job.name)));
    // The dropped file was handled by one run, once.
    expect(runs.reduce((sum, row) => sum + row.failedFiles, 0)).toBe(1);
    expect(fs.readdirSync(path.join(inbox, 'failed'))).toEqual(['not-an-estimate.xml']);
  }, 60_000);

  it('delivers each webhook event once, whichever process queued it and however many send', async () => {
    const admin = await buildUser(database.db, { role: 'admin' });
    const cookie = await balancer.login(admin);
    const registered = await one.post('/api/webhooks', cookie, {
      url: `${receiver.base}/cluster`,
      events: ['claim.created'],
      companyIds: [company.id],
    });
    expect(registered.status).toBe(201);
    const opened = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        [one, two][index % 2]!.post('/api/vehicles', cookie, newClaimInput(company.id)),
      ),
    );
    const claimIds = await Promise.all(opened.map(async (response) => (await response.json()).id as string));
    // Every delivery has its answer recorded (each was queued with its claim); then nothing more will be sent.
    await waitForRows(
      () =>
        queryRows<{ succeeded: number }>(
          database.db,
          sql`select count(*)::int as succeeded from webhook_deliveries where status = 'succeeded'`,
        ),
      ([row]) => row!.succeeded === claimIds.length,
      'every webhook delivery to succeed',
    );
    const events = receiver.at('/cluster').map((entry) => JSON.parse(entry.body));
    expect(events).toHaveLength(claimIds.length);
    expect(new Set(events.map((event) => event.id)).size).toBe(claimIds.length);
    expect(events.map((event) => event.data.claim.id).sort()).toEqual([...claimIds].sort());
  }, 60_000);

  it('serves a file uploaded through one process from the other and through the load balancer', async () => {
    const cookie = await balancer.login(manager);
    const claim = await (await one.post('/api/vehicles', cookie, newClaimInput(company.id))).json();
    const image = await testImage();
    const uploaded = await one.upload(`/api/vehicles/${claim.id}/attachments`, cookie, image);
    expect(uploaded.status).toBe(201);
    const { id } = await uploaded.json();
    for (const other of [two, balancer]) {
      const file = await other.get(`/api/attachments/${id}/file`, cookie);
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(image)).toBe(true);
    }
  });

  it('drains a process sent SIGTERM: its request in flight finishes and no request fails', async () => {
    const cookie = await balancer.login(manager);
    const claim = await (await two.post('/api/vehicles', cookie, newClaimInput(company.id))).json();
    const [port] = APP_PORTS;
    const pid = pidOfPort.get(port)!;
    const image = await testImage();
    const from = cluster.lines.length;
    // An upload to the first process, whose body is still coming when the signal arrives.
    const upload = uploadSlowly(port, `/api/vehicles/${claim.id}/attachments`, cookie, image);
    await cluster.waitFor(
      (line) => logEntry(line)?.pid === pid && /incoming request/.test(line) && line.includes('/attachments'),
      'the upload to reach the first process',
      { from },
    );
    // Meanwhile, requests through the load balancer, one after another, until the process is gone.
    const statuses: number[] = [];
    let draining = true;
    const traffic = (async () => {
      while (draining) {
        const response = await balancer.get('/api/user', cookie).catch(() => null);
        statuses.push(response?.status ?? 0);
        await response?.arrayBuffer();
      }
    })();
    const haproxyFrom = haproxy.lines.length;
    process.kill(pid, 'SIGTERM');
    // Its readiness check answers 503 (not a refused connection): it still serves while HAProxy takes it out.
    await haproxy.waitFor(
      (line) => /Server app\/app1 is DOWN, reason: Layer7 wrong status, code: 503/.test(line),
      'HAProxy to take app1 out on its readiness check',
      { from: haproxyFrom },
    );
    const answer = await upload.finish();
    expect(answer.status).toBe(201);
    await cluster.waitFor(
      (line) => logEntry(line)?.pid === pid && /shut down cleanly/.test(line),
      'the first process to exit cleanly',
      { from },
    );
    draining = false;
    await traffic;
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    // The file uploaded while the process drained is there, through the process that stayed.
    const file = await two.get(`/api/attachments/${JSON.parse(answer.body).id}/file`, cookie);
    expect(Buffer.from(await file.arrayBuffer()).equals(image)).toBe(true);
    // `start:cluster` starts a process on its port again, which serves the same session.
    await cluster.waitFor(
      (line) => {
        const entry = logEntry(line);
        return entry?.pid !== pid && entry?.msg === `FleetClaims is ready at http://localhost:${port}`;
      },
      'the first port to be served again',
      { from },
    );
    expect((await one.get('/api/user', cookie)).status).toBe(200);
  }, 90_000);

  /** Repeats `read` until `done` holds for its rows (each read is one query), for at most 30 s. */
  async function waitForRows<T>(read: () => Promise<T[]>, done: (rows: T[]) => boolean, what: string) {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const rows = await read();
      if (done(rows)) return rows;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(rows)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
});

function testImage() {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer();
}

function client(port: number) {
  return createClient(`http://127.0.0.1:${port}`);
}
