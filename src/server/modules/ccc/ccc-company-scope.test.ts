import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { systemActor } from '../../actor.js';
import { createClaimVia, newClaimInput } from '../../test/claim-factories.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { multipartFile } from '../../test/multipart.js';
import { createTestApp } from '../../test/test-app.js';
import { listClaimEstimates } from '../estimates/index.js';
import { receiveCccFile } from './ccc-import.service.js';

/**
 * Issue 28, finding 6: the duplicate and version checks of a CCC file look only at the claims of the companies
 * the importer may see (the inbox, which runs as the system, at the company of the claim the file matches).
 * Nothing about another company's claim appears in an answer, and one company's file never makes another
 * company's later file a "duplicate".
 */

const fixtures = path.join(import.meta.dirname, '../../test/fixtures/ccc');
const fixture = (name: string) => readFileSync(path.join(fixtures, name));
const TRANSIT_VIN = '1FTBR2C88MKA41207';
const ORIGINAL_RQUID = 'a4f0c9e2-1b6d-4f3e-8a57-2e9b0d6c4f18';
const SUPPLEMENT_RQUID = 'c71e5d38-0a92-4b6f-b3d4-85f1e27a9c60';

describe('CCC import: duplicates and versions within the importer’s companies', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;

  async function companyWithTransit(name: string, insurerClaimNumber: string) {
    const company = await buildCompany(db, { name });
    const user = await buildUser(db, { role: 'manager', companyIds: [company.id] });
    const cookie = await loginAs(app, user);
    const claim = await createClaimVia(
      app,
      cookie,
      newClaimInput(company.id, {
        insurerClaimNumber,
        vehicle: {
          companyId: company.id,
          unitNumber: `T-${name.slice(0, 4)}`,
          vin: TRANSIT_VIN,
          year: 2021,
          make: 'Ford',
          model: 'Transit 250',
          plate: 'FLT4127',
        },
      }),
    );
    return { company, user, cookie, claim };
  }

  const upload = async (cookie: string, name: string, content: Buffer) => {
    const form = multipartFile('file', name, 'text/xml', content);
    return app.inject({
      method: 'POST',
      url: '/api/ccc/imports',
      headers: { cookie, ...form.headers },
      payload: form.payload,
    });
  };

  const northwind = await companyWithTransit('Northwind Fleet Services LLC', 'FC-2026-0412');
  // The same van, sold on to another fleet, under another insurer's claim number.
  const zenith = await companyWithTransit('Zenith Logistics', 'ZX-2026-7700');
  const original = fixture('estimate-original.xml');
  const supplement = fixture('estimate-supplement-1.xml');

  it('imports another company’s earlier file on the uploader’s own claim, naming nothing of the other', async () => {
    const first = await upload(northwind.cookie, 'estimate-original.xml', original);
    expect(first.json().items[0]).toMatchObject({ result: 'imported', claim: { id: northwind.claim.id } });

    // The same file (same RqUID, same DocumentID) uploaded for Zenith's claim.
    const second = await upload(zenith.cookie, 'estimate-original.xml', original);
    expect(second.statusCode, second.body).toBe(201);
    const [item] = second.json().items;
    expect(item).toMatchObject({
      result: 'imported',
      matchedBy: 'vin',
      claim: { id: zenith.claim.id, number: zenith.claim.claimNumber },
    });
    expect(second.body).not.toContain(northwind.claim.id);
    expect(second.body).not.toContain(northwind.claim.claimNumber);
    const [zenithEstimate] = await listClaimEstimates(db, zenith.claim.id);
    expect(item.estimateId).toBe(zenithEstimate!.id);
    expect(await listClaimEstimates(db, northwind.claim.id)).toHaveLength(1);
  });

  it('assigns a file by hand whatever another company holds of its estimate', async () => {
    const acme = await buildCompany(db, { name: 'Acme Couriers' });
    const cookie = await loginAs(app, await buildUser(db, { role: 'manager', companyIds: [acme.id] }));
    const claim = await createClaimVia(app, cookie, newClaimInput(acme.id));
    // A new RqUID, the same DocumentID, and a claim number and VIN Acme has nowhere.
    const renamed = Buffer.from(
      original
        .toString('utf8')
        .replace(ORIGINAL_RQUID, 'a4f0c9e2-0000-4f3e-8a57-2e9b0d6c4f18')
        .replaceAll('FC-2026-0412', 'AC-1')
        .replaceAll(TRANSIT_VIN, '1FTBR2C88MKA41299'),
    );
    const uploaded = await upload(cookie, 'acme.xml', renamed);
    const [item] = uploaded.json().items;
    expect(item).toMatchObject({ result: 'unmatched', claim: null, estimateId: null });
    const assigned = await app.inject({
      method: 'POST',
      url: `/api/ccc/imports/${item.id}/assign`,
      headers: { cookie },
      payload: { claimId: claim.id },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({ result: 'imported', claim: { id: claim.id } });
    for (const other of [northwind, zenith]) {
      expect(assigned.body).not.toContain(other.claim.claimNumber);
      expect(assigned.body).not.toContain(other.claim.id);
    }
  });

  it('lets the inbox put a supplement on the claim its claim number names, not on another company’s copy', async () => {
    // Northwind's claim number, a new RqUID: Northwind's supplement, although Zenith also holds the original.
    const northwindSupplement = await receiveCccFile(
      db,
      systemActor('ccc.inbox'),
      { fileName: 'estimate-supplement-1.xml', content: supplement, source: 'inbox' },
      { maxBytes: 10 * 1024 * 1024 },
    );
    expect(northwindSupplement).toMatchObject({ result: 'supplement', claimId: northwind.claim.id });
    // Zenith's claim number on the same supplement, sent again under another RqUID: Zenith's, not a duplicate.
    const zenithSupplement = await receiveCccFile(
      db,
      systemActor('ccc.inbox'),
      {
        fileName: 'zenith-supplement-1.xml',
        content: Buffer.from(
          supplement
            .toString('utf8')
            .replace(SUPPLEMENT_RQUID, 'c71e5d38-0000-4b6f-b3d4-85f1e27a9c60')
            .replaceAll('FC-2026-0412', 'ZX-2026-7700'),
        ),
        source: 'inbox',
      },
      { maxBytes: 10 * 1024 * 1024 },
    );
    expect(zenithSupplement).toMatchObject({
      result: 'supplement',
      claimId: zenith.claim.id,
      matchedBy: 'document',
    });
    expect((await listClaimEstimates(db, zenith.claim.id)).map((e) => e.external?.version)).toEqual([0, 1]);
    expect((await listClaimEstimates(db, northwind.claim.id)).map((e) => e.external?.version)).toEqual([
      0, 1,
    ]);
  });
});
