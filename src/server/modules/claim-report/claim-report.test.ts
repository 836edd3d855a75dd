import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { createClaimVia, newClaimInput } from '../../test/claim-factories.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';

/** The text of every page, joined. */
async function pdfText(body: Buffer): Promise<{ pages: number; text: string }> {
  const document = await getDocumentProxy(new Uint8Array(body));
  const { totalPages, text } = await extractText(document, { mergePages: true });
  return { pages: totalPages, text: text.replace(/\s+/g, ' ') };
}

describe('claim PDF export', async () => {
  const { app, database } = await createTestApp();
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

  it('records the export in the audit log', async () => {
    await call(manager, 'GET', `/api/vehicles/${claim.id}/pdf`);
    const entries = await db.select().from(auditLog).where(eq(auditLog.entityId, claim.id));
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
});
