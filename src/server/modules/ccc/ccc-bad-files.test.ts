import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cccImports, claims } from '../../db/schema/index.js';
import { createJobRunner, listRuns } from '../../jobs/runner/index.js';
import { createLogger } from '../../logger.js';
import { createClaimVia, silveradoClaimInput } from '../../test/claim-factories.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { multipartFile } from '../../test/multipart.js';
import { createTestApp } from '../../test/test-app.js';
import { cccInboxJob, SETTLE_MS } from './ccc-inbox.job.js';

/**
 * Issue 28, finding 5: no file, however bad, stops the CCC import. Each one ends as a `rejected` row of the
 * import log with its reason (an inbox file moved to failed/), and the inbox goes on with the next file.
 */

const fixtures = path.join(import.meta.dirname, '../../test/fixtures/ccc');
const fixture = (name: string) => fs.readFileSync(path.join(fixtures, name));
const logger = createLogger({ logLevel: 'silent' });
const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** 919 bytes of XML nested 120 deep: well-formed, and deeper than any BMS estimate. */
const deepXml = () => {
  const depth = 120;
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n<VehicleDamageEstimateAddRq xmlns="http://www.cieca.com/BMS">' +
    '<a>'.repeat(depth) +
    '</a>'.repeat(depth) +
    '</VehicleDamageEstimateAddRq>\n';
  return Buffer.from(xml);
};

describe('CCC import: a bad file never stops the import', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetclaims-ccc-bad-'));
  const inboxDir = path.join(dataDir, 'ccc-inbox');
  const { app, database } = await createTestApp({ env: { DATA_DIR: dataDir } });
  const db = database.db;
  const company = await buildCompany(db, { name: 'Northwind Fleet Services LLC' });
  const manager = await loginAs(app, await buildUser(db, { role: 'manager', companyIds: [company.id] }));

  it('answers an upload nested 120 deep with its rejected row and reason, not a 500', async () => {
    const form = multipartFile('file', 'deep.xml', 'text/xml', deepXml());
    const response = await app.inject({
      method: 'POST',
      url: '/api/ccc/imports',
      headers: { cookie: manager, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().items).toMatchObject([
      {
        fileName: 'deep.xml',
        result: 'rejected',
        reason: 'Not a BMS estimate: elements nested more than 64 deep (a BMS estimate needs about 10)',
        claim: null,
      },
    ]);
  });

  it('rejects deep, huge and binary files into failed/ and imports the next good file in the same run', async () => {
    const silverado = await createClaimVia(app, manager, silveradoClaimInput(company.id));
    fs.mkdirSync(inboxDir, { recursive: true });
    fs.writeFileSync(path.join(inboxDir, 'a-deep.xml'), deepXml());
    // 3 GiB without writing them: the importer must look at the size before reading the file.
    const huge = path.join(inboxDir, 'b-huge.xml');
    fs.writeFileSync(huge, '');
    fs.truncateSync(huge, 3 * 1024 ** 3);
    fs.writeFileSync(
      path.join(inboxDir, 'c-binary.xml'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe, 0x00, 0x92]),
    );
    fs.writeFileSync(
      path.join(inboxDir, 'd-nul.xml'),
      `<?xml version="1.0"?><VehicleDamageEstimateAddRq><RqUID>a\u0000b</RqUID></VehicleDamageEstimateAddRq>`,
    );
    fs.writeFileSync(path.join(inboxDir, 'z-total-loss.xml'), fixture('estimate-total-loss.xml'));

    const clock = new Date(Date.now() + SETTLE_MS + 60_000);
    const job = cccInboxJob({ inboxDir, maxFileBytes: MAX_FILE_BYTES, pollEveryMs: 60_000 });
    const runner = createJobRunner({ db, logger, jobs: [job], now: () => clock, pollEveryMs: 0 });
    await runner.tick();
    await runner.stop();

    const runs = await listRuns(db, { job: 'ccc.inbox' });
    expect(runs.map((run) => [run.status, run.attempt, run.result])).toEqual([
      ['succeeded', 1, { imported: 1, processed: 1, failed: 4, skipped: 0, kept: 0 }],
    ]);
    expect(fs.readdirSync(inboxDir).sort()).toEqual(['failed', 'processed']);
    expect(fs.readdirSync(path.join(inboxDir, 'failed')).sort()).toEqual([
      'a-deep.xml',
      'b-huge.xml',
      'c-binary.xml',
      'd-nul.xml',
    ]);
    expect(fs.statSync(path.join(inboxDir, 'failed', 'b-huge.xml')).size).toBe(3 * 1024 ** 3);
    const logged = await db
      .select({
        fileName: cccImports.fileName,
        fileSize: cccImports.fileSize,
        result: cccImports.result,
        reason: cccImports.reason,
      })
      .from(cccImports)
      .where(eq(cccImports.source, 'inbox'))
      .orderBy(asc(cccImports.fileName));
    expect(logged).toEqual([
      {
        fileName: 'a-deep.xml',
        fileSize: deepXml().length,
        result: 'rejected',
        reason: 'Not a BMS estimate: elements nested more than 64 deep (a BMS estimate needs about 10)',
      },
      {
        fileName: 'b-huge.xml',
        fileSize: 3 * 1024 ** 3,
        result: 'rejected',
        reason: 'File too large: 3,221,225,472 bytes (the limit is 10,485,760)',
      },
      {
        fileName: 'c-binary.xml',
        fileSize: 13,
        result: 'rejected',
        reason: expect.stringMatching(/^Not UTF-8 text/),
      },
      {
        fileName: 'd-nul.xml',
        fileSize: expect.any(Number),
        result: 'rejected',
        reason: expect.stringMatching(/^Not well-formed XML: a NUL character/),
      },
      expect.objectContaining({ fileName: 'z-total-loss.xml', result: 'imported' }),
    ]);
    const [claim] = await db.select().from(claims).where(eq(claims.id, silverado.id));
    expect(claim!.estimateAmountCents).toBe(1_217_910);
  });
});
