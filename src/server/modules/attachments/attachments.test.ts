import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { UNSUPPORTED_TYPE_MESSAGE } from '@shared/attachments.js';
import { attachments, auditLog } from '../../db/schema/index.js';
import { createClaimVia, newClaimInput } from '../../test/claim-factories.js';
import { buildCompany, buildUser, loginAs, sessionCookieOf } from '../../test/factories.js';
import { multipartFile, multipartForm, type FormPart } from '../../test/multipart.js';
import { createTestApp } from '../../test/test-app.js';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer();

/** A landscape JPEG whose EXIF says "rotate 90° clockwise", as phones save portrait photos. */
const sidewaysJpeg = () =>
  sharp({ create: { width: 800, height: 400, channels: 3, background: '#dc2626' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
/** The start of a Windows executable (MZ header pointing at a PE signature). */
const EXE = (() => {
  const bytes = Buffer.alloc(512);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
})();
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const MAX_BYTES = 1024 * 1024;

describe('claim attachments', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetclaims-attachments-'));
  const uploads = path.join(dataDir, 'uploads');
  const { app, database } = await createTestApp({
    env: { DATA_DIR: dataDir, UPLOAD_MAX_BYTES: String(MAX_BYTES) },
  });
  const db = database.db;
  const acme = await buildCompany(db, { name: 'Acme Rentals' });
  const zenith = await buildCompany(db, { name: 'Zenith Logistics' });
  const managerUser = await buildUser(db, { role: 'manager', companyIds: [acme.id], username: 'mia_mgr' });
  const manager = await loginAs(app, managerUser);
  const viewer = await loginAs(app, await buildUser(db, { role: 'viewer', companyIds: [acme.id] }));
  const outsider = await loginAs(app, await buildUser(db, { role: 'manager', companyIds: [zenith.id] }));
  const admin = await loginAs(app, await buildUser(db, { role: 'admin' }));
  const claim = await createClaimVia(app, manager, newClaimInput(acme.id));

  const upload = (cookie: string, claimId: string, parts: FormPart[]) => {
    const form = multipartForm(parts);
    return app.inject({
      method: 'POST',
      url: `/api/vehicles/${claimId}/attachments`,
      headers: { cookie, ...form.headers },
      payload: form.payload,
    });
  };
  const uploadFile = (cookie: string, claimId: string, filename: string, data: Buffer, kind?: string) =>
    upload(cookie, claimId, [
      ...(kind ? [{ name: 'kind', value: kind }] : []),
      { name: 'file', filename, data },
    ]);
  const get = (cookie: string | undefined, url: string) =>
    app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const storedFiles = () => (fs.existsSync(uploads) ? fs.readdirSync(uploads, { recursive: true }) : []);

  describe('uploading', () => {
    it('stores a photo found by its content, with a thumbnail, and audits it on the claim', async () => {
      const data = await png(1200, 900);
      const response = await uploadFile(manager, claim.id, 'IMG_0042.png', data);
      expect(response.statusCode, response.body).toBe(201);
      const attachment = response.json();
      expect(attachment).toMatchObject({
        claimId: claim.id,
        kind: 'photo',
        fileName: 'IMG_0042.png',
        contentType: 'image/png',
        sizeBytes: data.length,
        sha256: sha256(data),
        width: 1200,
        height: 900,
        uploadedBy: { username: 'mia_mgr', name: managerUser.firstName + ' ' + managerUser.lastName },
        fileUrl: `/api/attachments/${attachment.id}/file`,
        thumbnailUrl: `/api/attachments/${attachment.id}/thumbnail`,
      });

      const [audit] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'attachment.uploaded'), eq(auditLog.entityId, claim.id)));
      expect(audit).toMatchObject({
        entityType: 'claim',
        actorId: managerUser.id,
        after: { id: attachment.id, fileName: 'IMG_0042.png', contentType: 'image/png', kind: 'photo' },
      });

      const list = await get(viewer, `/api/vehicles/${claim.id}/attachments`);
      expect(list.statusCode).toBe(200);
      expect(list.json().maxBytes).toBe(MAX_BYTES);
      expect(list.json().items.map((item: { id: string }) => item.id)).toContain(attachment.id);
    });

    it('makes an upright 320 px WebP thumbnail of a photo turned by its EXIF orientation', async () => {
      const response = await uploadFile(manager, claim.id, 'portrait.jpg', await sidewaysJpeg());
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ contentType: 'image/jpeg', width: 400, height: 800 });

      const thumbnail = await get(viewer, response.json().thumbnailUrl);
      expect(thumbnail.statusCode).toBe(200);
      expect(thumbnail.headers['content-type']).toBe('image/webp');
      expect(thumbnail.headers['x-content-type-options']).toBe('nosniff');
      const metadata = await sharp(thumbnail.rawPayload).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 160, 320]);
    });

    it('infers estimates and invoices from the name, takes a chosen kind, and has no thumbnail for a PDF', async () => {
      const estimate = await uploadFile(manager, claim.id, 'Estimate 1042.pdf', PDF);
      expect(estimate.json()).toMatchObject({
        kind: 'estimate',
        contentType: 'application/pdf',
        thumbnailUrl: null,
        width: null,
      });
      const invoice = await uploadFile(manager, claim.id, 'INV-88.pdf', PDF);
      expect(invoice.json().kind).toBe('invoice');
      const chosen = await uploadFile(manager, claim.id, 'Estimate 1042.pdf', PDF, 'document');
      expect(chosen.json().kind).toBe('document');
      const thumbnail = await get(manager, `/api/attachments/${estimate.json().id}/thumbnail`);
      expect(thumbnail.statusCode).toBe(404);
      expect(thumbnail.json().message).toBe('This file has no thumbnail');
    });

    it('accepts text and CSV files, whose content has no magic bytes', async () => {
      const csv = await uploadFile(manager, claim.id, 'parts.csv', Buffer.from('part,qty\nbumper,1\n'));
      expect(csv.json()).toMatchObject({ contentType: 'text/csv', kind: 'document' });
      const text = await uploadFile(manager, claim.id, 'notes', Buffer.from('Tow driver: Ünal\n'));
      // A name without an extension gets its type's.
      expect(text.json()).toMatchObject({ contentType: 'text/plain', fileName: 'notes.txt' });
    });

    it('refuses a file whose content is not what its name says, or not an accepted type, with 415', async () => {
      const before = storedFiles().length;
      const pdfAsJpeg = await uploadFile(manager, claim.id, 'photo.jpg', PDF);
      expect(pdfAsJpeg.statusCode).toBe(415);
      expect(pdfAsJpeg.json().message).toBe(
        'This file’s content is a PDF, but its name ends in .jpg. Rename it to end in .pdf and upload it again.',
      );
      const exeAsJpeg = await uploadFile(manager, claim.id, 'photo.jpg', EXE);
      expect(exeAsJpeg.statusCode).toBe(415);
      expect(exeAsJpeg.json().message).toBe(UNSUPPORTED_TYPE_MESSAGE);
      const html = await uploadFile(manager, claim.id, 'page.html', Buffer.from('<script>alert(1)</script>'));
      expect(html.statusCode).toBe(415);
      const broken = await uploadFile(
        manager,
        claim.id,
        'broken.png',
        Buffer.concat([(await png(50, 50)).subarray(0, 60), Buffer.alloc(200, 7)]),
      );
      expect(broken.statusCode).toBe(415);
      expect(broken.json().message).toMatch(/^This PNG image could not be read/);
      // Nothing was kept of the refused files.
      expect(storedFiles()).toHaveLength(before);
      const tempDir = path.join(dataDir, 'tmp');
      expect(fs.existsSync(tempDir) ? fs.readdirSync(tempDir) : []).toEqual([]);
    });

    it('refuses a file over UPLOAD_MAX_BYTES with 413 naming the limit', async () => {
      const response = await uploadFile(manager, claim.id, 'huge.pdf', Buffer.alloc(MAX_BYTES + 1, 0x25));
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toBe('This file is larger than the 1 MB limit');
      expect(fs.readdirSync(path.join(dataDir, 'tmp'))).toEqual([]);
    });

    it('answers 400 for a missing or empty file, a second file and an unknown kind; 415 when not multipart', async () => {
      const none = await upload(manager, claim.id, [{ name: 'kind', value: 'photo' }]);
      expect([none.statusCode, none.json().message]).toEqual([400, 'Choose a file to upload']);
      const empty = await uploadFile(manager, claim.id, 'empty.pdf', Buffer.alloc(0));
      expect([empty.statusCode, empty.json().message]).toEqual([400, 'The file is empty']);
      const two = await upload(manager, claim.id, [
        { name: 'file', filename: 'a.pdf', data: PDF },
        { name: 'file', filename: 'b.pdf', data: PDF },
      ]);
      expect([two.statusCode, two.json().message]).toEqual([400, 'Send one file per request']);
      const kind = await uploadFile(manager, claim.id, 'a.pdf', PDF, 'selfie');
      expect(kind.statusCode).toBe(400);
      expect(kind.json().fieldErrors.kind).toEqual(['Kind must be photo, estimate, invoice or document']);
      const json = await app.inject({
        method: 'POST',
        url: `/api/vehicles/${claim.id}/attachments`,
        headers: { cookie: manager },
        payload: { file: 'x' },
      });
      expect(json.statusCode).toBe(415);
    });

    it('lets a viewer see files but not upload them (403)', async () => {
      const response = await uploadFile(viewer, claim.id, 'a.pdf', PDF);
      expect(response.statusCode).toBe(403);
      expect((await get(viewer, `/api/vehicles/${claim.id}/attachments`)).statusCode).toBe(200);
    });
  });

  describe('reading', () => {
    it('serves the file with its original name (RFC 5987), inline for pictures and PDFs, nosniff', async () => {
      const data = await png(64, 48);
      const created = (await uploadFile(manager, claim.id, 'Stoßstange vorne.png', data)).json();
      const file = await get(viewer, created.fileUrl);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(data)).toBe(true);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['content-disposition']).toBe(
        `inline; filename="Sto_stange vorne.png"; filename*=UTF-8''Sto%C3%9Fstange%20vorne.png`,
      );
      const saved = await get(viewer, `${created.fileUrl}?download=1`);
      expect(saved.headers['content-disposition']).toMatch(/^attachment; /);

      const csv = (await uploadFile(manager, claim.id, 'parts.csv', Buffer.from('a,b\n'))).json();
      const csvFile = await get(viewer, csv.fileUrl);
      expect(csvFile.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csvFile.headers['content-disposition']).toMatch(/^attachment; filename="parts.csv"/);
    });

    it('hides another company’s files: list, upload, file, thumbnail, relabel and delete answer 404', async () => {
      const created = (await uploadFile(manager, claim.id, 'dent.png', await png(40, 40))).json();
      const answers = await Promise.all([
        get(outsider, `/api/vehicles/${claim.id}/attachments`),
        uploadFile(outsider, claim.id, 'mine.pdf', PDF),
        get(outsider, created.fileUrl),
        get(outsider, created.thumbnailUrl),
        app.inject({
          method: 'PATCH',
          url: `/api/attachments/${created.id}`,
          headers: { cookie: outsider },
          payload: { kind: 'invoice' },
        }),
        app.inject({
          method: 'DELETE',
          url: `/api/attachments/${created.id}`,
          headers: { cookie: outsider },
        }),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
      expect(answers[2]!.json().message).toBe('Attachment not found');
      expect((await get(undefined, created.fileUrl)).statusCode).toBe(401);
      expect((await get(admin, created.fileUrl)).statusCode).toBe(200);
    });
  });

  describe('changing and deleting', () => {
    it('changes the kind of a file, audited', async () => {
      const created = (await uploadFile(manager, claim.id, 'scan.pdf', PDF)).json();
      const changed = await app.inject({
        method: 'PATCH',
        url: `/api/attachments/${created.id}`,
        headers: { cookie: manager },
        payload: { kind: 'invoice' },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().kind).toBe('invoice');
      const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, 'attachment.updated'));
      expect(audit).toMatchObject({
        before: { id: created.id, kind: 'document' },
        after: { kind: 'invoice' },
      });
    });

    it('deletes a file and its thumbnail from storage, audited with what it was; a viewer may not', async () => {
      const created = (await uploadFile(manager, claim.id, 'scratch.png', await png(80, 60))).json();
      const stored = path.join(uploads, 'attachments', created.id);
      const thumbnail = path.join(uploads, 'thumbnails', `${created.id}.webp`);
      expect([fs.existsSync(stored), fs.existsSync(thumbnail)]).toEqual([true, true]);
      const remove = (cookie: string) =>
        app.inject({ method: 'DELETE', url: `/api/attachments/${created.id}`, headers: { cookie } });

      expect((await remove(viewer)).statusCode).toBe(403);
      expect((await remove(manager)).statusCode).toBe(204);
      expect([fs.existsSync(stored), fs.existsSync(thumbnail)]).toEqual([false, false]);
      expect((await get(manager, created.fileUrl)).statusCode).toBe(404);
      expect((await remove(manager)).statusCode).toBe(404);
      const [audit] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'attachment.deleted'), eq(auditLog.entityId, claim.id)));
      expect(audit).toMatchObject({
        actorId: managerUser.id,
        before: { id: created.id, fileName: 'scratch.png', contentType: 'image/png' },
      });
    });

    it('removes the files of a deleted claim', async () => {
      const doomed = await createClaimVia(app, manager, newClaimInput(acme.id));
      const photo = (await uploadFile(manager, doomed.id, 'a.png', await png(30, 30))).json();
      const pdf = (await uploadFile(manager, doomed.id, 'b.pdf', PDF)).json();
      const deleted = await app.inject({
        method: 'DELETE',
        url: `/api/vehicles/${doomed.id}`,
        headers: { cookie: admin },
      });
      expect(deleted.statusCode).toBe(204);
      expect(await db.select().from(attachments).where(eq(attachments.claimId, doomed.id))).toEqual([]);
      for (const file of [
        path.join(uploads, 'attachments', photo.id),
        path.join(uploads, 'thumbnails', `${photo.id}.webp`),
        path.join(uploads, 'attachments', pdf.id),
      ]) {
        expect(fs.existsSync(file), file).toBe(false);
      }
    });
  });

  it('names the admin who uploaded a file while impersonating, beside the uploader', async () => {
    const alex = await buildUser(db, { role: 'admin', firstName: 'Alex', lastName: 'Admin' });
    const impersonating = sessionCookieOf(
      await app.inject({
        method: 'POST',
        url: `/api/users/${managerUser.id}/impersonate`,
        headers: { cookie: await loginAs(app, alex) },
      }),
    );
    const own = await createClaimVia(app, manager, newClaimInput(acme.id));
    const response = await uploadFile(impersonating, own.id, 'IMG_0050.png', await png(40, 30));
    expect(response.statusCode, response.body).toBe(201);
    const uploader = { id: managerUser.id, username: 'mia_mgr' };
    const impersonator = { id: alex.id, username: alex.username, name: 'Alex Admin' };
    expect(response.json()).toMatchObject({ uploadedBy: uploader, impersonator });
    const list = await get(viewer, `/api/vehicles/${own.id}/attachments`);
    expect(list.json().items).toEqual([
      expect.objectContaining({ uploadedBy: expect.objectContaining(uploader), impersonator }),
    ]);
    const [row] = await db.select().from(attachments).where(eq(attachments.claimId, own.id));
    expect(row!.impersonatorId).toBe(alex.id);
  });

  it('keeps stored file names to ids, never the uploaded name', async () => {
    const created = (await uploadFile(manager, claim.id, '../../escape.png', await png(20, 20))).json();
    expect(created.fileName).toBe('escape.png');
    expect(fs.existsSync(path.join(uploads, 'attachments', created.id))).toBe(true);
    expect(storedFiles().some((file) => String(file).includes('escape'))).toBe(false);
  });

  it('sends a single file in the field named "file"', async () => {
    const form = multipartFile('photo', 'a.png', 'image/png', await png(10, 10));
    const response = await app.inject({
      method: 'POST',
      url: `/api/vehicles/${claim.id}/attachments`,
      headers: { cookie: manager, ...form.headers },
      payload: form.payload,
    });
    expect([response.statusCode, response.json().message]).toEqual([
      400,
      'Send the file in a form field named "file"',
    ]);
  });
});
