import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp, type App } from '../app.js';
import { openDatabase, queryRows, type DatabaseHandle } from '../db/client.js';
import { LOGIN_FAILURES_PER_USERNAME } from '../modules/auth/index.js';
import { createClaimVia, newClaimInput } from '../test/claim-factories.js';
import { buildCompany, buildUser, loginAs } from '../test/factories.js';
import { multipartFile } from '../test/multipart.js';
import { createTestDatabase, testConfig, testDatabaseKind } from '../test/test-app.js';

/**
 * Two app instances on one PostgreSQL database, each with its own connection pool and nothing shared in memory
 * (as two processes behind a load balancer are), and one shared DATA_DIR (the shared volume of uploads). What a
 * user does through one is seen through the other. (Scheduled jobs running once across processes:
 * jobs/runner/runner.test.ts, "two runners on one database run each scheduled slot once".)
 */
describe.skipIf(testDatabaseKind() !== 'postgres')('two app instances on one database', async () => {
  const shared = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-two-apps-'));
  const second: DatabaseHandle = await openDatabase({ kind: 'postgres', url: shared.url!, poolSize: 5 });
  const config = testConfig({ DATA_DIR: dataDir });
  const one: App = await buildApp({ config, database: shared });
  const two: App = await buildApp({ config, database: second });
  await Promise.all([one.ready(), two.ready()]);
  afterAll(async () => {
    await one.close();
    await two.close();
    await second.close();
    await shared.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const company = await buildCompany(shared.db);
  const manager = await buildUser(shared.db, { role: 'manager', companyIds: [company.id] });

  it('takes a session made on one on the other, and ends it on both', async () => {
    const cookie = await loginAs(one, manager);
    const me = await two.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(JSON.stringify(me.json())).toContain(manager.username);
    await two.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect((await one.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
  });

  it('counts failed logins across both', async () => {
    const target = await buildUser(shared.db, { role: 'viewer', companyIds: [company.id] });
    for (let attempt = 0; attempt < LOGIN_FAILURES_PER_USERNAME; attempt++) {
      const app = attempt % 2 ? two : one;
      const failed = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: target.username, password: 'wrong-password-1' },
      });
      expect(failed.statusCode).toBe(401);
    }
    // The next try, on either, is throttled even with the right password.
    for (const app of [one, two]) {
      const throttled = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: target.username, password: target.password },
      });
      expect(throttled.statusCode).toBe(429);
    }
  });

  it('verifies at most the limit of 50 simultaneous wrong logins spread over both', async () => {
    const target = await buildUser(shared.db, { role: 'viewer', companyIds: [company.id] });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, attempt) =>
        (attempt % 2 ? two : one).inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: target.username, password: `wrong-password-${attempt}` },
          remoteAddress: '203.0.113.50',
        }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 401).length).toBeLessThanOrEqual(LOGIN_FAILURES_PER_USERNAME);
    expect(codes.filter((code) => code === 429).length).toBe(
      50 - codes.filter((code) => code === 401).length,
    );
  });

  it('numbers claims created concurrently on both uniquely and without gaps', async () => {
    const cookieOne = await loginAs(one, manager);
    const cookieTwo = await loginAs(two, manager);
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        createClaimVia(index % 2 ? two : one, index % 2 ? cookieTwo : cookieOne, newClaimInput(company.id)),
      ),
    );
    const numbers = created
      .map((claim: { number: number | string }) => Number(String(claim.number).replace(/\D/g, '')))
      .sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers.at(-1)! - numbers[0]!).toBe(19);
    const [stored] = await queryRows<{ n: number; distinct: number }>(
      shared.db,
      sql`select count(*)::int as n, count(distinct number)::int as distinct from claims`,
    );
    expect(stored!.distinct).toBe(stored!.n);
  });

  it('serves a file uploaded through one from the other (DATA_DIR/uploads shared)', async () => {
    const cookieOne = await loginAs(one, manager);
    const cookieTwo = await loginAs(two, manager);
    const claim = await createClaimVia(one, cookieOne, newClaimInput(company.id));
    const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#1d4ed8' } })
      .png()
      .toBuffer();
    const form = multipartFile('file', 'dent.png', 'image/png', image);
    const uploaded = await one.inject({
      method: 'POST',
      url: `/api/vehicles/${claim.id}/attachments`,
      headers: { cookie: cookieOne, ...form.headers },
      payload: form.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const file = await two.inject({
      method: 'GET',
      url: `/api/attachments/${uploaded.json().id}/file`,
      headers: { cookie: cookieTwo },
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(image)).toBe(true);
  });
});
