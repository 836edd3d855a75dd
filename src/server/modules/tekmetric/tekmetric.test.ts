import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { formatClaimNumber } from '@shared/claims.js';
import type { SyncLog } from '@shared/tekmetric.js';
import { buildApp } from '../../app.js';
import {
  auditLog,
  authorizationLines,
  authorizationRequests,
  claims,
  claimStatusHistory,
  claimWatchers,
  estimateLines,
  estimates,
  jobRuns,
  jobStates,
  notifications,
  repairFacilities,
  tekmetricConnection,
  tekmetricRepairOrders,
  tekmetricSyncLog,
  vehicles,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema/index.js';
import { createJobRunner } from '../../jobs/runner/index.js';
import { startFakeTekmetric } from '../../test/fake-tekmetric.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { createTestDatabase, testConfig } from '../../test/test-app.js';
import { systemActor } from '../../actor.js';
import { listClaimEstimates } from '../estimates/index.js';
import { saveSettings } from './tekmetric-settings.service.js';
import { TEKMETRIC_SYNC_JOB, tekmetricSyncJob } from './tekmetric-sync.job.js';
import { CLAIM_CHANGED_DURING_SYNC } from './tekmetric-sync.service.js';

/** The five fleet vehicles of the fixtures (README "Data"); the Honda 1HGCV1F38HA062517 is a private car. */
const FLEET = [
  { unitNumber: 'T-214', vin: '1FTBR2C88MKA41207', year: 2021, make: 'Ford', model: 'Transit 250' },
  { unitNumber: 'T-231', vin: '1FTBW3XG9NKA58213', year: 2022, make: 'Ford', model: 'Transit 350' },
  { unitNumber: 'E-108', vin: '1GCWGAFPXL1183406', year: 2020, make: 'Chevrolet', model: 'Express 2500' },
  { unitNumber: 'P-077', vin: '1FTEW1EP2MFA71638', year: 2021, make: 'Ford', model: 'F-150' },
  { unitNumber: 'C-019', vin: 'ZFBHRFAB4K6M40219', year: 2019, make: 'Ram', model: 'ProMaster City' },
];

describe('Tekmetric settings, mapping and repair-order sync', async () => {
  const secretsKey = randomBytes(32);
  const logLines: string[] = [];
  const logger = pino(
    { level: 'trace' },
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        logLines.push(chunk.toString('utf8'));
        callback();
      },
    }),
  );
  const database = await createTestDatabase();
  const db = database.db;
  // The fake Tekmetric is on http://127.0.0.1: the operator's allowance for it (tekmetric-outbound.test.ts
  // shows the refusals without it).
  const config = testConfig({
    SECRETS_KEY: secretsKey.toString('hex'),
    INTEGRATION_ALLOW_HTTP: 'true',
    INTEGRATION_ALLOW_PRIVATE_NETWORKS: '127.0.0.0/8',
  });
  const app = await buildApp({
    config,
    database,
    logger,
  });
  await app.ready();
  const fake = await startFakeTekmetric();
  afterAll(async () => {
    await app.close();
    await fake.close();
    await database.close();
  });

  const admin = await buildUser(db, { role: 'admin' });
  const manager = await buildUser(db, { role: 'manager' });
  const cookie = await loginAs(app, admin);
  const managerCookie = await loginAs(app, manager);
  const company = await buildCompany(db, { name: 'Northwind Fleet Services' });
  await db.insert(vehicles).values(FLEET.map((vehicle) => ({ ...vehicle, companyId: company.id })));
  const [facility] = await db
    .insert(repairFacilities)
    .values({ name: 'Prairie Fleet Auto Care', kind: 'mechanical' })
    .returning();
  const [naperville] = await db
    .insert(repairFacilities)
    .values({ name: 'Prairie Fleet Naperville', kind: 'mechanical' })
    .returning();

  /** Every answer body the tests saw, to check none carries the secret. */
  const answers: string[] = [];
  const call = async (
    method: 'GET' | 'PUT' | 'POST' | 'PATCH',
    url: string,
    payload?: unknown,
    as = cookie,
  ) => {
    const response = await app.inject({ method, url, payload: payload as object, headers: { cookie: as } });
    answers.push(response.body);
    return response;
  };
  const settings = (overrides: Record<string, unknown> = {}) => ({
    environment: 'custom',
    baseUrl: fake.url,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    syncEveryMinutes: 15,
    ...overrides,
  });

  // The sync's waits are recorded, never slept; a test may act during the next one (`duringNextWait`).
  const sleeps: number[] = [];
  let duringNextWait: (() => Promise<void>) | null = null;
  const job = tekmetricSyncJob({
    secretsKey,
    integrationUrls: config.integrationUrls,
    pageSize: 3,
    clientOptions: {
      sleep: async (ms) => {
        sleeps.push(ms);
        const act = duringNextWait;
        duringNextWait = null;
        await act?.();
      },
      random: () => 0.5,
      maxAttempts: 3,
    },
  });
  // Manual runs only here; the schedule has its own test below.
  const manualJob = { ...job, schedule: undefined };
  let clock = new Date();
  const runner = createJobRunner({ db, logger, jobs: [manualJob], now: () => clock, pollEveryMs: 0 });
  const otherProcess = createJobRunner({ db, logger, jobs: [manualJob], now: () => clock, pollEveryMs: 0 });
  afterAll(async () => {
    await runner.stop();
    await otherProcess.stop();
  });

  // The runner's clock passes the time the run was queued at.
  const advanceClock = () => {
    clock = new Date(Math.max(Date.now() + 1000, clock.getTime() + 1000));
  };
  const syncNow = async () => {
    const response = await call('POST', '/api/tekmetric/sync');
    expect(response.statusCode).toBe(202);
    advanceClock();
    await runner.tick();
  };
  const latestLog = async (): Promise<SyncLog['items']> => {
    const response = await call('GET', '/api/tekmetric/sync-log');
    expect(response.statusCode).toBe(200);
    return (response.json() as SyncLog).items;
  };
  const counts = async () => ({
    claims: (await db.select({ n: count() }).from(claims))[0]!.n,
    requests: (await db.select({ n: count() }).from(authorizationRequests))[0]!.n,
    lines: (await db.select({ n: count() }).from(authorizationLines))[0]!.n,
    estimates: await db
      .select({ id: estimates.id, version: estimates.version, totalCents: estimates.totalCents })
      .from(estimates)
      .orderBy(asc(estimates.id)),
    estimateLines: (await db.select({ n: count() }).from(estimateLines))[0]!.n,
    audit: (await db.select({ n: count() }).from(auditLog))[0]!.n,
  });
  const claimOfRo = async (roId: number) => {
    const [link] = await db
      .select()
      .from(tekmetricRepairOrders)
      .where(eq(tekmetricRepairOrders.roId, String(roId)));
    const [claim] = await db.select().from(claims).where(eq(claims.id, link!.claimId));
    const requests = await db
      .select()
      .from(authorizationRequests)
      .where(eq(authorizationRequests.claimId, claim!.id))
      .orderBy(asc(authorizationRequests.sequence));
    const lines = requests.length
      ? await db
          .select()
          .from(authorizationLines)
          .where(eq(authorizationLines.authorizationId, requests[0]!.id))
          .orderBy(asc(authorizationLines.position))
      : [];
    return { claim: claim!, request: requests[0], lines };
  };
  /** The claim's estimates as the API reads them (original first). */
  const estimatesOfRo = async (roId: number) => listClaimEstimates(db, (await claimOfRo(roId)).claim.id);
  /** An estimate's lines as [kind, what, hours or quantity, line total in cents]. */
  const linesOf = (estimate: {
    lines: {
      operation: string;
      description: string;
      quantity: number;
      laborHours: number;
      totalCents: number;
    }[];
  }) =>
    estimate.lines.map((line) => [
      line.operation,
      line.description,
      line.operation === 'labor' ? line.laborHours : line.quantity,
      line.totalCents,
    ]);

  describe('settings', () => {
    it('only holders of system.tekmetric.configure reach the settings', async () => {
      expect((await call('GET', '/api/tekmetric/settings', undefined, managerCookie)).statusCode).toBe(403);
      expect((await call('POST', '/api/tekmetric/sync', undefined, managerCookie)).statusCode).toBe(403);
    });

    it('starts on the sandbox with nothing set, and asks for the secret on the first save', async () => {
      const response = await call('GET', '/api/tekmetric/settings');
      expect(response.json()).toEqual({
        environment: 'sandbox',
        baseUrl: 'https://sandbox.tekmetric.com',
        clientId: null,
        secretSet: false,
        syncEveryMinutes: 15,
        secretsKeyConfigured: true,
      });
      const missing = await call('PUT', '/api/tekmetric/settings', settings({ clientSecret: '' }));
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fieldErrors).toEqual({ clientSecret: ['Enter the client secret'] });
      const noUrl = await call('PUT', '/api/tekmetric/settings', settings({ baseUrl: '' }));
      expect(noUrl.statusCode).toBe(400);
      expect(noUrl.json().fieldErrors.baseUrl).toEqual(['Enter the base URL']);
    });

    it('refuses to store a secret without SECRETS_KEY', async () => {
      await expect(
        saveSettings(db, systemActor('test'), undefined, {
          environment: 'sandbox',
          clientId: 'x',
          clientSecret: 'a-secret',
          syncEveryMinutes: 15,
        }),
      ).rejects.toThrow(/no SECRETS_KEY/);
      expect(await db.select().from(tekmetricConnection)).toEqual([]);
    });

    it('stores the secret encrypted and answers only that it is set; keeps it when the field is left empty', async () => {
      const saved = await call('PUT', '/api/tekmetric/settings', settings());
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ environment: 'custom', baseUrl: fake.url, secretSet: true });
      const [row] = await db.select().from(tekmetricConnection);
      expect(row!.clientSecretEncrypted).toMatch(/^v1\./);
      expect(row!.clientSecretEncrypted).not.toContain(fake.clientSecret);
      const kept = await call(
        'PUT',
        '/api/tekmetric/settings',
        settings({ clientSecret: undefined, syncEveryMinutes: 20 }),
      );
      expect(kept.json()).toMatchObject({ secretSet: true, syncEveryMinutes: 20 });
      const [after] = await db.select().from(tekmetricConnection);
      expect(after!.clientSecretEncrypted).toBe(row!.clientSecretEncrypted);
      const sandbox = await call(
        'PUT',
        '/api/tekmetric/settings',
        settings({ environment: 'production', baseUrl: undefined }),
      );
      expect(sandbox.json()).toMatchObject({
        environment: 'production',
        baseUrl: 'https://shop.tekmetric.com',
      });
      // Back to the fake: a new base URL asks for the secret again (tekmetric-outbound.test.ts).
      await call('PUT', '/api/tekmetric/settings', settings());
    });
  });

  describe('test connection and shop mapping', () => {
    it('lists the shops in the token scope', async () => {
      const response = await call('POST', '/api/tekmetric/test-connection');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        ok: true,
        message: 'Connected: 2 shops in scope',
        shops: [
          { id: '4821', name: 'Prairie Fleet Auto Care', nickname: 'Joliet', facility: null },
          { id: '4822', name: 'Prairie Fleet Auto Care - Naperville', facility: null },
        ],
      });
    });

    it('says what failed: bad credentials, no shop in scope, unreachable', async () => {
      await call('PUT', '/api/tekmetric/settings', settings({ clientSecret: 'wrong-secret' }));
      expect((await call('POST', '/api/tekmetric/test-connection')).json()).toMatchObject({
        ok: false,
        reason: 'bad_credentials',
      });

      const noScope = await startFakeTekmetric({ scope: [] });
      await call('PUT', '/api/tekmetric/settings', settings({ baseUrl: noScope.url }));
      expect((await call('POST', '/api/tekmetric/test-connection')).json()).toMatchObject({
        ok: false,
        reason: 'no_scope',
        message: 'The credentials work, but no shop has granted them access yet',
      });
      await noScope.close();
      // The closed server's port now refuses connections.
      expect((await call('POST', '/api/tekmetric/test-connection')).json()).toMatchObject({
        ok: false,
        reason: 'unreachable',
      });
      await call('PUT', '/api/tekmetric/settings', settings());
    });

    it('maps a shop to one facility (moving it from any other), shown in the test and the mappings', async () => {
      const mapped = await call('PUT', '/api/tekmetric/mappings', {
        shopId: '4821',
        facilityId: naperville!.id,
      });
      expect(mapped.json()).toEqual([
        { shopId: '4821', facility: { id: naperville!.id, name: naperville!.name } },
      ]);
      const moved = await call('PUT', '/api/tekmetric/mappings', {
        shopId: '4821',
        facilityId: facility!.id,
      });
      expect(moved.json()).toEqual([
        { shopId: '4821', facility: { id: facility!.id, name: facility!.name } },
      ]);
      const test = (await call('POST', '/api/tekmetric/test-connection')).json();
      expect(test.shops[0].facility).toEqual({ id: facility!.id, name: facility!.name });
      const bad = await call('PUT', '/api/tekmetric/mappings', { shopId: 'abc', facilityId: facility!.id });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fieldErrors.shopId).toEqual(['A Tekmetric shop id is a number']);
    });
  });

  describe('sync', () => {
    beforeEach(() => {
      sleeps.length = 0;
    });

    it('creates the documented claims and authorizations from the fixtures, skipping the private car', async () => {
      // An endpoint listening for decisions: each request decided in Tekmetric queues `authorization.decided`.
      const [endpoint] = await db
        .insert(webhookEndpoints)
        .values({
          url: 'https://erp.example/hooks',
          events: ['authorization.decided'],
          companyIds: [company.id],
          secretSealed: 'not read: nothing is sent in this test',
        })
        .returning();
      const tokensBefore = fake.tokenRequests;
      await syncNow();
      const [entry] = await latestLog();
      expect(entry).toMatchObject({
        shopId: '4821',
        facilityName: 'Prairie Fleet Auto Care',
        trigger: 'manual',
        status: 'succeeded',
        updatedSince: null,
        rosFetched: 6,
        claimsCreated: 5,
        claimsUpdated: 0,
        unchanged: 0,
        errors: [],
        skipped: [
          { roId: '2301352', roNumber: '10431', reason: 'VIN 1HGCV1F38HA062517 is not in the fleet' },
        ],
      });
      // Paged by 3 until `last` (page 1 is full: a client stopping on a short page would ask for page 2).
      expect(fake.requests.filter((line) => line.startsWith('GET /api/v1/repair-orders?'))).toHaveLength(2);
      expect(fake.tokenRequests - tokensBefore).toBe(1);

      const wip = await claimOfRo(2301457);
      expect(wip.claim).toMatchObject({
        workflow: 'mechanical',
        status: 'in_repair',
        companyId: company.id,
        repairFacilityId: facility!.id,
        estimateAmountCents: 101_885,
        approvedAmountCents: 62_000,
        finalAmountCents: null,
        lossDate: '2026-11-13',
      });
      expect(wip.request).toMatchObject({
        status: 'partially_approved',
        requestedAmountCents: 101_885,
        approvedAmountCents: 62_000,
      });
      expect(wip.lines.map((line) => [line.tekmetricJobId, line.amountCents, line.approved])).toEqual([
        ['3305511', 62_000, true],
        ['3305512', 32_640, false],
        ['3305513', 7_245, null],
      ]);

      const estimate = await claimOfRo(2301460);
      expect(estimate.claim).toMatchObject({
        status: 'authorization_pending',
        estimateAmountCents: 95_770,
        approvedAmountCents: null,
      });
      expect(estimate.request).toMatchObject({
        status: 'pending',
        requestedAmountCents: 95_770,
        approvedAmountCents: null,
      });

      const finals = await Promise.all([2301433, 2301398, 2301371].map(claimOfRo));
      expect(finals.map(({ claim }) => [claim.status, claim.finalAmountCents])).toEqual([
        ['ready_for_pickup', 43_588],
        ['completed', 69_394],
        ['completed', 55_333],
      ]);
      expect(finals.map(({ request }) => request?.status)).toEqual(['approved', 'approved', 'approved']);
      const decisions = await db
        .select({ claimId: webhookDeliveries.claimId, body: webhookDeliveries.body })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpoint!.id));
      expect(
        decisions
          .map(({ claimId, body }) => [claimId, JSON.parse(body).data.authorization.status])
          .sort(([a], [b]) => String(a).localeCompare(String(b))),
      ).toEqual(
        [[wip.claim.id, 'partially_approved'], ...finals.map(({ claim }) => [claim.id, 'approved'])].sort(
          ([a], [b]) => String(a).localeCompare(String(b)),
        ),
      );
      await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint!.id));
      // Each RO gives its claim one estimate of source tekmetric: a line per labour item, part and discount of
      // its jobs (decided or not), totalling the jobs' subtotals, the amount requested (fixtures README).
      const [wipEstimate, ...noMore] = await estimatesOfRo(2301457);
      expect(noMore).toEqual([]);
      expect(wipEstimate).toMatchObject({
        source: 'tekmetric',
        number: 'RO 10482',
        supplementNumber: 0,
        status: 'pending',
        external: { documentId: '2301457', version: 0, preliminary: false },
        partsCents: 52_585,
        laborCents: 49_300,
        otherCents: 0,
        taxCents: 0,
        totalCents: 101_885,
        createdBy: null,
      });
      expect(linesOf(wipEstimate!)).toEqual([
        ['labor', 'Front brake pads and rotors: Replace front brake pads and rotors', 1.8, 26_100],
        ['part', 'Front brake pads and rotors: Motorcraft Brake pad set, front', 1, 8_950],
        ['part', 'Front brake pads and rotors: Motorcraft Brake rotor, front', 2, 26_950],
        ['labor', 'Rear shock absorbers: Replace rear shock absorbers (pair)', 1.3, 18_850],
        ['part', 'Rear shock absorbers: Motorcraft Shock absorber, rear', 2, 13_790],
        ['labor', 'Cabin air filter: Replace cabin air filter', 0.3, 4_350],
        ['part', expect.stringMatching(/^Cabin air filter: .*Cabin air filter$/), 1, 2_895],
      ]);
      expect(wipEstimate!.lines.filter((line) => line.partNumber).map((line) => line.partNumber)).toEqual([
        'BRF-1934',
        'BRRF-486',
        'ASH-24745',
        'FP-88',
      ]);
      const totals = await Promise.all(
        [2301460, 2301433, 2301398, 2301371].map(async (roId) => {
          const list = await estimatesOfRo(roId);
          expect(list).toHaveLength(1);
          const [only] = list;
          expect(only!.totalCents).toBe(only!.lines.reduce((sum, line) => sum + line.totalCents, 0));
          return [only!.source, only!.partsCents, only!.laborCents, only!.otherCents, only!.totalCents];
        }),
      );
      expect(totals).toEqual([
        ['tekmetric', 46_470, 49_300, 0, 95_770],
        // The tire rotation's fleet discount is a line of its own, − $20.00.
        ['tekmetric', 15_420, 27_550, -2_000, 40_970],
        // The sublet (windshield) is not a job: the estimate is the battery job alone, as requested.
        ['tekmetric', 21_999, 5_800, 0, 27_799],
        // Labour at two rates (the alignment at $120.00 an hour).
        ['tekmetric', 18_725, 33_750, 0, 52_475],
      ]);
      const discount = (await estimatesOfRo(2301433))[0]!.lines.find((line) => line.operation === 'other');
      expect(discount).toMatchObject({
        description: 'Rotate and balance tires: Fleet courtesy discount',
        unitPriceCents: -2_000,
        totalCents: -2_000,
      });
      // The claims' estimate amounts follow their estimates.
      expect(
        (await Promise.all([2301460, 2301433, 2301398, 2301371].map(claimOfRo))).map(
          ({ claim }) => claim.estimateAmountCents,
        ),
      ).toEqual([95_770, 40_970, 27_799, 52_475]);

      // The system acts: no user in the history or the audit log, the job named in it.
      const [created] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'claim.created'), eq(auditLog.entityId, wip.claim.id)));
      expect(created).toMatchObject({
        actorId: null,
        after: expect.objectContaining({ job: TEKMETRIC_SYNC_JOB }),
      });
    });

    it('changes nothing on a second sync of unchanged data, even when every RO is fetched again', async () => {
      const before = await counts();
      const tokensBefore = fake.tokenRequests;
      await syncNow();
      const [incremental] = await latestLog();
      expect(incremental).toMatchObject({ rosFetched: 0, claimsCreated: 0, claimsUpdated: 0 });
      expect(incremental!.updatedSince).not.toBeNull();
      // Forget the cursor: all six ROs come again, and still nothing changes (keys: RO id, job id).
      await db.delete(jobStates).where(eq(jobStates.job, TEKMETRIC_SYNC_JOB));
      await syncNow();
      const [full] = await latestLog();
      expect(full).toMatchObject({ rosFetched: 6, claimsCreated: 0, claimsUpdated: 0, unchanged: 5 });
      expect(full!.skipped).toHaveLength(1);
      expect(await counts()).toEqual(before);
      // The token was reused across runs.
      expect(fake.tokenRequests).toBe(tokensBefore);
    });

    it('updates the claim when the shop changes an RO: a decided job, then posting it', async () => {
      fake.updateRepairOrder(2301460, (ro) => {
        const jobs = ro.jobs as { authorized: boolean; authorizedDate: string | null }[];
        jobs[0]!.authorized = true;
        jobs[0]!.authorizedDate = '2026-11-24T10:00:00';
        jobs[1]!.authorized = false;
        jobs[1]!.authorizedDate = '2026-11-24T10:00:00';
        ro.updatedDate = new Date().toISOString();
      });
      await syncNow();
      const [entry] = await latestLog();
      expect(entry).toMatchObject({ rosFetched: 1, claimsCreated: 0, claimsUpdated: 1, unchanged: 0 });
      const { claim, request, lines } = await claimOfRo(2301460);
      expect(request!.status).toBe('partially_approved');
      expect(lines.map((line) => line.approved)).toEqual([true, false]);
      expect(claim.approvedAmountCents).toBe(lines[0]!.amountCents);
      // Decisions do not change the estimate's lines: it is not written again.
      const [estimate, ...others] = await estimatesOfRo(2301460);
      expect(others).toEqual([]);
      expect(estimate).toMatchObject({ version: 1, totalCents: 95_770 });
      expect(
        await db
          .select({ n: count() })
          .from(authorizationRequests)
          .where(eq(authorizationRequests.claimId, claim.id)),
      ).toEqual([{ n: 1 }]);
    });

    it("updates the RO's estimate in place while it awaits review, and adds the next version once decided", async () => {
      const roId = 2301460;
      const setCoilPrice = (retail: number) =>
        fake.updateRepairOrder(roId, (ro) => {
          const jobs = ro.jobs as {
            subtotal: number;
            partsTotal: number;
            parts: { retail: number; quantity: number }[];
          }[];
          const coil = jobs[1]!.parts[1]!;
          const delta = (retail - coil.retail) * coil.quantity;
          coil.retail = retail;
          jobs[1]!.partsTotal += delta;
          jobs[1]!.subtotal += delta;
          ro.updatedDate = new Date().toISOString();
        });
      // The shop reprices the six coils: $64.50 → $61.25 each (− $19.50).
      setCoilPrice(6_125);
      await syncNow();
      expect((await latestLog())[0]).toMatchObject({ claimsUpdated: 1, errors: [] });
      const [updated, ...none] = await estimatesOfRo(roId);
      expect(none).toEqual([]);
      expect(updated).toMatchObject({
        supplementNumber: 0,
        status: 'pending',
        version: 2,
        partsCents: 44_520,
        totalCents: 93_820,
      });
      expect(updated!.lines.find((line) => line.description.endsWith('Ignition coil'))).toMatchObject({
        quantity: 6,
        unitPriceCents: 6_125,
        totalCents: 36_750,
      });
      expect((await claimOfRo(roId)).claim.estimateAmountCents).toBe(93_820);
      // Replaced by the estimate writer, audited before and after; the claim's amount changed once per sync.
      const inPlace = await db
        .select({ before: auditLog.before, after: auditLog.after })
        .from(auditLog)
        .where(and(eq(auditLog.entityId, updated!.id), eq(auditLog.action, 'estimate.updated')));
      const external = { id: String(roId), version: 0, preliminary: false };
      expect(inPlace).toEqual([
        {
          before: expect.objectContaining({
            source: 'tekmetric',
            external,
            totalCents: 95_770,
            lineCount: 4,
          }),
          after: expect.objectContaining({
            source: 'tekmetric',
            number: 'RO 10485',
            supplement: 'Original',
            status: 'pending',
            external,
            partsCents: 44_520,
            totalCents: 93_820,
            lineCount: 4,
            job: TEKMETRIC_SYNC_JOB,
          }),
        },
      ]);
      const amountChanges = await db
        .select({ before: auditLog.before, after: auditLog.after })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.entityId, (await claimOfRo(roId)).claim.id),
            eq(auditLog.action, 'claim.updated'),
            sql`${auditLog.after} ? 'estimateAmountCents'`,
          ),
        )
        .orderBy(asc(auditLog.id));
      expect(amountChanges.map(({ before, after }) => [before, after])).toEqual([
        [{ estimateAmountCents: null }, expect.objectContaining({ estimateAmountCents: 95_770 })],
        [
          { estimateAmountCents: 95_770 },
          { estimateAmountCents: 93_820, estimateId: updated!.id, job: TEKMETRIC_SYNC_JOB },
        ],
      ]);

      // Never edited by hand: it changes when the repair order does.
      const patch = await call('PATCH', `/api/estimates/${updated!.id}`, {
        version: updated!.version,
        lines: [{ operation: 'part', description: 'Anything', quantity: 1, unitPriceCents: 100 }],
      });
      expect(patch.statusCode).toBe(409);
      expect(patch.json().message).toBe(
        'This estimate comes from a Tekmetric repair order: it changes when the shop changes the repair order, not here.',
      );

      // Approved in FleetClaims, it stays as approved; the next change of the RO is its next version.
      const approve = await call('POST', `/api/estimates/${updated!.id}/decision`, {
        action: 'approve',
        version: updated!.version,
      });
      expect(approve.statusCode).toBe(200);
      setCoilPrice(6_450);
      await syncNow();
      const [original, next, ...rest] = await estimatesOfRo(roId);
      expect(rest).toEqual([]);
      expect(original).toMatchObject({ id: updated!.id, status: 'approved', totalCents: 93_820 });
      expect(next).toMatchObject({
        source: 'tekmetric',
        supplementNumber: 1,
        status: 'pending',
        external: { documentId: String(roId), version: 1, preliminary: false },
        totalCents: 95_770,
        changes: { comparedWith: 0, added: 0, changed: 1, removed: [] },
      });
      expect((await claimOfRo(roId)).claim.estimateAmountCents).toBe(95_770);
      // And a sync of that unchanged RO writes nothing more.
      const before = await counts();
      await db.delete(jobStates).where(eq(jobStates.job, TEKMETRIC_SYNC_JOB));
      await syncNow();
      expect(await counts()).toEqual(before);
    });

    it('moves the claim as any move (followers told, history and audit naming the RO), never over a claim changed since its read', async () => {
      const roId = 2301460;
      const { claim } = await claimOfRo(roId);
      const [assignee, watcher] = [
        await buildUser(db, { role: 'manager', companyIds: [company.id] }),
        await buildUser(db, { role: 'manager', companyIds: [company.id] }),
      ];
      await db.update(claims).set({ assigneeId: assignee.id }).where(eq(claims.id, claim.id));
      await db.insert(claimWatchers).values({ claimId: claim.id, userId: watcher.id });
      const [previous] = await latestLog();
      // The shop starts the work; while the sync waits on Tekmetric for the RO's vehicle (after reading the
      // claim), a person puts the claim on hold.
      fake.updateRepairOrder(roId, (ro) => {
        ro.repairOrderStatus = { id: 2, code: 'WORKINPROGRESS', name: 'Work In Progress' };
        ro.updatedDate = new Date().toISOString();
      });
      fake.fail({ status: 429, retryAfter: 1, path: '/api/v1/vehicles/518841' });
      duringNextWait = async () => {
        const [current] = await db.select().from(claims).where(eq(claims.id, claim.id));
        const held = await call('POST', `/api/vehicles/${claim.id}/transitions`, {
          to: 'on_hold',
          note: 'Waiting for the fleet manager',
          version: current!.version,
        });
        expect(held.statusCode).toBe(200);
      };
      await syncNow();
      expect(duringNextWait).toBeNull();
      const [refused] = await latestLog();
      expect(refused).toMatchObject({
        status: 'succeeded',
        claimsUpdated: 0,
        errors: [{ roId: String(roId), message: CLAIM_CHANGED_DURING_SYNC }],
      });
      expect(CLAIM_CHANGED_DURING_SYNC).toBe(
        'The claim changed in FleetClaims while this repair order was synced; nothing was written, and the next sync applies it',
      );
      const history = () =>
        db
          .select({
            fromStatus: claimStatusHistory.fromStatus,
            toStatus: claimStatusHistory.toStatus,
            actorId: claimStatusHistory.actorId,
            note: claimStatusHistory.note,
          })
          .from(claimStatusHistory)
          .where(eq(claimStatusHistory.claimId, claim.id))
          .orderBy(desc(claimStatusHistory.createdAt), desc(claimStatusHistory.seq));
      // The person's hold stands; nothing of the RO was written.
      expect((await claimOfRo(roId)).claim.status).toBe('on_hold');
      expect((await history())[0]).toEqual({
        fromStatus: 'authorization_pending',
        toStatus: 'on_hold',
        actorId: admin.id,
        note: 'Waiting for the fleet manager',
      });

      // The cursor stayed: the next run reads the RO again, and the claim as it is now, and moves it.
      const told = (userId: string) =>
        db
          .select({ type: notifications.type, title: notifications.title, message: notifications.message })
          .from(notifications)
          .where(and(eq(notifications.userId, userId), eq(notifications.relatedVehicleId, claim.id)))
          .orderBy(asc(notifications.createdAt), asc(notifications.id));
      const toldBefore = [(await told(assignee.id)).length, (await told(watcher.id)).length];
      await syncNow();
      const [applied] = await latestLog();
      expect(applied).toMatchObject({ claimsUpdated: 1, errors: [], updatedSince: refused!.updatedSince });
      // The refused run kept the cursor of the run before it (its start, less the overlap).
      expect(refused!.updatedSince).toBe(
        new Date(Date.parse(previous!.startedAt) - 5 * 60_000).toISOString(),
      );
      const moved = (await claimOfRo(roId)).claim;
      expect(moved).toMatchObject({
        status: 'in_repair',
        statusBeforeHold: null,
        version: expect.any(Number),
      });
      const note = 'Tekmetric RO #10485: Work in progress';
      expect((await history())[0]).toEqual({
        fromStatus: 'on_hold',
        toStatus: 'in_repair',
        actorId: null,
        note,
      });
      const notice = {
        type: 'status_change',
        title: `${formatClaimNumber(claim.number)} is now In repair`,
        message: `T-231: On hold → In repair — ${note}`,
      };
      expect((await told(assignee.id)).slice(toldBefore[0])).toEqual([notice]);
      expect((await told(watcher.id)).slice(toldBefore[1])).toEqual([notice]);
      const [audit] = await db
        .select({ actorId: auditLog.actorId, before: auditLog.before, after: auditLog.after })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'claim.moved'), eq(auditLog.entityId, claim.id)))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(audit).toEqual({
        actorId: null,
        before: { status: 'on_hold' },
        after: {
          status: 'in_repair',
          note,
          source: { kind: 'tekmetric', reference: String(roId) },
          job: TEKMETRIC_SYNC_JOB,
        },
      });
    });

    it('fetches a new token once when the old one stops working', async () => {
      const tokensBefore = fake.tokenRequests;
      fake.revokeToken();
      // The shop posts the completed RO.
      fake.updateRepairOrder(2301433, (ro) => {
        ro.repairOrderStatus = { id: 5, code: 'POSTED', name: 'Posted' };
        ro.postedDate = ro.updatedDate = new Date().toISOString();
      });
      await syncNow();
      const [entry] = await latestLog();
      // ROs changed within the cursor's overlap come again, unchanged; the one changed updates its claim.
      expect(entry).toMatchObject({ status: 'succeeded', claimsUpdated: 1, errors: [] });
      expect(fake.tokenRequests - tokensBefore).toBe(1);
      expect((await claimOfRo(2301433)).claim).toMatchObject({
        status: 'completed',
        finalAmountCents: 43_588,
      });
    });

    it('backs off on 429 (after Retry-After) and on 500 (2ⁿ s), with jitter, then succeeds', async () => {
      fake.fail(
        { status: 429, retryAfter: 7, path: '/api/v1/repair-orders' },
        { status: 500, path: '/api/v1/repair-orders' },
      );
      await syncNow();
      const [entry] = await latestLog();
      expect(entry).toMatchObject({ status: 'succeeded', errors: [] });
      // random() is 0.5 here: half a second of jitter on each wait.
      expect(sleeps).toEqual([7_500, 4_500]);
    });

    it('logs a failing shop beside a working one, which still syncs', async () => {
      await call('PUT', '/api/tekmetric/mappings', { shopId: '4822', facilityId: naperville!.id });
      fake.breakShop('4822');
      fake.updateRepairOrder(2301398, (ro) => {
        ro.milesIn = 61_250;
        ro.updatedDate = new Date().toISOString();
      });
      await syncNow();
      const log = await latestLog();
      const [broken, working] = [
        log.find((item) => item.shopId === '4822')!,
        log.find((item) => item.shopId === '4821')!,
      ];
      expect(broken).toMatchObject({
        status: 'failed',
        facilityName: naperville!.name,
        errors: [{ roId: null, message: 'Tekmetric answered 500 after 3 attempts' }],
      });
      expect(working).toMatchObject({ status: 'succeeded', claimsUpdated: 1, errors: [] });
      expect(sleeps).toEqual([2_500, 4_500]);
      // The failed shop keeps no cursor: the next sync reads it from the start.
      fake.healShop('4822');
      await syncNow();
      const [again] = (await latestLog()).filter((item) => item.shopId === '4822');
      expect(again).toMatchObject({ status: 'succeeded', updatedSince: null, rosFetched: 0 });
      await call('PUT', '/api/tekmetric/mappings', { shopId: '4822', facilityId: null });
    });

    it('two triggers at once make one sync, also with two processes polling', async () => {
      const logBefore = (await db.select({ n: count() }).from(tekmetricSyncLog))[0]!.n;
      const [first, second] = await Promise.all([
        call('POST', '/api/tekmetric/sync'),
        call('POST', '/api/tekmetric/sync'),
      ]);
      advanceClock();
      expect([first.json().queued, second.json().queued].sort()).toEqual([false, true]);
      expect((await call('GET', '/api/tekmetric/sync-log')).json().syncInProgress).toBe(true);
      await Promise.all([runner.tick(), otherProcess.tick()]);
      const runs = await db
        .select()
        .from(jobRuns)
        .where(and(eq(jobRuns.job, TEKMETRIC_SYNC_JOB), inArray(jobRuns.status, ['queued', 'running'])));
      expect(runs).toEqual([]);
      expect((await db.select({ n: count() }).from(tekmetricSyncLog))[0]!.n).toBe(logBefore + 1);
      expect((await call('GET', '/api/tekmetric/sync-log')).json().syncInProgress).toBe(false);
    });

    it('runs on its schedule every N minutes (the setting)', async () => {
      const scheduled = createJobRunner({ db, logger, jobs: [job], now: () => clock, pollEveryMs: 0 });
      const logRows = async () =>
        (
          await db
            .select({ n: count() })
            .from(tekmetricSyncLog)
            .where(eq(tekmetricSyncLog.trigger, 'schedule'))
        )[0]!.n;
      // Slots of the setting's 15 minutes, aligned on the epoch: the first tick is at the start of one.
      const start = Math.ceil(Date.now() / (15 * 60_000)) * 15 * 60_000 + 15 * 60_000;
      clock = new Date(start);
      await scheduled.tick();
      expect(await logRows()).toBe(1);
      clock = new Date(start + 5 * 60_000);
      await scheduled.tick();
      expect(await logRows()).toBe(1);
      clock = new Date(start + 15 * 60_000);
      await scheduled.tick();
      expect(await logRows()).toBe(2);
      await scheduled.stop();
    });

    it('cancels the claim of an RO deleted in Tekmetric (asked apart from the updated ones)', async () => {
      const before = fake.requests.length;
      fake.deleteRepairOrder(2301457);
      await syncNow();
      const [entry] = await latestLog();
      expect(entry).toMatchObject({ status: 'succeeded', claimsUpdated: 1, errors: [] });
      const asked = fake.requests
        .slice(before)
        .filter((line) => line.startsWith('GET /api/v1/repair-orders?'));
      expect(
        asked.some((line) => line.includes('deletedDateStart=') && !line.includes('updatedDateStart=')),
      ).toBe(true);
      expect(
        asked.some((line) => line.includes('updatedDateStart=') && !line.includes('deletedDateStart=')),
      ).toBe(true);
      const { claim } = await claimOfRo(2301457);
      expect(claim.status).toBe('cancelled');
      // Deleted once, cancelled once: the next sync changes nothing.
      await syncNow();
      expect((await latestLog())[0]).toMatchObject({ claimsUpdated: 0, errors: [] });
    });

    it('refuses "Sync now" while nothing is mapped', async () => {
      await call('PUT', '/api/tekmetric/mappings', { shopId: '4821', facilityId: null });
      const response = await call('POST', '/api/tekmetric/sync');
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Map a Tekmetric shop to a repair facility first');
      await call('PUT', '/api/tekmetric/mappings', { shopId: '4821', facilityId: facility!.id });
    });
  });

  it('never answers, logs or audits the client secret', async () => {
    const secrets = [
      fake.clientSecret,
      'wrong-secret',
      Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64'),
    ];
    const audit = JSON.stringify(await db.select().from(auditLog));
    expect(audit).toContain('tekmetric.settings.updated');
    expect(logLines.length).toBeGreaterThan(0);
    for (const secret of secrets) {
      expect(answers.join('\n')).not.toContain(secret);
      expect(audit).not.toContain(secret);
      expect(logLines.join('')).not.toContain(secret);
    }
  });
});
