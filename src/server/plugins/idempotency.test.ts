import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { cleanUpExpired } from '../jobs/maintenance.js';
import { queryRows, type Database } from '../db/client.js';
import { createClaimVia, newClaimInput } from '../test/claim-factories.js';
import { deferred } from '../test/deferred.js';
import { buildCompany, buildUser, loginAs } from '../test/factories.js';
import { createTestDatabase, testConfig, testDatabaseKind } from '../test/test-app.js';

type Deferred = ReturnType<typeof deferred>;

/**
 * What the database does to a route's transaction, as the test chooses: commit and then lose the answer (the
 * connection dropping as the COMMIT's reply comes back, as when PostgreSQL restarts), or hold until released.
 */
const transactions: { loseAnswer: number; hold?: { entered: Deferred; release: Deferred } } = {
  loseAnswer: 0,
};

function withTestTransactions(db: Database): Database {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'transaction') return Reflect.get(target, property, receiver);
      return async (...[work, config]: Parameters<Database['transaction']>) => {
        const hold = transactions.hold;
        transactions.hold = undefined;
        // Held after its work, before its commit: the change made, not yet committed.
        const result = await target.transaction(async (tx) => {
          const value = await work(tx);
          if (hold) {
            hold.entered.resolve();
            await hold.release.promise;
          }
          return value;
        }, config);
        if (transactions.loseAnswer > 0) {
          transactions.loseAnswer--;
          throw new Error('Connection terminated unexpectedly');
        }
        return result;
      };
    },
  });
}

/**
 * Finding 15 (issue 28): a create whose commit succeeded but whose answer was lost is, retried with the same
 * Idempotency-Key, answered with the original result and stored once (decision 040).
 */
describe('Idempotency-Key on creating requests', async () => {
  const database = await createTestDatabase();
  const app = await buildApp({
    config: testConfig(),
    database: { ...database, db: withTestTransactions(database.db) },
  });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  const db = database.db;
  const company = await buildCompany(db);
  const admin = await loginAs(app, await buildUser(db, { role: 'admin', companyIds: [company.id] }));
  const otherAdmin = await loginAs(app, await buildUser(db, { role: 'admin', companyIds: [company.id] }));
  const post = (cookie: string, url: string, payload: object, key?: string) =>
    app.inject({
      method: 'POST',
      url,
      headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });
  const count = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(db, query))[0]!.n;
  const companiesNamed = (name: string) =>
    count(sql`select count(*)::int as n from companies where name = ${name}`);
  const claimsDescribed = (description: string) =>
    count(sql`select count(*)::int as n from claims where description = ${description}`);

  it('answers a retry of a create committed under a lost answer (503) with the original 201, stored once', async () => {
    // A claim on an existing vehicle, so that a second one would be stored, not refused as a known VIN.
    const { vehicle } = await createClaimVia(app, admin, newClaimInput(company.id));
    const { vehicle: _new, ...fields } = newClaimInput(company.id, { description: 'Committed, answer lost' });
    const input = { ...fields, vehicleId: (vehicle as { id: string }).id };
    transactions.loseAnswer = 1;
    const lost = await post(admin, '/api/vehicles', input, 'submit-lost-1');
    expect(lost.statusCode).toBe(503);
    expect(await claimsDescribed('Committed, answer lost')).toBe(1);

    const retried = await post(admin, '/api/vehicles', input, 'submit-lost-1');
    expect(await claimsDescribed('Committed, answer lost')).toBe(1);
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.json()).toMatchObject({ description: 'Committed, answer lost' });
    const again = await post(admin, '/api/vehicles', input, 'submit-lost-1');
    expect(again.body).toBe(retried.body);
    expect(lost.json().message).toBe(
      'The database stopped answering, so your change may or may not have been saved. Trying again in a few seconds is safe: it will not be saved twice.',
    );
  });

  it('answers a company created under a lost answer once, on retry', async () => {
    const input = { name: 'Lost Answer Freight', code: 'LOST-1' };
    transactions.loseAnswer = 1;
    expect((await post(admin, '/api/companies', input, 'company-lost-1')).statusCode).toBe(503);
    const retried = await post(admin, '/api/companies', input, 'company-lost-1');
    expect(retried.statusCode).toBe(201);
    expect(retried.json()).toMatchObject({ name: input.name, code: 'LOST-1' });
    expect(await companiesNamed(input.name)).toBe(1);
  });

  it('answers a retry of an answered create with the same status and body, and creates nothing more', async () => {
    const input = newClaimInput(company.id, { description: 'Idempotent claim' });
    const first = await post(admin, '/api/vehicles', input, 'claim-form-1');
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const retried = await post(admin, '/api/vehicles', input, 'claim-form-1');
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.body).toBe(first.body);
    expect(await claimsDescribed('Idempotent claim')).toBe(1);
  });

  it('refuses the same key for a different body or route with 422, creating nothing', async () => {
    const first = await post(
      admin,
      '/api/companies',
      { name: 'Key Reuse One', code: 'REUSE-1' },
      'reused-key',
    );
    expect(first.statusCode).toBe(201);
    const otherBody = await post(
      admin,
      '/api/companies',
      { name: 'Key Reuse Two', code: 'REUSE-2' },
      'reused-key',
    );
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json().message).toMatch(/already used for a different request/);
    const otherRoute = await post(admin, '/api/vehicles', newClaimInput(company.id), 'reused-key');
    expect(otherRoute.statusCode).toBe(422);
    expect(await companiesNamed('Key Reuse Two')).toBe(0);
  });

  it('answers a duplicate sent while the first still runs with 409 (PostgreSQL) or, once it is done, its answer', async () => {
    const input = { name: 'Double Click Haulage', code: 'DOUBLE-1' };
    const hold = { entered: deferred(), release: deferred() };
    transactions.hold = hold;
    const first = post(admin, '/api/companies', input, 'double-click');
    await hold.entered.promise;
    if (testDatabaseKind() === 'postgres') {
      const second = await post(admin, '/api/companies', input, 'double-click');
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe('A request with this Idempotency-Key is still in progress');
      hold.release.resolve();
    } else {
      // The embedded database runs one transaction at a time: the second waits for the first's commit.
      const second = post(admin, '/api/companies', input, 'double-click');
      hold.release.resolve();
      expect((await second).headers['idempotent-replayed']).toBe('true');
    }
    expect((await first).statusCode).toBe(201);
    const third = await post(admin, '/api/companies', input, 'double-click');
    expect(third.statusCode).toBe(201);
    expect(third.body).toBe((await first).body);
    expect(await companiesNamed(input.name)).toBe(1);
  });

  it('keeps the outcome around the handler on a route without its own transaction (a location)', async () => {
    const input = { companyId: company.id, name: 'Keyed Depot', code: 'KEYED-1' };
    const first = await post(admin, '/api/locations', input, 'location-form-1');
    expect(first.statusCode).toBe(201);
    const retried = await post(admin, '/api/locations', input, 'location-form-1');
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.body).toBe(first.body);
    const named = await count(sql`select count(*)::int as n from locations where name = 'Keyed Depot'`);
    expect(named).toBe(1);
  });

  it('keeps keys per user, and changes nothing for a request without a key', async () => {
    // Each claim on a new vehicle of its own (a company's VINs are unique).
    const input = () => newClaimInput(company.id, { description: 'Two users one key' });
    expect((await post(admin, '/api/vehicles', input(), 'shared-key')).statusCode).toBe(201);
    const other = await post(otherAdmin, '/api/vehicles', input(), 'shared-key');
    expect(other.statusCode).toBe(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(await claimsDescribed('Two users one key')).toBe(2);

    const plain = () => newClaimInput(company.id, { description: 'No key twice' });
    const one = await post(admin, '/api/vehicles', plain());
    const two = await post(admin, '/api/vehicles', plain());
    expect([one.statusCode, two.statusCode]).toEqual([201, 201]);
    expect(two.headers['idempotent-replayed']).toBeUndefined();
    expect(await claimsDescribed('No key twice')).toBe(2);
  });

  it('replays a repair facility created with a key', async () => {
    const input = { name: 'Keyed Body Shop', kind: 'collision' };
    const first = await post(admin, '/api/repair-facilities', input, 'facility-form-1');
    expect(first.statusCode).toBe(201);
    const retried = await post(admin, '/api/repair-facilities', input, 'facility-form-1');
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.body).toBe(first.body);
    expect(
      await count(sql`select count(*)::int as n from repair_facilities where name = 'Keyed Body Shop'`),
    ).toBe(1);
  });

  it('keeps an outcome a day: an expired key runs anew, and the hourly clean-up deletes expired ones', async () => {
    const input = { companyId: company.id, name: 'Day Old Depot', code: 'DAYOLD-1' };
    expect((await post(admin, '/api/locations', input, 'day-old')).statusCode).toBe(201);
    const kept = sql`select count(*)::int as n from idempotency_keys where key = 'day-old'`;
    expect(await count(kept)).toBe(1);
    await db.execute(
      sql`update idempotency_keys set expires_at = now() - interval '1 second' where key = 'day-old'`,
    );
    const again = await post(admin, '/api/locations', { ...input, code: 'DAYOLD-2' }, 'day-old');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();

    await db.execute(
      sql`update idempotency_keys set expires_at = now() - interval '1 second' where key = 'day-old'`,
    );
    await cleanUpExpired(db);
    expect(await count(kept)).toBe(0);
  });

  it('refuses a malformed key with 400', async () => {
    const response = await post(admin, '/api/companies', { name: 'Bad Key', code: 'BADKEY' }, 'has space');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/Idempotency-Key/);
    expect(await companiesNamed('Bad Key')).toBe(0);
  });

  it('without a key, a POST whose outcome is unknown says to check before sending it again', async () => {
    transactions.loseAnswer = 1;
    const lost = await post(
      admin,
      '/api/vehicles',
      newClaimInput(company.id, { description: 'Unkeyed lost' }),
    );
    expect(lost.statusCode).toBe(503);
    expect(lost.json().message).toMatch(/may or may not have been saved\. Check before sending it again/);
  });
});
