import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { Attachment } from '@shared/attachments.js';
import type { Claim } from '@shared/claims.js';
import {
  DRIVER_REPORT_ADDRESS_RATE_MESSAGE,
  DRIVER_REPORT_HANDLED_MESSAGE,
  DRIVER_REPORT_NO_OPEN_CLAIM_MESSAGE,
  DRIVER_REPORT_PHOTO_ONLY_MESSAGE,
  DRIVER_REPORT_PHOTO_WINDOW_MESSAGE,
  DRIVER_REPORT_VEHICLE_RATE_MESSAGE,
  DRIVER_REPORTS_PER_HOUR_PER_ADDRESS,
  DRIVER_REPORTS_PER_HOUR_PER_VEHICLE,
  REPORT_LINK_NOT_FOUND_MESSAGE,
  REPORT_LINK_OFF_MESSAGE,
  REPORT_LINK_REVOKED_MESSAGE,
  REPORT_LINK_TURNED_OFF_MESSAGE,
  type DriverReport,
  type DriverReportForm,
  type DriverReportList,
  type ReportLink,
  type SentDriverReport,
} from '@shared/driver-reports.js';
import { driverReports, notifications, vehicleReportLinks } from '../../db/schema/index.js';
import { deliverDueMail, smtpSender } from '../../jobs/mail-outbox.js';
import { createLogger } from '../../logger.js';
import { createClaimVia, newClaimInput } from '../../test/claim-factories.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { multipartFile } from '../../test/multipart.js';
import { pdfText } from '../../test/pdf-text.js';
import { startTestSmtpServer } from '../../test/smtp.js';
import { createTestApp } from '../../test/test-app.js';

/**
 * A driver's report from the vehicle (issue 32): the vehicle's report link takes a report and its photos without an
 * account and reads nothing; the company's managers are told, and open a claim from it, attach it or dismiss it.
 */
describe('driver reports', async () => {
  const lines: string[] = [];
  const logger = createLogger({ logLevel: 'info', logFormat: 'json' }, { write: (line) => lines.push(line) });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetclaims-driver-reports-'));
  const { app, database } = await createTestApp({
    logger,
    env: { DATA_DIR: dataDir, SECRETS_KEY: 'ab'.repeat(32) },
  });
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
  const outsiderUser = await buildUser(db, { role: 'manager', companyIds: [zenith.id] });
  const outsider = await loginAs(app, outsiderUser);
  const call = (
    cookie: string | undefined,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
    remoteAddress = '203.0.113.1',
  ) =>
    app.inject({
      method,
      url,
      remoteAddress,
      headers: cookie ? { cookie } : {},
      ...(payload ? { payload } : {}),
    });
  const jpeg = () =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: '#1d4ed8' } })
      .jpeg()
      .toBuffer();
  const form = (overrides: Partial<DriverReportForm> = {}): DriverReportForm => ({
    kind: 'accident',
    occurredOn: '2026-11-20',
    occurredTime: '07:45',
    place: 'Depot gate, 12 Harbor Rd',
    latitude: 41.8781,
    longitude: -87.6298,
    drivable: true,
    injuries: false,
    otherPartyName: 'Jordan Lee',
    otherPartyPlate: 'KX-4410',
    otherPartyInsurer: 'Northwind Mutual',
    otherPartyPolicy: 'NW-99812',
    policeReportNumber: 'PR-2026-5531',
    witnesses: 'Sam at the gate',
    description: 'A car reversed into the rear door while I was unloading.',
    driverName: 'Dana Driver',
    driverPhone: '(555) 010-4477',
    driverEmail: 'dana.driver@example.com',
    ...overrides,
  });

  /** A claim (and so a vehicle) of Acme, and the vehicle's report link's token. */
  async function vehicleWithLink() {
    const claim = await createClaimVia(app, manager, newClaimInput(acme.id));
    const response = await call(manager, 'GET', `/api/fleet-vehicles/${claim.vehicle.id}/report-link`);
    expect(response.statusCode, response.body).toBe(200);
    const link = response.json<ReportLink>();
    const token = /\/report\/([A-Za-z0-9_-]+)$/.exec(link.url!)![1]!;
    return { claim, link, token };
  }
  async function sendReport(token: string, overrides: Partial<DriverReportForm> = {}, address?: string) {
    const response = await call(
      undefined,
      'POST',
      `/api/report-links/${token}/reports`,
      form(overrides),
      address,
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json<SentDriverReport>();
  }
  const sendPhoto = async (uploadKey: string, name = 'door.jpg', type = 'image/jpeg', data?: Buffer) => {
    const { payload, headers } = multipartFile('file', name, type, data ?? (await jpeg()));
    return app.inject({ method: 'POST', url: `/api/report-uploads/${uploadKey}/photos`, payload, headers });
  };
  const newReports = async (cookie = manager) =>
    (await call(cookie, 'GET', '/api/driver-reports?status=new')).json<DriverReportList>().items;
  const reportOf = async (reference: string) =>
    (await newReports()).find((item) => item.reference === reference)!;

  it('makes one report link per vehicle, of 192 random bits kept as a SHA-256, that shows only the unit and model', async () => {
    const { claim, link, token } = await vehicleWithLink();
    expect(Buffer.from(token, 'base64url')).toHaveLength(24);
    const again = await call(manager, 'GET', `/api/fleet-vehicles/${claim.vehicle.id}/report-link`);
    expect(again.json<ReportLink>().url).toBe(link.url);
    const rows = await db
      .select()
      .from(vehicleReportLinks)
      .where(eq(vehicleReportLinks.vehicleId, claim.vehicle.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows[0])).not.toContain(token);

    expect(
      (await call(viewer, 'GET', `/api/fleet-vehicles/${claim.vehicle.id}/report-link`)).statusCode,
    ).toBe(403);
    expect(
      (await call(outsider, 'GET', `/api/fleet-vehicles/${claim.vehicle.id}/report-link`)).statusCode,
    ).toBe(404);

    const shown = await call(undefined, 'GET', `/api/report-links/${token}`);
    expect(shown.json()).toEqual({
      unitNumber: claim.vehicle.unitNumber,
      makeModel: '2022 Ford Transit 250',
      maxBytes: expect.any(Number),
    });
    // The window tag prints the same link as its second code, asked for by who edits the claim; the public tag
    // never carries it (an old tag's claim id must not lead to a renewed link).
    const tagCode = (cookie: string | undefined) =>
      call(cookie, 'GET', `/api/vehicles/${claim.id}/window-tag/report-link`).then((r) => r.json());
    expect(await tagCode(manager)).toEqual({ url: link.url });
    for (const nobody of [undefined, viewer, outsider]) expect(await tagCode(nobody)).toEqual({ url: null });
    const tag = await call(undefined, 'GET', `/api/vehicles/${claim.id}/window-tag`);
    expect(tag.body).not.toContain(token);
    const unknown = await call(undefined, 'GET', '/api/report-links/not-a-real-token');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: REPORT_LINK_NOT_FOUND_MESSAGE });
  });

  it('takes a report and its photos, tells the managers, and reads nothing back', async () => {
    const { claim, token } = await vehicleWithLink();
    const sent = await sendReport(token);
    expect(sent.reference).toMatch(/^DR-\d{6}$/);
    expect((await sendPhoto(sent.uploadKey)).json()).toEqual({ photos: 1 });
    const pdf = await sendPhoto(
      sent.uploadKey,
      'estimate.pdf',
      'application/pdf',
      Buffer.from('%PDF-1.4\n%%EOF\n'),
    );
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json()).toMatchObject({ message: DRIVER_REPORT_PHOTO_ONLY_MESSAGE });
    expect((await sendPhoto('no-such-key')).statusCode).toBe(404);

    // Nothing of the fleet's is read through the link or the key.
    for (const url of [
      `/api/report-links/${token}/reports`,
      `/api/report-uploads/${sent.uploadKey}/photos`,
    ]) {
      expect([404, 405]).toContain((await call(undefined, 'GET', url)).statusCode);
    }
    const report = await reportOf(sent.reference);
    expect(report).toMatchObject({
      status: 'new',
      kind: 'accident',
      driverName: 'Dana Driver',
      otherPartyName: 'Jordan Lee',
      vehicle: { id: claim.vehicle.id, unitNumber: claim.vehicle.unitNumber },
      companyName: 'Acme Rentals',
      openClaims: [{ id: claim.id, claimNumber: claim.claimNumber }],
      claim: null,
    });
    expect(report.photos).toHaveLength(1);
    const photo = await call(
      manager,
      'GET',
      `/api/driver-reports/${report.id}/photos/${report.photos[0]!.id}`,
    );
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(
      (await call(outsider, 'GET', `/api/driver-reports/${report.id}/photos/${report.photos[0]!.id}`))
        .statusCode,
    ).toBe(404);
    expect(await newReports(outsider)).toEqual([]);
    expect((await call(viewer, 'GET', '/api/driver-reports')).statusCode).toBe(403);

    const told = await db.select().from(notifications).where(eq(notifications.userId, managerUser.id));
    expect(told.map((row) => [row.type, row.title])).toContainEqual([
      'driver_report',
      `${sent.reference}: Accident reported on unit ${claim.vehicle.unitNumber}`,
    ]);
    expect(
      (await db.select().from(notifications).where(eq(notifications.userId, outsiderUser.id))).length,
    ).toBe(0);
    // Neither the link's token nor the photo key reaches the log.
    expect(lines.join('\n')).not.toContain(token);
    expect(lines.join('\n')).not.toContain(sent.uploadKey);
  });

  it('opens a claim from a report in one click, with its photos, and e-mails the driver its number', async () => {
    const { claim, token } = await vehicleWithLink();
    const sent = await sendReport(token, { kind: 'breakdown', drivable: false });
    await sendPhoto(sent.uploadKey);
    const report = await reportOf(sent.reference);
    const opened = await call(manager, 'POST', `/api/driver-reports/${report.id}/claim`, {});
    expect(opened.statusCode, opened.body).toBe(201);
    const { id, claimNumber } = opened.json<{ id: string; claimNumber: string }>();
    const created = (await call(manager, 'GET', `/api/vehicles/${id}`)).json<Claim>();
    expect(created).toMatchObject({
      workflow: 'mechanical',
      lossDate: '2026-11-20',
      reportedByName: 'Dana Driver',
      reportedByPhone: '(555) 010-4477',
      drivable: false,
      vehicle: { id: claim.vehicle.id },
    });
    expect(created.description).toContain('A car reversed into the rear door');
    expect(created.description).toContain(
      'Other party: Jordan Lee, plate KX-4410, insured by Northwind Mutual, policy NW-99812',
    );
    const files = (await call(manager, 'GET', `/api/vehicles/${id}/attachments`)).json<{
      items: Attachment[];
    }>().items;
    expect(files.map((file) => [file.kind, file.fileName])).toEqual([['photo', 'door.jpg']]);

    // The claim's PDF (and so the insurer's claim pack) prints the driver's report and the other party.
    const pdf = await call(manager, 'GET', `/api/vehicles/${id}/pdf`);
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toContain(`Driver’s report ${sent.reference}`);
    expect(text).toContain('Jordan Lee');
    expect(text).toContain('Northwind Mutual');

    const twice = await call(manager, 'POST', `/api/driver-reports/${report.id}/claim`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ message: DRIVER_REPORT_HANDLED_MESSAGE });
    const handled = (
      await call(manager, 'GET', '/api/driver-reports?status=handled')
    ).json<DriverReportList>();
    expect(handled.items.find((item) => item.id === report.id)).toMatchObject({
      status: 'claim_opened',
      claim: { id, claimNumber },
      handledBy: expect.any(String),
    });
    // A photo the phone sends late goes to the claim too.
    expect((await sendPhoto(sent.uploadKey, 'late.jpg')).statusCode).toBe(201);
    const after = (await call(manager, 'GET', `/api/vehicles/${id}/attachments`)).json<{
      items: Attachment[];
    }>().items;
    expect(after.map((file) => file.fileName).sort()).toEqual(['door.jpg', 'late.jpg']);

    await deliverDueMail(db, sender, {
      from: 'FleetClaims <no-reply@test>',
      logger: createLogger({ logLevel: 'silent' }),
    });
    const mail = smtp.received.find((received) => received.to.includes('dana.driver@example.com'));
    expect(mail?.body).toContain(`Your report ${sent.reference} is claim ${claimNumber}`);
  });

  it('attaches a report to an open claim of its vehicle only, and dismisses one with a reason', async () => {
    const { claim, token } = await vehicleWithLink();
    const other = await createClaimVia(app, manager, newClaimInput(acme.id));
    const first = await reportOf((await sendReport(token, { driverEmail: null })).reference);
    const wrong = await call(manager, 'POST', `/api/driver-reports/${first.id}/attach`, {
      claimId: other.id,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: DRIVER_REPORT_NO_OPEN_CLAIM_MESSAGE });
    const attached = await call(manager, 'POST', `/api/driver-reports/${first.id}/attach`, {
      claimId: claim.id,
    });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json<DriverReport>()).toMatchObject({ status: 'attached', claim: { id: claim.id } });

    const second = await sendReport(token);
    const report = await reportOf(second.reference);
    const bare = await call(manager, 'POST', `/api/driver-reports/${report.id}/dismiss`, { reason: ' ' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ message: 'Say why it is dismissed' });
    const dismissed = await call(manager, 'POST', `/api/driver-reports/${report.id}/dismiss`, {
      reason: 'Duplicate of the morning report',
    });
    expect(dismissed.json<DriverReport>()).toMatchObject({
      status: 'dismissed',
      dismissReason: 'Duplicate of the morning report',
    });
    const late = await sendPhoto(second.uploadKey);
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ message: DRIVER_REPORT_PHOTO_WINDOW_MESSAGE });
    const [row] = await db.select().from(driverReports).where(eq(driverReports.id, report.id));
    expect(row!.handledById).toBe(managerUser.id);
  });

  it('limits reports per vehicle and per address in an hour, with a clear message', async () => {
    const { token } = await vehicleWithLink();
    for (let i = 0; i < DRIVER_REPORTS_PER_HOUR_PER_VEHICLE; i++)
      await sendReport(token, {}, `198.51.100.${i + 1}`);
    const refused = await call(
      undefined,
      'POST',
      `/api/report-links/${token}/reports`,
      form(),
      '198.51.100.99',
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: DRIVER_REPORT_VEHICLE_RATE_MESSAGE });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const address = '192.0.2.77';
    for (let i = 0; i < DRIVER_REPORTS_PER_HOUR_PER_ADDRESS; i++) {
      await sendReport((await vehicleWithLink()).token, {}, address);
    }
    const busy = await call(
      undefined,
      'POST',
      `/api/report-links/${(await vehicleWithLink()).token}/reports`,
      form(),
      address,
    );
    expect(busy.statusCode).toBe(429);
    expect(busy.json()).toMatchObject({ message: DRIVER_REPORT_ADDRESS_RATE_MESSAGE });
  });

  it('renews a link (the old one answers 410) and prints vehicle cards with the working one', async () => {
    const { claim, token } = await vehicleWithLink();
    const renewed = await call(manager, 'POST', `/api/fleet-vehicles/${claim.vehicle.id}/report-link`);
    expect(renewed.statusCode).toBe(201);
    const gone = await call(undefined, 'GET', `/api/report-links/${token}`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ message: REPORT_LINK_REVOKED_MESSAGE });
    const newToken = /\/report\/([A-Za-z0-9_-]+)$/.exec(renewed.json<ReportLink>().url!)![1]!;
    expect((await call(undefined, 'GET', `/api/report-links/${newToken}`)).statusCode).toBe(200);

    const card = await call(manager, 'GET', `/api/fleet-vehicles/${claim.vehicle.id}/card.pdf`);
    expect(card.headers['content-type']).toBe('application/pdf');
    const { text, pages } = await pdfText(card.rawPayload);
    expect(pages).toBe(1);
    expect(text).toContain(`Unit ${claim.vehicle.unitNumber}`);
    expect(text).toContain('Report damage or a breakdown');
    expect(text).toContain('Acme Rentals');
    expect((await call(outsider, 'GET', `/api/fleet-vehicles/${claim.vehicle.id}/card.pdf`)).statusCode).toBe(
      404,
    );

    expect(
      (await call(manager, 'DELETE', `/api/fleet-vehicles/${claim.vehicle.id}/report-link`)).statusCode,
    ).toBe(204);
    const turnedOff = await call(undefined, 'GET', `/api/report-links/${newToken}`);
    expect(turnedOff.statusCode).toBe(410);
    expect(turnedOff.json()).toMatchObject({ message: REPORT_LINK_TURNED_OFF_MESSAGE });
    // Turned off, it stays off: reading it, for a tag or a card, makes no new one until it is renewed.
    const off = await call(manager, 'GET', `/api/fleet-vehicles/${claim.vehicle.id}/report-link`);
    expect(off.json<ReportLink>()).toMatchObject({ active: false, url: null });
    const forTag = await call(manager, 'GET', `/api/vehicles/${claim.id}/window-tag/report-link`);
    expect(forTag.json()).toEqual({ url: null });
    const refused = await call(manager, 'GET', `/api/fleet-vehicles/${claim.vehicle.id}/card.pdf`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: REPORT_LINK_OFF_MESSAGE });
    const on = await call(manager, 'POST', `/api/fleet-vehicles/${claim.vehicle.id}/report-link`);
    expect(on.json<ReportLink>()).toMatchObject({ active: true, url: expect.stringContaining('/report/') });
  });
});
