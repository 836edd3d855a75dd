import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { Attachment } from '@shared/attachments.js';
import type { Note, StatusHistoryEntry } from '@shared/claims.js';
import {
  SHOP_ETA_REASON_MESSAGE,
  SHOP_LINK_ENDED_MESSAGE,
  SHOP_LINK_NEEDS_FACILITY_MESSAGE,
  SHOP_LINK_NOT_FOUND_MESSAGE,
  SHOP_LINK_OTHER_FACILITY_MESSAGE,
  SHOP_LINK_REVOKED_MESSAGE,
  SHOP_MOVE_REFUSED_MESSAGE,
  SHOP_UPLOAD_KIND_MESSAGE,
  type CreatedShopLink,
  type ShopClaim,
  type ShopLink,
} from '@shared/shop-links.js';
import { auditLog, claims, notifications, outsideLinks, repairFacilities } from '../../db/schema/index.js';
import { deliverDueMail, smtpSender } from '../../jobs/mail-outbox.js';
import { createLogger } from '../../logger.js';
import { createClaimVia, newClaimInput } from '../../test/claim-factories.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { multipartForm } from '../../test/multipart.js';
import { pdfText } from '../../test/pdf-text.js';
import { startTestSmtpServer } from '../../test/smtp.js';
import { createTestApp } from '../../test/test-app.js';

/**
 * A repair shop's link (issue 32): the shop updates its one claim without an account, through the paths everyone
 * uses, named "Shop: <facility> via link"; the link is 192 random bits kept as a SHA-256, reaches nothing else,
 * answers 410 once revoked or ended, and never reaches the log.
 */
describe('shop links', async () => {
  const lines: string[] = [];
  const logger = createLogger({ logLevel: 'info', logFormat: 'json' }, { write: (line) => lines.push(line) });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetclaims-shop-links-'));
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
  const managerUser = await buildUser(db, { role: 'manager', companyIds: [acme.id] });
  const manager = await loginAs(app, managerUser);
  const viewer = await loginAs(app, await buildUser(db, { role: 'viewer', companyIds: [acme.id] }));
  const outsider = await loginAs(app, await buildUser(db, { role: 'manager', companyIds: [zenith.id] }));
  const [eastside, northgate] = await db
    .insert(repairFacilities)
    .values([
      { name: 'Eastside Collision', kind: 'collision', email: 'desk@eastside.example' },
      { name: 'Northgate Auto', kind: 'both' },
    ])
    .returning();
  const call = (
    cookie: string | undefined,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const newClaim = () =>
    createClaimVia(
      app,
      manager,
      newClaimInput(acme.id, { repairFacilityId: eastside!.id, assigneeId: managerUser.id }),
    );
  const photo = async () =>
    multipartForm([
      { name: 'kind', value: 'photo' },
      {
        name: 'file',
        filename: 'bumper.jpg',
        type: 'image/jpeg',
        data: await sharp({ create: { width: 64, height: 48, channels: 3, background: '#b91c1c' } })
          .jpeg()
          .toBuffer(),
      },
    ]);

  /** Sends a shop link for `claimId` (mailed to `to` when given) and answers it with its token. */
  async function send(claimId: string, to?: string) {
    const response = await call(manager, 'POST', `/api/vehicles/${claimId}/shop-links`, to ? { to } : {});
    expect(response.statusCode, response.body).toBe(201);
    const link = response.json<CreatedShopLink>();
    const token = /\/shop\/([A-Za-z0-9_-]+)$/.exec(link.url)![1]!;
    return { link, token };
  }
  const view = async (token: string) => {
    const response = await call(undefined, 'GET', `/api/shop-links/${token}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ShopClaim>();
  };

  it('mails the shop a link of 192 random bits, kept only as its SHA-256', async () => {
    const claim = await newClaim();
    const { link, token } = await send(claim.id, 'desk@eastside.example');
    expect(link).toMatchObject({
      facilityName: 'Eastside Collision',
      sentTo: 'desk@eastside.example',
      revokedAt: null,
      updates: 0,
      lastUpdatedAt: null,
      url: `http://localhost:5000/shop/${token}`,
    });
    expect(Buffer.from(token, 'base64url')).toHaveLength(24);
    const [row] = await db.select().from(outsideLinks).where(eq(outsideLinks.id, link.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    await deliverDueMail(db, sender, {
      from: 'FleetClaims <no-reply@test>',
      logger: createLogger({ logLevel: 'silent' }),
    });
    const mail = smtp.received.find((received) => received.to.includes('desk@eastside.example'));
    expect(mail?.body).toContain(`Update claim ${claim.claimNumber} for Acme Rentals`);
    expect(mail?.body).toContain(link.url);

    const listed = await call(manager, 'GET', `/api/vehicles/${claim.id}/shop-links`);
    expect(listed.json<{ items: ShopLink[] }>().items.map((item) => item.id)).toEqual([link.id]);
    expect(listed.body).not.toContain(token);

    expect(await view(token)).toMatchObject({
      claimNumber: claim.claimNumber,
      companyName: 'Acme Rentals',
      facilityName: 'Eastside Collision',
      vehicle: `2022 Ford Transit 250 · Unit ${claim.vehicle.unitNumber}`,
      status: 'reported',
      moves: ['estimate_pending'],
      files: [],
      eta: null,
    });
  });

  it('is sent only by whoever edits the claim, to a claim with a repair facility', async () => {
    const claim = await newClaim();
    expect((await call(viewer, 'POST', `/api/vehicles/${claim.id}/shop-links`, {})).statusCode).toBe(403);
    expect((await call(outsider, 'POST', `/api/vehicles/${claim.id}/shop-links`, {})).statusCode).toBe(404);
    const bare = await createClaimVia(app, manager, newClaimInput(acme.id));
    const refused = await call(manager, 'POST', `/api/vehicles/${bare.id}/shop-links`, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: SHOP_LINK_NEEDS_FACILITY_MESSAGE });
  });

  it('moves the claim through the one move path, named as the shop, and its followers are told', async () => {
    const claim = await newClaim();
    const { link, token } = await send(claim.id);
    const before = await view(token);
    const refused = await call(undefined, 'POST', `/api/shop-links/${token}/moves`, {
      to: 'in_repair',
      version: before.version,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: SHOP_MOVE_REFUSED_MESSAGE });
    const stale = await call(undefined, 'POST', `/api/shop-links/${token}/moves`, {
      to: 'estimate_pending',
      version: before.version - 1,
    });
    expect(stale.statusCode).toBe(409);

    const moved = await call(undefined, 'POST', `/api/shop-links/${token}/moves`, {
      to: 'estimate_pending',
      note: 'Van is on our lot',
      version: before.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<ShopClaim>()).toMatchObject({
      status: 'estimate_pending',
      version: before.version + 1,
    });
    expect(moved.json<ShopClaim>().lastUpdatedAt).not.toBeNull();

    const history = (await call(manager, 'GET', `/api/vehicles/${claim.id}/history`)).json<
      StatusHistoryEntry[]
    >();
    expect(history.at(-1)).toMatchObject({
      toStatus: 'estimate_pending',
      actor: null,
      via: 'Shop: Eastside Collision via link',
      note: 'Van is on our lot',
    });
    const [audited] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'claim.moved'), eq(auditLog.entityId, claim.id)));
    expect(audited).toMatchObject({ actorId: null, outsideLinkId: link.id });
    const told = await db.select().from(notifications).where(eq(notifications.relatedVehicleId, claim.id));
    expect(told.map((row) => [row.userId, row.type])).toContainEqual([managerUser.id, 'status_change']);
    const listed = (await call(manager, 'GET', `/api/vehicles/${claim.id}/shop-links`)).json<{
      items: ShopLink[];
    }>();
    expect(listed.items[0]).toMatchObject({ updates: 1 });
  });

  it('sets the ETA through the claim edit, a later one only with a reason, told in a note', async () => {
    const claim = await newClaim();
    const { token } = await send(claim.id);
    const first = await call(undefined, 'PUT', `/api/shop-links/${token}/eta`, {
      eta: '2026-12-03',
      version: (await view(token)).version,
    });
    expect(first.statusCode, first.body).toBe(200);
    const later = { eta: '2026-12-05', version: first.json<ShopClaim>().version };
    const unexplained = await call(undefined, 'PUT', `/api/shop-links/${token}/eta`, later);
    expect(unexplained.statusCode).toBe(400);
    expect(unexplained.json()).toMatchObject({
      message: SHOP_ETA_REASON_MESSAGE,
      fieldErrors: { reason: [SHOP_ETA_REASON_MESSAGE] },
    });
    const slipped = await call(undefined, 'PUT', `/api/shop-links/${token}/eta`, {
      ...later,
      reason: 'Bumper back-ordered',
    });
    expect(slipped.statusCode, slipped.body).toBe(200);
    expect(slipped.json<ShopClaim>().eta).toBe('2026-12-05');

    const notes = (await call(manager, 'GET', `/api/vehicles/${claim.id}/notes`)).json<Note[]>();
    expect(notes.map((note) => [note.body, note.author, note.via])).toEqual([
      ['ETA set to Dec 3, 2026', null, 'Shop: Eastside Collision via link'],
      [
        'ETA moved from Dec 3, 2026 to Dec 5, 2026: Bumper back-ordered',
        null,
        'Shop: Eastside Collision via link',
      ],
    ]);
    const told = await db
      .select({ title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.userId, managerUser.id), eq(notifications.type, 'shop_update')));
    expect(told.map((row) => row.title)).toContain(
      `${claim.claimNumber}: ETA Dec 5, 2026 from Eastside Collision`,
    );
  });

  it('posts notes and files named as the shop, and reaches no other claim’s file', async () => {
    const claim = await newClaim();
    const other = await newClaim();
    const { token } = await send(claim.id);
    const noted = await call(undefined, 'POST', `/api/shop-links/${token}/notes`, {
      body: 'Frame is straight',
    });
    expect(noted.statusCode, noted.body).toBe(200);

    const form = await photo();
    const uploaded = await app.inject({
      method: 'POST',
      url: `/api/shop-links/${token}/files`,
      headers: form.headers,
      payload: form.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const [file] = uploaded.json<ShopClaim>().files;
    expect(file).toMatchObject({ fileName: 'bumper.jpg', kind: 'photo', fromShop: true, hasThumbnail: true });
    const attachments = (await call(manager, 'GET', `/api/vehicles/${claim.id}/attachments`)).json<{
      items: Attachment[];
    }>();
    expect(attachments.items[0]).toMatchObject({
      uploadedBy: null,
      via: 'Shop: Eastside Collision via link',
    });
    expect((await call(undefined, 'GET', `/api/shop-links/${token}/files/${file!.id}`)).statusCode).toBe(200);
    const thumbnail = await call(undefined, 'GET', `/api/shop-links/${token}/files/${file!.id}/thumbnail`);
    expect(thumbnail.headers['content-type']).toBe('image/webp');

    const otherForm = await photo();
    const otherUpload = await app.inject({
      method: 'POST',
      url: `/api/vehicles/${other.id}/attachments`,
      headers: { cookie: manager, ...otherForm.headers },
      payload: otherForm.payload,
    });
    const otherFile = otherUpload.json<Attachment>();
    expect((await call(undefined, 'GET', `/api/shop-links/${token}/files/${otherFile.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await call(undefined, 'GET', `/api/shop-links/${token}/files/${otherFile.id}/thumbnail`)).statusCode,
    ).toBe(404);

    // The fleet's own invoice is not the shop's to see; a file of a type a shop does not send is refused.
    const invoiceForm = multipartForm([
      { name: 'kind', value: 'invoice' },
      { name: 'file', filename: 'invoice.txt', type: 'text/plain', data: Buffer.from('Total due 1,240.00') },
    ]);
    const invoice = await app.inject({
      method: 'POST',
      url: `/api/vehicles/${claim.id}/attachments`,
      headers: { cookie: manager, ...invoiceForm.headers },
      payload: invoiceForm.payload,
    });
    expect(invoice.statusCode, invoice.body).toBe(201);
    const invoiceId = invoice.json<Attachment>().id;
    expect((await view(token)).files.map((item) => item.id)).not.toContain(invoiceId);
    expect((await call(undefined, 'GET', `/api/shop-links/${token}/files/${invoiceId}`)).statusCode).toBe(
      404,
    );
    const textForm = multipartForm([
      { name: 'file', filename: 'notes.txt', type: 'text/plain', data: Buffer.from('hello') },
    ]);
    const refused = await app.inject({
      method: 'POST',
      url: `/api/shop-links/${token}/files`,
      headers: textForm.headers,
      payload: textForm.payload,
    });
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toMatchObject({ message: SHOP_UPLOAD_KIND_MESSAGE });
    const unknown = await app.inject({
      method: 'POST',
      url: `/api/shop-links/${'B'.repeat(32)}/files`,
      headers: textForm.headers,
      payload: textForm.payload,
    });
    expect(unknown.statusCode).toBe(404);

    const notes = (await call(manager, 'GET', `/api/vehicles/${claim.id}/notes`)).json<Note[]>();
    expect(notes).toEqual([expect.objectContaining({ body: 'Frame is straight', author: null })]);
    // The claim's PDF (and so the insurer's pack) names the shop as the screens do.
    const pdf = await call(manager, 'GET', `/api/vehicles/${claim.id}/pdf`);
    const { text } = await pdfText(pdf.rawPayload);
    expect(text.replace(/\s+/g, ' ')).toContain('Shop: Eastside Collision via link');
  });

  it('answers 410 once revoked, once its claim ended days ago, or moved to another shop; 404 when unknown', async () => {
    const revokedClaim = await newClaim();
    const { link, token } = await send(revokedClaim.id);
    const revoked = await call(manager, 'DELETE', `/api/vehicles/${revokedClaim.id}/shop-links/${link.id}`);
    expect(revoked.json<ShopLink>().revokedAt).not.toBeNull();
    for (const [method, url] of [
      ['GET', `/api/shop-links/${token}`],
      ['POST', `/api/shop-links/${token}/notes`],
    ] as const) {
      const answer = await call(undefined, method, url, method === 'POST' ? { body: 'hello' } : undefined);
      expect(answer.statusCode).toBe(410);
      expect(answer.json()).toMatchObject({ message: SHOP_LINK_REVOKED_MESSAGE });
    }

    const ended = await newClaim();
    const endedLink = await send(ended.id);
    await db
      .update(claims)
      .set({ status: 'completed', statusChangedAt: sql`now() - interval '8 days'` })
      .where(eq(claims.id, ended.id));
    const expired = await call(undefined, 'GET', `/api/shop-links/${endedLink.token}`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ message: SHOP_LINK_ENDED_MESSAGE });

    const moved = await newClaim();
    const movedLink = await send(moved.id);
    await db.update(claims).set({ repairFacilityId: northgate!.id }).where(eq(claims.id, moved.id));
    const elsewhere = await call(undefined, 'GET', `/api/shop-links/${movedLink.token}`);
    expect(elsewhere.statusCode).toBe(410);
    expect(elsewhere.json()).toMatchObject({ message: SHOP_LINK_OTHER_FACILITY_MESSAGE });

    const unknown = await call(undefined, 'GET', `/api/shop-links/${'A'.repeat(32)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: SHOP_LINK_NOT_FOUND_MESSAGE });
  });

  it('shows the claim page when the shop last updated it, and the board flags a shop quiet for 3 days', async () => {
    const claim = await newClaim();
    const claimPage = async () =>
      (await call(manager, 'GET', `/api/vehicles/${claim.id}`)).json<{ shopUpdatedAt: string | null }>();
    expect((await claimPage()).shopUpdatedAt).toBeNull();
    const { link, token } = await send(claim.id);
    // Sent, never used: no update to show.
    expect((await claimPage()).shopUpdatedAt).toBeNull();
    const noted = await call(undefined, 'POST', `/api/shop-links/${token}/notes`, { body: 'On the lift' });
    expect((await claimPage()).shopUpdatedAt).toBe(noted.json<ShopClaim>().lastUpdatedAt);

    const card = async () => {
      const board = (await call(manager, 'GET', `/api/claim-board?workflow=collision&status=reported`)).json<{
        columns: { items: { id: string; shopQuietSince: string | null }[] }[];
      }>();
      return board.columns[0]!.items.find((item) => item.id === claim.id)!;
    };
    expect((await card()).shopQuietSince).toBeNull();
    await db
      .update(outsideLinks)
      .set({ lastUsedAt: sql`now() - interval '3 days 1 hour'` })
      .where(eq(outsideLinks.id, link.id));
    const quiet = (await card()).shopQuietSince;
    expect(quiet).not.toBeNull();
    expect((await claimPage()).shopUpdatedAt).toBe(quiet);
    await call(manager, 'DELETE', `/api/vehicles/${claim.id}/shop-links/${link.id}`);
    expect((await card()).shopQuietSince).toBeNull();
    expect((await claimPage()).shopUpdatedAt).toBeNull();
  });

  it('shows the shop’s last update on the Fleet Dashboard, its kept answer renewed by the shop’s note', async () => {
    const claim = await createClaimVia(
      app,
      manager,
      newClaimInput(acme.id, { repairFacilityId: eastside!.id, drivable: false }),
    );
    const downRow = async () => {
      const answer = await call(manager, 'GET', `/api/fleet-dashboard?companyId=${acme.id}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer
        .json<{ down: { items: { id: string; shopUpdatedAt: string | null }[] } }>()
        .down.items.find((item) => item.id === claim.id)!;
    };
    expect((await downRow()).shopUpdatedAt).toBeNull();
    const { token } = await send(claim.id);
    const noted = await call(undefined, 'POST', `/api/shop-links/${token}/notes`, {
      body: 'Waiting on parts',
    });
    expect((await downRow()).shopUpdatedAt).toBe(noted.json<ShopClaim>().lastUpdatedAt);
  });

  it('never writes a token to the log', async () => {
    const claim = await newClaim();
    const { token } = await send(claim.id);
    await view(token);
    expect(lines.join('\n')).toContain('/api/shop-links/[redacted]');
    expect(lines.join('\n')).not.toContain(token);
  });
});
