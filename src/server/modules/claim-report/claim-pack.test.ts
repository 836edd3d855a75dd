import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { AttachmentList } from '@shared/attachments.js';
import { auditLog, companies } from '../../db/schema/index.js';
import { createClaimVia, newClaimInput } from '../../test/claim-factories.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { multipartFile } from '../../test/multipart.js';
import { pdfText } from '../../test/pdf-text.js';
import { createTestApp } from '../../test/test-app.js';

/** The claim pack (issue 32): one ZIP of the claim's PDF report and its files as uploaded, for an insurer. */
describe('claim pack', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetclaims-pack-'));
  const { app, database } = await createTestApp({ env: { DATA_DIR: dataDir } });
  const db = database.db;
  const acme = await buildCompany(db, { name: 'Acme Rentals' });
  await db.update(companies).set({ timeZone: 'America/Chicago' }).where(eq(companies.id, acme.id));
  const zenith = await buildCompany(db, { name: 'Zenith Logistics' });
  const manager = await loginAs(app, await buildUser(db, { role: 'manager', companyIds: [acme.id] }));
  const viewer = await loginAs(app, await buildUser(db, { role: 'viewer', companyIds: [acme.id] }));
  const outsider = await loginAs(app, await buildUser(db, { role: 'manager', companyIds: [zenith.id] }));
  const get = (cookie: string | undefined, url: string) =>
    app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  const claim = await createClaimVia(
    app,
    manager,
    newClaimInput(acme.id, {
      description: 'Rear-ended at the depot gate',
      insurer: 'Harbor Mutual',
      insurerClaimNumber: 'HM-90114',
    }),
  );
  const upload = async (fileName: string, type: string, data: Buffer) => {
    const form = multipartFile('file', fileName, type, data);
    const response = await app.inject({
      method: 'POST',
      url: `/api/vehicles/${claim.id}/attachments`,
      headers: { cookie: manager, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
  };
  const jpeg = (background: string) =>
    sharp({ create: { width: 320, height: 240, channels: 3, background } })
      .jpeg()
      .toBuffer();
  await upload('rear bumper.jpg', 'image/jpeg', await jpeg('#1d4ed8'));
  await upload(
    'tow-invoice.pdf',
    'application/pdf',
    Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  );
  await upload('tailgate.jpg', 'image/jpeg', await jpeg('#dc2626'));

  it('downloads the claim’s PDF and every file as stored, filed by kind, day and name', async () => {
    const response = await get(viewer, `/api/vehicles/${claim.id}/claim-pack`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain(`${claim.claimNumber} claim pack.zip`);
    const entries = unzipSync(new Uint8Array(response.rawPayload));

    const files = (await get(manager, `/api/vehicles/${claim.id}/attachments`)).json<AttachmentList>().items;
    const day = (iso: string) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date(iso));
    // Filed in upload order: the list's order (newest first) reversed, numbered per folder.
    const folders = { photo: 'photos', invoice: 'invoices', estimate: 'estimates', document: 'documents' };
    const places = new Map<string, number>();
    const n = claim.claimNumber;
    const expected = Object.fromEntries(
      [...files].reverse().map((file) => {
        const place = (places.get(file.kind) ?? 0) + 1;
        places.set(file.kind, place);
        const name = `${n}/${folders[file.kind]}/0${place} ${day(file.createdAt)} ${file.fileName}`;
        return [name, file];
      }),
    );
    expect(Object.keys(expected).map((name) => name.split(' ')[0])).toEqual(
      expect.arrayContaining([`${n}/photos/01`, `${n}/photos/02`, `${n}/invoices/01`]),
    );
    expect(Object.keys(entries)).toEqual([`${n}/${n} claim report.pdf`, ...Object.keys(expected)]);
    for (const [entry, file] of Object.entries(expected)) {
      const stored = await get(manager, `/api/attachments/${file.id}/file`);
      expect(Buffer.from(entries[entry]!).equals(stored.rawPayload), entry).toBe(true);
    }
    const { text } = await pdfText(Buffer.from(entries[`${n}/${n} claim report.pdf`]!));
    expect(text).toContain(n);
    expect(text).toContain('Harbor Mutual');
    expect(text).toContain('HM-90114');

    const audit = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, claim.id))
      .orderBy(auditLog.id);
    expect(audit.some((entry) => entry.action === 'claim.pack_exported')).toBe(true);
  });

  it('refuses another company’s claim (404) and a visitor (401)', async () => {
    const response = await get(outsider, `/api/vehicles/${claim.id}/claim-pack`);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Claim not found');
    expect((await get(undefined, `/api/vehicles/${claim.id}/claim-pack`)).statusCode).toBe(401);
  });
});
