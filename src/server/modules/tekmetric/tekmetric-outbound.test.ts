import { randomBytes } from 'node:crypto';
import { desc } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { tekmetricConnection, tekmetricSyncLog, repairFacilities } from '../../db/schema/index.js';
import { createJobRunner } from '../../jobs/runner/index.js';
import { startFakeTekmetric } from '../../test/fake-tekmetric.js';
import { buildUser, loginAs } from '../../test/factories.js';
import { createTestApp, testConfig } from '../../test/test-app.js';
import { sealSecret } from '../../secret-box.js';
import { tekmetricSyncJob } from './tekmetric-sync.job.js';

/**
 * Issue 28, finding 3: the stored client secret goes only where an admin who typed it meant it to go. A new
 * environment, base URL or client id asks for the secret again; a custom base URL is https on a public address
 * unless the operator allows more (INTEGRATION_ALLOW_HTTP, INTEGRATION_ALLOW_PRIVATE_NETWORKS); a malformed
 * answer of the remote is a failed test, not a 500.
 */

const SECRETS_KEY = randomBytes(32).toString('hex');
/** The operator's allowance the fake Tekmetric on http://127.0.0.1 needs. */
const ALLOW_FAKE = { INTEGRATION_ALLOW_HTTP: 'true', INTEGRATION_ALLOW_PRIVATE_NETWORKS: '127.0.0.0/8' };

describe('Tekmetric: where the stored client secret may be sent', async () => {
  const fake = await startFakeTekmetric();
  // Another server on loopback, standing for any address an admin (or someone with an admin's session) types.
  const elsewhere = await startFakeTekmetric();
  afterAll(async () => {
    await fake.close();
    await elsewhere.close();
  });
  const allowed = await createTestApp({ env: { SECRETS_KEY, ...ALLOW_FAKE } });
  const strict = await createTestApp({ env: { SECRETS_KEY } });

  const session = async (target: typeof allowed) => {
    const admin = await buildUser(target.database.db, { role: 'admin' });
    const cookie = await loginAs(target.app, admin);
    return (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
      target.app.inject({ method, url, payload, headers: { cookie } });
  };
  const call = await session(allowed);
  const strictCall = await session(strict);
  const settings = (overrides: Record<string, unknown> = {}) => ({
    environment: 'custom',
    baseUrl: fake.url,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    syncEveryMinutes: 15,
    ...overrides,
  });
  /** "Sync now", run by one tick of a runner with the job as the app's configuration makes it; its newest log row. */
  const syncOnce = async (target: typeof allowed, as: typeof call, env: Record<string, string>) => {
    const config = testConfig(env);
    const job = tekmetricSyncJob({ secretsKey: config.secretsKey, integrationUrls: config.integrationUrls });
    const runner = createJobRunner({
      db: target.database.db,
      logger: pino({ level: 'silent' }),
      jobs: [{ ...job, schedule: undefined }],
      now: () => new Date(Date.now() + 1000),
      pollEveryMs: 0,
    });
    expect((await as('POST', '/api/tekmetric/sync')).statusCode).toBe(202);
    await runner.tick();
    await runner.stop();
    const [entry] = await target.database.db
      .select()
      .from(tekmetricSyncLog)
      .orderBy(desc(tekmetricSyncLog.startedAt));
    return entry!;
  };
  const SECRET_AGAIN =
    'Enter the client secret again: the environment, base URL or client id changed, and the stored secret is only sent where it was entered for';

  describe('the secret is asked for again', () => {
    it('when the base URL, the environment or the client id changes, and nothing is sent to the new URL', async () => {
      expect((await call('PUT', '/api/tekmetric/settings', settings())).statusCode).toBe(200);

      for (const change of [
        { baseUrl: elsewhere.url },
        { baseUrl: `${fake.url}/other` },
        { environment: 'sandbox', baseUrl: undefined },
        { clientId: 'someone-else' },
      ]) {
        const moved = await call('PUT', '/api/tekmetric/settings', settings({ ...change, clientSecret: '' }));
        expect(moved.statusCode, JSON.stringify(change)).toBe(400);
        expect(moved.json().fieldErrors).toEqual({ clientSecret: [SECRET_AGAIN] });
      }
      // Nothing changed: the test still goes to the URL the secret was entered for, and never elsewhere.
      const settingsNow = (await call('GET', '/api/tekmetric/settings')).json();
      expect(settingsNow).toMatchObject({
        environment: 'custom',
        baseUrl: fake.url,
        clientId: fake.clientId,
      });
      expect((await call('POST', '/api/tekmetric/test-connection')).json()).toMatchObject({ ok: true });
      expect(elsewhere.tokenRequests).toBe(0);

      // The same target (a trailing slash aside) keeps the stored secret; a new one with the secret is saved.
      const kept = await call(
        'PUT',
        '/api/tekmetric/settings',
        settings({ baseUrl: `${fake.url}/`, clientSecret: undefined, syncEveryMinutes: 30 }),
      );
      expect(kept.statusCode).toBe(200);
      expect(kept.json()).toMatchObject({ baseUrl: fake.url, secretSet: true, syncEveryMinutes: 30 });
      const moved = await call('PUT', '/api/tekmetric/settings', settings({ baseUrl: elsewhere.url }));
      expect(moved.statusCode).toBe(200);
      expect((await call('POST', '/api/tekmetric/test-connection')).json()).toMatchObject({ ok: true });
      expect(elsewhere.tokenRequests).toBe(1);
      await call('PUT', '/api/tekmetric/settings', settings());
    });
  });

  describe('the base URL', () => {
    it('must be https on a public address unless the operator allows more', async () => {
      const refusals: [string, RegExp][] = [
        [fake.url, /must start with https:\/\/.*INTEGRATION_ALLOW_HTTP/],
        ['https://127.0.0.1:8443', /127\.0\.0\.1 is a loopback, private or link-local address/],
        // A host name counts by what it resolves to.
        ['https://localhost:8443', /localhost resolves to 127\.0\.0\.1, a loopback, private or link-local/],
        ['https://[::1]/', /::1 is a loopback/],
        ['https://[::ffff:127.0.0.1]/', /is a loopback/],
        ['https://2130706433/', /127\.0\.0\.1 is a loopback/],
        ['https://169.254.169.254/', /169\.254\.169\.254 is a loopback, private or link-local/],
        ['https://10.20.0.8/', /INTEGRATION_ALLOW_PRIVATE_NETWORKS/],
        ['https://192.168.1.10/', /is a loopback, private or link-local/],
      ];
      for (const [baseUrl, message] of refusals) {
        const response = await strictCall('PUT', '/api/tekmetric/settings', settings({ baseUrl }));
        expect(response.statusCode, baseUrl).toBe(400);
        expect(response.json().fieldErrors.baseUrl[0], baseUrl).toMatch(message);
      }
      expect(await strict.database.db.select().from(tekmetricConnection)).toEqual([]);
      // Tekmetric's own environments are not custom URLs: no rule of the operator's stands in their way.
      const sandbox = await strictCall(
        'PUT',
        '/api/tekmetric/settings',
        settings({ environment: 'sandbox', baseUrl: undefined }),
      );
      expect(sandbox.statusCode).toBe(200);
    });

    it('stored before the rule (or resolving elsewhere since), is not called by the test or the sync', async () => {
      const db = strict.database.db;
      await db.update(tekmetricConnection).set({
        environment: 'custom',
        baseUrl: fake.url,
        clientId: fake.clientId,
        clientSecretEncrypted: sealSecret(Buffer.from(SECRETS_KEY, 'hex'), fake.clientSecret),
      });
      await db
        .insert(repairFacilities)
        .values({ name: 'Prairie Fleet', kind: 'mechanical', tekmetricShopId: '4821' });
      const tokensBefore = fake.tokenRequests;
      const requestsBefore = fake.requests.length;

      const test = (await strictCall('POST', '/api/tekmetric/test-connection')).json();
      expect(test).toMatchObject({ ok: false, reason: 'url_refused' });
      expect(test.message).toMatch(/must start with https:\/\//);

      const entry = await syncOnce(strict, strictCall, { SECRETS_KEY });
      expect(entry).toMatchObject({ shopId: '4821', status: 'failed' });
      expect(JSON.stringify(entry.errors)).toMatch(/must start with https:\/\//);
      expect(fake.tokenRequests).toBe(tokensBefore);
      expect(fake.requests.length).toBe(requestsBefore);
    });
  });

  describe("the remote's answers", () => {
    it('a malformed answer is a failed test naming what was wrong, never a 500', async () => {
      await call('PUT', '/api/tekmetric/settings', settings());
      const cases: [string, string, RegExp][] = [
        ['/api/v1/shops', JSON.stringify({ shops: [] }), /\/shops request in an unexpected shape/],
        [
          '/api/v1/shops',
          JSON.stringify([{ id: 'x', name: 7 }]),
          /\/shops request in an unexpected shape \(0\.id/,
        ],
        [
          '/api/v1/shops',
          'Service temporarily unavailable',
          /\/shops request with something other than JSON/,
        ],
        [
          '/api/v1/oauth/token',
          JSON.stringify({ access_token: 'abc', scope: 4821 }),
          /token request in an unexpected shape/,
        ],
      ];
      for (const [path, body, message] of cases) {
        fake.healAnswers();
        fake.malform(path, body);
        const response = await call('POST', '/api/tekmetric/test-connection');
        expect(response.statusCode, body).toBe(200);
        expect(response.json(), body).toMatchObject({ ok: false, reason: 'api_error' });
        expect(response.json().message, body).toMatch(message);
      }
      fake.healAnswers();
      expect((await call('POST', '/api/tekmetric/test-connection')).json()).toMatchObject({ ok: true });
    });

    it('a malformed page of repair orders fails that shop in the sync log, naming the field', async () => {
      await call('PUT', '/api/tekmetric/settings', settings());
      const db = allowed.database.db;
      await db
        .insert(repairFacilities)
        .values({ name: 'Prairie Fleet', kind: 'mechanical', tekmetricShopId: '4821' });
      fake.malform('/api/v1/repair-orders', JSON.stringify({ content: [{ id: 1 }], last: true }));
      const entry = await syncOnce(allowed, call, { SECRETS_KEY, ...ALLOW_FAKE });
      fake.healAnswers();
      expect(entry).toMatchObject({ shopId: '4821', status: 'failed', claimsCreated: 0 });
      expect(JSON.stringify(entry.errors)).toMatch(
        /\/repair-orders request in an unexpected shape \(content\.0\./,
      );
    });

    it('does not follow a redirect with the credentials', async () => {
      await call('PUT', '/api/tekmetric/settings', settings());
      fake.redirect('/api/v1/oauth/token', `${elsewhere.url}/api/v1/oauth/token`);
      const tokensElsewhere = elsewhere.tokenRequests;
      const result = (await call('POST', '/api/tekmetric/test-connection')).json();
      expect(result).toMatchObject({ ok: false, reason: 'api_error' });
      expect(result.message).toMatch(/redirect/);
      expect(elsewhere.tokenRequests).toBe(tokensElsewhere);
      fake.healAnswers();
    });
  });
});
