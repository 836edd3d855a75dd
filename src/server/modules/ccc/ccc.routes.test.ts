import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { claims } from '../../db/schema/index.js';
import { createJobRunner, listRuns } from '../../jobs/runner/index.js';
import { createLogger } from '../../logger.js';
import { createClaimVia, newClaimInput, silveradoClaimInput } from '../../test/claim-factories.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { multipartForm } from '../../test/multipart.js';
import { createTestApp } from '../../test/test-app.js';
import { cccInboxJob, SETTLE_MS } from './ccc-inbox.job.js';

const fixtures = path.join(import.meta.dirname, '../../test/fixtures/ccc');
const fixture = (name: string) => fs.readFileSync(path.join(fixtures, name));
const logger = createLogger({ logLevel: 'silent' });

describe('CCC import routes and the inbox folder', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetclaims-ccc-'));
  const inboxDir = path.join(dataDir, 'ccc-inbox');
  const { app, database } = await createTestApp({ env: { DATA_DIR: dataDir } });
  const db = database.db;
  const northwind = await buildCompany(db, { name: 'Northwind Fleet Services LLC' });
  const other = await buildCompany(db, { name: 'Zenith Logistics' });
  const admin = await loginAs(app, await buildUser(db, { role: 'admin' }));
  const manager = await loginAs(app, await buildUser(db, { role: 'manager', companyIds: [northwind.id] }));
  const outsider = await loginAs(app, await buildUser(db, { role: 'manager', companyIds: [other.id] }));
  const viewer = await loginAs(app, await buildUser(db, { role: 'viewer', companyIds: [northwind.id] }));
  const transit = await createClaimVia(
    app,
    manager,
    newClaimInput(northwind.id, {
      insurerClaimNumber: 'FC-2026-0412',
      vehicle: {
        companyId: northwind.id,
        unitNumber: 'T-4127',
        vin: '1FTBR2C88MKA41207',
        year: 2021,
        make: 'Ford',
        model: 'Transit 250',
        plate: 'FLT4127',
      },
    }),
  );
  const upload = (cookie: string, ...names: string[]) =>
    app.inject({
      method: 'POST',
      url: '/api/ccc/imports',
      headers: {
        cookie,
        ...multipartForm(
          names.map((name) => ({ name: 'file', filename: name, type: 'text/xml', data: fixture(name) })),
        ).headers,
      },
      payload: multipartForm(
        names.map((name) => ({ name: 'file', filename: name, type: 'text/xml', data: fixture(name) })),
      ).payload,
    });

  it('uploads several files at once and answers what happened to each', async () => {
    const form = multipartForm(
      ['estimate-original.xml', 'estimate-supplement-1.xml', 'no-match.xml', 'wrong-root.xml'].map(
        (name) => ({
          name: 'file',
          filename: name,
          type: 'text/xml',
          data: fixture(name),
        }),
      ),
    );
    const response = await app.inject({
      method: 'POST',
      url: '/api/ccc/imports',
      headers: { cookie: manager, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    const items = response.json().items;
    expect(items.map((item: { fileName: string; result: string }) => [item.fileName, item.result])).toEqual([
      ['estimate-original.xml', 'imported'],
      ['estimate-supplement-1.xml', 'supplement'],
      ['no-match.xml', 'unmatched'],
      ['wrong-root.xml', 'rejected'],
    ]);
    expect(items[1]).toMatchObject({
      version: 'Supplement 1',
      grossCents: 367_536,
      claim: { id: transit.id, number: transit.claimNumber },
      matchedBy: 'document',
    });
    expect(items[0].uploadedBy).not.toBeNull();
    const claim = await app.inject({
      method: 'GET',
      url: `/api/vehicles/${transit.id}`,
      headers: { cookie: manager },
    });
    expect(claim.json().estimateAmountCents).toBe(367_536);
  });

  it('lists the log newest first, filtered by result and day, and only what the user may see', async () => {
    const all = await app.inject({ method: 'GET', url: '/api/ccc/imports', headers: { cookie: manager } });
    expect(all.json().total).toBe(4);
    expect(all.json().items[0].fileName).toBe('wrong-root.xml');
    const unmatched = await app.inject({
      method: 'GET',
      url: '/api/ccc/imports?result=unmatched',
      headers: { cookie: manager },
    });
    expect(unmatched.json().items.map((i: { fileName: string }) => i.fileName)).toEqual(['no-match.xml']);
    const future = await app.inject({
      method: 'GET',
      url: '/api/ccc/imports?from=2099-01-01',
      headers: { cookie: manager },
    });
    expect(future.json().total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    for (const [to, total] of [
      [today, 4],
      ['9999-12-31', 4],
      ['2000-01-01', 0],
    ] as const) {
      const upTo = await app.inject({
        method: 'GET',
        url: `/api/ccc/imports?to=${to}`,
        headers: { cookie: manager },
      });
      expect(upTo.json().total, to).toBe(total);
    }
    const bad = await app.inject({
      method: 'GET',
      url: '/api/ccc/imports?result=lost',
      headers: { cookie: manager },
    });
    expect(bad.statusCode).toBe(400);
    const stranger = await app.inject({
      method: 'GET',
      url: '/api/ccc/imports',
      headers: { cookie: outsider },
    });
    expect(stranger.json().total).toBe(0);
    expect(
      (await app.inject({ method: 'GET', url: '/api/ccc/imports', headers: { cookie: viewer } })).statusCode,
    ).toBe(403);
    expect((await upload(viewer, 'no-match.xml')).statusCode).toBe(403);
  });

  it('downloads the original file byte for byte', async () => {
    const [row] = (
      await app.inject({
        method: 'GET',
        url: '/api/ccc/imports?result=rejected',
        headers: { cookie: manager },
      })
    ).json().items;
    const file = await app.inject({
      method: 'GET',
      url: `/api/ccc/imports/${row.id}/file`,
      headers: { cookie: manager },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('wrong-root.xml');
    expect(Buffer.compare(file.rawPayload, fixture('wrong-root.xml'))).toBe(0);
    const hidden = await app.inject({
      method: 'GET',
      url: `/api/ccc/imports/${row.id}/file`,
      headers: { cookie: outsider },
    });
    expect(hidden.statusCode).toBe(404);
  });

  it('assigns an unmatched file to a claim by hand, which imports it; a landed file cannot be retried', async () => {
    const [row] = (
      await app.inject({
        method: 'GET',
        url: '/api/ccc/imports?result=unmatched',
        headers: { cookie: manager },
      })
    ).json().items;
    const refused = await app.inject({
      method: 'POST',
      url: `/api/ccc/imports/${row.id}/assign`,
      headers: { cookie: outsider },
      payload: { claimId: transit.id },
    });
    expect(refused.statusCode).toBe(404);
    const badBody = await app.inject({
      method: 'POST',
      url: `/api/ccc/imports/${row.id}/assign`,
      headers: { cookie: manager },
      payload: { claimId: 'x' },
    });
    expect(badBody.statusCode).toBe(400);
    const other = await createClaimVia(app, manager, newClaimInput(northwind.id));
    const assigned = await app.inject({
      method: 'POST',
      url: `/api/ccc/imports/${row.id}/assign`,
      headers: { cookie: manager },
      payload: { claimId: other.id },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({
      result: 'imported',
      matchedBy: 'manual',
      claim: { id: other.id },
      attempts: 2,
    });
    const retry = await app.inject({
      method: 'POST',
      url: `/api/ccc/imports/${row.id}/retry`,
      headers: { cookie: manager },
    });
    expect(retry.statusCode).toBe(409);
  });

  it('retries a file held back once its claim exists', async () => {
    const [row] = (
      await app.inject({
        method: 'GET',
        url: '/api/ccc/imports?result=rejected',
        headers: { cookie: manager },
      })
    ).json().items;
    const retry = await app.inject({
      method: 'POST',
      url: `/api/ccc/imports/${row.id}/retry`,
      headers: { cookie: manager },
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ result: 'rejected', attempts: 2 });
  });

  it('imports a file dropped into the inbox folder once, and moves it to processed/ or failed/', async () => {
    expect(
      (await app.inject({ method: 'GET', url: '/api/ccc/inbox', headers: { cookie: manager } })).statusCode,
    ).toBe(403);
    const silverado = await createClaimVia(app, manager, silveradoClaimInput(northwind.id));
    fs.mkdirSync(inboxDir, { recursive: true });
    fs.writeFileSync(path.join(inboxDir, 'estimate-total-loss.xml'), fixture('estimate-total-loss.xml'));
    fs.writeFileSync(path.join(inboxDir, 'malformed.xml'), fixture('malformed.xml'));
    fs.writeFileSync(path.join(inboxDir, 'still-copying.xml.part'), 'x');
    let clock = new Date(Date.now() + SETTLE_MS + 60_000);
    const job = cccInboxJob({ inboxDir, maxFileBytes: 10 * 1024 * 1024, pollEveryMs: 60_000 });
    const runners = [1, 2].map(() =>
      createJobRunner({ db, logger, jobs: [job], now: () => clock, pollEveryMs: 0 }),
    );
    await Promise.all(runners.map((runner) => runner.tick()));
    const runs = await listRuns(db, { job: 'ccc.inbox' });
    expect(runs.map((run) => [run.status, run.result])).toEqual([
      ['succeeded', { imported: 1, processed: 1, failed: 1, skipped: 0, kept: 0 }],
    ]);
    expect(fs.readdirSync(inboxDir).sort()).toEqual(['failed', 'processed', 'still-copying.xml.part']);
    expect(fs.readdirSync(path.join(inboxDir, 'processed'))).toEqual(['estimate-total-loss.xml']);
    expect(fs.readdirSync(path.join(inboxDir, 'failed'))).toEqual(['malformed.xml']);
    const [claim] = await db.select().from(claims).where(eq(claims.id, silverado.id));
    expect(claim!.estimateAmountCents).toBe(1_217_910);
    const log = (
      await app.inject({ method: 'GET', url: '/api/ccc/imports?result=imported', headers: { cookie: admin } })
    ).json();
    expect(
      log.items.find((i: { fileName: string }) => i.fileName === 'estimate-total-loss.xml'),
    ).toMatchObject({ source: 'inbox', uploadedBy: null });
    // The next slot finds nothing new: the file is imported once.
    clock = new Date(clock.getTime() + 60_000);
    await Promise.all(runners.map((runner) => runner.tick()));
    const later = await listRuns(db, { job: 'ccc.inbox' });
    expect(later[0]!.result).toEqual({ imported: 0, processed: 0, failed: 0, skipped: 0, kept: 0 });
    await Promise.all(runners.map((runner) => runner.stop()));

    const inbox = await app.inject({ method: 'GET', url: '/api/ccc/inbox', headers: { cookie: admin } });
    expect(inbox.json()).toMatchObject({
      path: inboxDir,
      exists: true,
      waiting: 0,
      processed: 1,
      failed: 1,
      lastRunStatus: 'succeeded',
    });
    const scan = await app.inject({ method: 'POST', url: '/api/ccc/inbox/scan', headers: { cookie: admin } });
    expect(scan.statusCode).toBe(202);
  });
});
