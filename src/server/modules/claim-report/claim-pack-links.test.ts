import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CLAIM_PACK_EXPIRED_MESSAGE,
  CLAIM_PACK_NOT_FOUND_MESSAGE,
  CLAIM_PACK_REVOKED_MESSAGE,
  type ClaimPackLink,
} from '@shared/claim-pack.js';
import { auditLog, outsideLinks } from '../../db/schema/index.js';
import { deliverDueMail, smtpSender } from '../../jobs/mail-outbox.js';
import { createLogger } from '../../logger.js';
import { createClaimVia, newClaimInput } from '../../test/claim-factories.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { multipartFile } from '../../test/multipart.js';
import { startTestSmtpServer } from '../../test/smtp.js';
import { createTestApp } from '../../test/test-app.js';

/**
 * The claim pack sent to an adjuster (issue 32): a mailed link that downloads the pack without an account, of 192
 * random bits kept only as its SHA-256, reaching its one claim, answering 410 once revoked or expired, and never
 * written to the log.
 */
describe('claim pack links', async () => {
  const lines: string[] = [];
  const logger = createLogger({ logLevel: 'info', logFormat: 'json' }, { write: (line) => lines.push(line) });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetclaims-pack-links-'));
  const { app, database } = await createTestApp({ logger, env: { DATA_DIR: dataDir } });
  const db = database.db;
  const smtp = await startTestSmtpServer();
  const sender = smtpSender(smtp.url);
  afterAll(async () => {
    sender.close();
    await smtp.close();
  });
  const acme = await buildCompany(db, { name: 'Acme Rentals' });
  const zenith = await buildCompany(db, { name: 'Zenith Logistics' });
  const manager = await loginAs(app, await buildUser(db, { role: 'manager', companyIds: [acme.id] }));
  const viewer = await loginAs(app, await buildUser(db, { role: 'viewer', companyIds: [acme.id] }));
  const outsider = await loginAs(app, await buildUser(db, { role: 'manager', companyIds: [zenith.id] }));
  const call = (
    cookie: string | undefined,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) => app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

  const claim = await createClaimVia(
    app,
    manager,
    newClaimInput(acme.id, { insurer: 'Harbor Mutual', insurerClaimNumber: 'HM-90114' }),
  );
  const other = await createClaimVia(app, manager, newClaimInput(acme.id));
  const form = multipartFile(
    'file',
    'rear bumper.jpg',
    'image/jpeg',
    await sharp({ create: { width: 64, height: 48, channels: 3, background: '#1d4ed8' } })
      .jpeg()
      .toBuffer(),
  );
  const uploaded = await app.inject({
    method: 'POST',
    url: `/api/vehicles/${claim.id}/attachments`,
    headers: { cookie: manager, ...form.headers },
    payload: form.payload,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);

  /** Sends the pack of `claimId` to `to` and answers the link and the token the adjuster was mailed. */
  async function send(claimId: string, to: string) {
    const response = await call(manager, 'POST', `/api/vehicles/${claimId}/claim-pack/links`, { to });
    expect(response.statusCode, response.body).toBe(201);
    await deliverDueMail(db, sender, {
      from: 'FleetClaims <no-reply@test>',
      logger: createLogger({ logLevel: 'silent' }),
    });
    const mail = [...smtp.received].reverse().find((received) => received.to.includes(to));
    const token = mail && /http:\/\/localhost:5000\/claim-packs\/([A-Za-z0-9_-]+)/.exec(mail.body)?.[1];
    if (!token) throw new Error(`no claim pack link mailed to ${to}`);
    return { link: response.json<ClaimPackLink>(), token, mail: mail! };
  }

  it('mails the adjuster a link that downloads the pack without an account', async () => {
    const { link, token, mail } = await send(claim.id, 'adjuster@harbor.example');
    expect(link).toMatchObject({ sentTo: 'adjuster@harbor.example', revokedAt: null, downloads: 0 });
    const days = (Date.parse(link.expiresAt) - Date.parse(link.createdAt)) / 86_400_000;
    expect(days).toBe(30);
    expect(mail.body).toContain(`Claim pack for ${claim.claimNumber} from Acme Rentals`);
    expect(mail.body).toContain('HM-90114');
    // 192 random bits, and only their SHA-256 is kept.
    expect(Buffer.from(token, 'base64url')).toHaveLength(24);
    const [row] = await db.select().from(outsideLinks).where(eq(outsideLinks.id, link.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);

    const summary = await call(undefined, 'GET', `/api/claim-packs/${token}`);
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json()).toEqual({
      claimNumber: claim.claimNumber,
      companyName: 'Acme Rentals',
      vehicle: expect.stringContaining(`Unit ${claim.vehicle.unitNumber}`),
      files: 1,
      expiresAt: link.expiresAt,
    });
    const download = await call(undefined, 'GET', `/api/claim-packs/${token}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    const entries = Object.keys(unzipSync(new Uint8Array(download.rawPayload)));
    expect(entries).toHaveLength(2);
    expect(entries[0]).toBe(`${claim.claimNumber}/${claim.claimNumber} claim report.pdf`);
    expect(entries[1]).toMatch(new RegExp(`^${claim.claimNumber}/photos/01 .* rear bumper\\.jpg$`));

    const listed = (await call(viewer, 'GET', `/api/vehicles/${claim.id}/claim-pack/links`)).json();
    expect(listed.items[0]).toMatchObject({
      id: link.id,
      downloads: 1,
      lastDownloadedAt: expect.any(String),
    });
    const audit = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, claim.id))
      .orderBy(auditLog.id);
    expect(audit.map((entry) => entry.action)).toContain('claim.pack_sent');
  });

  it('answers 410 with a clear message once revoked or expired, and 404 for an unknown link', async () => {
    const { link, token } = await send(claim.id, 'revoked@harbor.example');
    const revoked = await call(manager, 'DELETE', `/api/vehicles/${claim.id}/claim-pack/links/${link.id}`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().revokedAt).toEqual(expect.any(String));
    for (const url of [`/api/claim-packs/${token}`, `/api/claim-packs/${token}/download`]) {
      const response = await call(undefined, 'GET', url);
      expect(response.statusCode).toBe(410);
      expect(response.json().message).toBe(CLAIM_PACK_REVOKED_MESSAGE);
    }

    const { link: older, token: olderToken } = await send(claim.id, 'expired@harbor.example');
    await db
      .update(outsideLinks)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(outsideLinks.id, older.id));
    const expired = await call(undefined, 'GET', `/api/claim-packs/${olderToken}/download`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(CLAIM_PACK_EXPIRED_MESSAGE);

    const unknown = await call(undefined, 'GET', `/api/claim-packs/${'x'.repeat(32)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(CLAIM_PACK_NOT_FOUND_MESSAGE);
  });

  it('reaches its own claim only', async () => {
    const { link, token } = await send(other.id, 'other@harbor.example');
    const download = await call(undefined, 'GET', `/api/claim-packs/${token}/download`);
    expect(Object.keys(unzipSync(new Uint8Array(download.rawPayload)))[0]).toBe(
      `${other.claimNumber}/${other.claimNumber} claim report.pdf`,
    );
    // Revoked through another claim's address: not found, and still working.
    const elsewhere = await call(manager, 'DELETE', `/api/vehicles/${claim.id}/claim-pack/links/${link.id}`);
    expect(elsewhere.statusCode).toBe(404);
    expect((await call(undefined, 'GET', `/api/claim-packs/${token}`)).statusCode).toBe(200);
  });

  it('lets managers send and revoke, not viewers (403) or another company (404), and checks the address', async () => {
    const url = `/api/vehicles/${claim.id}/claim-pack/links`;
    expect((await call(viewer, 'POST', url, { to: 'a@b.example' })).statusCode).toBe(403);
    const outside = await call(outsider, 'POST', url, { to: 'a@b.example' });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe('Claim not found');
    expect((await call(outsider, 'GET', url)).statusCode).toBe(404);
    const invalid = await call(manager, 'POST', url, { to: 'not an address' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fieldErrors).toEqual({ to: ['Please enter a valid email address'] });
  });

  it('keeps the token out of the log', async () => {
    const { token } = await send(claim.id, 'logged@harbor.example');
    lines.length = 0;
    await call(undefined, 'GET', `/api/claim-packs/${token}`);
    await call(undefined, 'GET', `/claim-packs/${token}`);
    const log = lines.join('');
    expect(log).toContain('"url":"/api/claim-packs/[redacted]"');
    expect(log).toContain('"url":"/claim-packs/[redacted]"');
    expect(log).not.toContain(token);
  });
});
