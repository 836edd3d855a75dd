import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { auditLog, claimNotes, companies } from '../../db/schema/index.js';
import { createClaimVia, newClaimInput } from '../../test/claim-factories.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { multipartFile } from '../../test/multipart.js';
import { pdfText } from '../../test/pdf-text.js';
import { createTestApp } from '../../test/test-app.js';
import { REPORT_PHOTOS_MAX } from './claim-report.service.js';

/** How many images the PDF holds (pdfkit writes each as an image XObject, its dictionary uncompressed). */
const pdfImageCount = (body: Buffer) => body.toString('latin1').split('/Subtype /Image').length - 1;

const photo = (background: string) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background } })
    .jpeg()
    .toBuffer();

describe('claim PDF export', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetclaims-report-'));
  const { app, database } = await createTestApp({ env: { DATA_DIR: dataDir } });
  const db = database.db;
  const acme = await buildCompany(db, { name: 'Acme Rentals' });
  const zenith = await buildCompany(db, { name: 'Zenith Logistics' });
  const manager = await loginAs(app, await buildUser(db, { role: 'manager', companyIds: [acme.id] }));
  const viewer = await loginAs(app, await buildUser(db, { role: 'viewer', companyIds: [acme.id] }));
  const outsider = await loginAs(app, await buildUser(db, { role: 'manager', companyIds: [zenith.id] }));
  const call = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  const claim = await createClaimVia(
    app,
    manager,
    newClaimInput(acme.id, {
      description: 'Left mirror torn off in the car wash',
      insurer: 'Harbor Mutual',
      insurerClaimNumber: 'HM-77812',
      deductibleCents: 50_000,
    }),
  );
  await call(manager, 'POST', `/api/vehicles/${claim.id}/transitions`, {
    to: 'estimate_pending',
    version: claim.version,
    note: 'Sent to the body shop',
  });
  await call(manager, 'POST', `/api/vehicles/${claim.id}/notes`, { body: 'Driver statement received' });
  const upload = (claimId: string, fileName: string, type: string, data: Buffer) => {
    const form = multipartFile('file', fileName, type, data);
    return app.inject({
      method: 'POST',
      url: `/api/vehicles/${claimId}/attachments`,
      headers: { cookie: manager, ...form.headers },
      payload: form.payload,
    });
  };
  const estimate = await call(manager, 'POST', `/api/vehicles/${claim.id}/estimates`, {
    number: 'RO-4471',
    laborRateCents: 9_500,
    taxRatePercent: 8.25,
    lines: [
      {
        operation: 'part',
        description: 'Mirror assembly, power heated',
        partNumber: 'FL3Z-17682-BA',
        quantity: 1,
        unitPriceCents: 38_950,
        laborHours: 0.8,
      },
      { operation: 'paint', description: 'Refinish mirror cap', quantity: 1, unitPriceCents: 6_500 },
    ],
  });
  expect(estimate.statusCode, estimate.body).toBe(201);
  for (const [name, colour] of [
    ['left-side.jpg', '#1d4ed8'],
    ['mirror-close-up.jpg', '#dc2626'],
  ] as const) {
    expect((await upload(claim.id, name, 'image/jpeg', await photo(colour))).statusCode).toBe(201);
  }
  const invoice = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  expect((await upload(claim.id, 'tow-invoice.pdf', 'application/pdf', invoice)).statusCode).toBe(201);

  it('answers a PDF named after the claim with its header, vehicle, amounts, history and notes', async () => {
    const response = await call(viewer, 'GET', `/api/vehicles/${claim.id}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${claim.claimNumber}.pdf"`);
    const { pages, text } = await pdfText(response.rawPayload);
    expect(pages).toBeGreaterThanOrEqual(1);
    for (const expected of [
      claim.claimNumber,
      'Awaiting estimate',
      'Collision workflow',
      claim.vehicle.vin,
      claim.vehicle.unitNumber,
      '2022 Ford Transit 250',
      'Acme Rentals',
      'Left mirror torn off in the car wash',
      'Harbor Mutual',
      'HM-77812',
      '$500.00',
      'Reported to Awaiting estimate',
      'Sent to the body shop',
      'Driver statement received',
      'Page 1 of',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('lists the estimate’s lines and totals, the photos as thumbnails and every file', async () => {
    const body = (await call(viewer, 'GET', `/api/vehicles/${claim.id}/pdf`)).rawPayload;
    const { text } = await pdfText(body);
    for (const expected of [
      'Estimates',
      'Original · RO-4471',
      'Awaiting review',
      'Labour at $95.00/h',
      // Taxed on parts and paint, as the totals below: not "on parts" alone.
      'Tax 8.25%, labour exempt',
      'Mirror assembly, power heated',
      'FL3Z-17682-BA',
      '$389.50',
      'Refinish mirror cap',
      // 389.50 + 0.8 h × 95.00 = 465.50; paint 65.00; tax 8.25% of the parts 389.50 + 65.00 = 37.50
      '$465.50',
      'Subtotal $530.50',
      'Tax $37.50',
      'Total (original) $568.00',
      'Photos',
      'left-side.jpg',
      'mirror-close-up.jpg',
      'Files',
      'tow-invoice.pdf',
      'Invoice',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // A collision claim has no authorization section.
    expect(text).not.toContain('Authorizations');
    expect(pdfImageCount(body)).toBe(2);
  });

  it('shows a mechanical claim’s authorizations with each line’s decision', async () => {
    let mechanical = await createClaimVia(app, manager, newClaimInput(acme.id, { workflow: 'mechanical' }));
    const empty = await pdfText(
      (await call(manager, 'GET', `/api/vehicles/${mechanical.id}/pdf`)).rawPayload,
    );
    expect(empty.text).toContain('No authorization requests yet.');
    expect(empty.text).toContain('No estimates yet.');
    expect(empty.text).toContain('No files yet.');

    mechanical = (
      await call(manager, 'POST', `/api/vehicles/${mechanical.id}/transitions`, {
        to: 'diagnosis',
        version: mechanical.version,
      })
    ).json();
    const requested = await call(manager, 'POST', `/api/vehicles/${mechanical.id}/authorizations`, {
      note: 'Grinding noise; pads at 2 mm',
      lines: [
        { description: 'Replace front brake pads and rotors', amountCents: 64_000 },
        { description: 'Brake fluid flush', amountCents: 12_550 },
      ],
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const request = requested.json();
    const decided = await call(manager, 'POST', `/api/authorizations/${request.id}/decision`, {
      action: 'approve',
      lineIds: [request.lines[0].id],
      note: 'Flush at the next service',
    });
    expect(decided.statusCode, decided.body).toBe(200);

    const { text } = await pdfText(
      (await call(viewer, 'GET', `/api/vehicles/${mechanical.id}/pdf`)).rawPayload,
    );
    for (const expected of [
      'Authorizations',
      'Request 1 · $765.50 requested',
      'Partially approved',
      'Grinding noise; pads at 2 mm',
      'Flush at the next service',
      'Replace front brake pads and rotors $640.00 Approved',
      'Brake fluid flush $125.50 Declined',
      'Approved $640.00',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it(`shows the newest ${REPORT_PHOTOS_MAX} photos and says how many there are`, async () => {
    const album = await createClaimVia(app, manager, newClaimInput(acme.id));
    const image = await photo('#16a34a');
    for (let i = 1; i <= REPORT_PHOTOS_MAX + 2; i++) {
      expect((await upload(album.id, `walkaround-${i}.jpg`, 'image/jpeg', image)).statusCode).toBe(201);
    }
    const body = (await call(manager, 'GET', `/api/vehicles/${album.id}/pdf`)).rawPayload;
    const { text } = await pdfText(body);
    expect(text).toContain(
      `The newest ${REPORT_PHOTOS_MAX} of ${REPORT_PHOTOS_MAX + 2} photos; all of them are on the claim page.`,
    );
    expect(text).toContain(`walkaround-${REPORT_PHOTOS_MAX + 2}.jpg`);
    expect(pdfImageCount(body)).toBe(REPORT_PHOTOS_MAX);
  });

  it('records the export in the audit log', async () => {
    await call(manager, 'GET', `/api/vehicles/${claim.id}/pdf`);
    const entries = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, claim.id))
      .orderBy(auditLog.id);
    expect(entries.some((entry) => entry.action === 'claim.exported')).toBe(true);
  });

  it('refuses another company’s claim (404) and a visitor (401)', async () => {
    const response = await call(outsider, 'GET', `/api/vehicles/${claim.id}/pdf`);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Claim not found');
    expect((await app.inject({ method: 'GET', url: `/api/vehicles/${claim.id}/pdf` })).statusCode).toBe(401);
  });

  it('spreads a long history over several numbered pages', async () => {
    const busy = await createClaimVia(app, manager, newClaimInput(acme.id));
    for (let i = 0; i < 40; i++) {
      await call(manager, 'POST', `/api/vehicles/${busy.id}/notes`, {
        body: `Update ${i + 1}: called the shop about parts; the supplier expects delivery next week.`,
      });
    }
    const { pages, text } = await pdfText(
      (await call(manager, 'GET', `/api/vehicles/${busy.id}/pdf`)).rawPayload,
    );
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain('Update 40:');
  });

  it('prints every time in the claim’s company’s time zone, not UTC', async () => {
    await db.update(companies).set({ timeZone: 'Asia/Kolkata' }).where(eq(companies.id, acme.id));
    try {
      const [note] = await db.select().from(claimNotes).where(eq(claimNotes.claimId, claim.id));
      // Kolkata is UTC+5:30 all year: the note's time there, written out by hand.
      const local = new Date(note!.createdAt.getTime() + 330 * 60_000);
      const hours = local.getUTCHours();
      const clock = `${hours % 12 || 12}:${String(local.getUTCMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
      const { text } = await pdfText((await call(viewer, 'GET', `/api/vehicles/${claim.id}/pdf`)).rawPayload);
      expect(text).toContain(`${clock} GMT+5:30`);
      expect(text).not.toContain(' UTC');
    } finally {
      await db.update(companies).set({ timeZone: 'UTC' }).where(eq(companies.id, acme.id));
    }
  });
});
