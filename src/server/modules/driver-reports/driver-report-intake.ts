import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { count, eq, sql } from 'drizzle-orm';
import {
  DRIVER_REPORT_ADDRESS_RATE_MESSAGE,
  DRIVER_REPORT_KIND_LABELS,
  DRIVER_REPORT_NOT_FOUND_MESSAGE,
  DRIVER_REPORT_PHOTO_HOURS,
  DRIVER_REPORT_PHOTO_ONLY_MESSAGE,
  DRIVER_REPORT_PHOTO_WINDOW_MESSAGE,
  DRIVER_REPORT_PHOTOS_FULL_MESSAGE,
  DRIVER_REPORT_PHOTOS_MAX,
  DRIVER_REPORT_VEHICLE_RATE_MESSAGE,
  DRIVER_REPORTS_PER_HOUR_PER_ADDRESS,
  DRIVER_REPORTS_PER_HOUR_PER_VEHICLE,
  formatDriverReportReference,
  type DriverReportValues,
  type SentDriverReport,
} from '@shared/driver-reports.js';
import { vehicleDescription } from '@shared/claim-vehicles.js';
import { AppError } from '@shared/errors.js';
import { visitorActor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { driverReportPhotos, driverReports, vehicleReportLinks } from '../../db/schema/index.js';
import type { Log } from '../../logger.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { removeStoredFiles } from '../../storage/remove-stored-files.js';
import { recordAudit } from '../audit/index.js';
import { hashToken } from '../auth/index.js';
import { addPhotoCopies, inspectUpload, makeThumbnail, type ReceivedUpload } from '../attachments/index.js';
import { decidersFor } from '../authorizations/index.js';
import { notify } from '../notifications/index.js';
import { enforceRateLimit } from '../rate-limit/index.js';

import { openReportLink } from './report-links.service.js';

/**
 * What a driver does through a vehicle's report link (issue 32), without an account: sees the vehicle's unit number
 * and make and model (nothing else of the fleet's), sends a report, then its photos one by one with the key the
 * report answered. The report lands in the triage list of the vehicle's company (`driver-reports.service.ts`).
 */

const HOUR_MS = 60 * 60 * 1000;
type ReportRow = typeof driverReports.$inferSelect;

/** What the form shows of the link's vehicle. */
export async function reportLinkVehicle(db: Database, token: string) {
  const { vehicle } = await openReportLink(db, token);
  return { unitNumber: vehicle.unitNumber, makeModel: vehicleDescription(vehicle) ?? '' };
}

/**
 * Takes a driver's report for the link's vehicle: counted against the vehicle's and the address's hourly limits
 * (429 past either, across every app process); the company's managers are told. Answers the reference and the key
 * the photos are sent with (shown only now; only its hash is kept).
 */
export async function sendDriverReport(
  db: Database,
  token: string,
  ip: string | null,
  form: DriverReportValues,
): Promise<SentDriverReport> {
  const { link, vehicle } = await openReportLink(db, token);
  // The address first: one over its own limit does not use up the vehicle's.
  if (ip) {
    await enforceRateLimit(db, {
      key: `driver-report:address:${ip}`,
      windowMs: HOUR_MS,
      limit: DRIVER_REPORTS_PER_HOUR_PER_ADDRESS,
      message: DRIVER_REPORT_ADDRESS_RATE_MESSAGE,
    });
  }
  await enforceRateLimit(db, {
    key: `driver-report:vehicle:${vehicle.id}`,
    windowMs: HOUR_MS,
    limit: DRIVER_REPORTS_PER_HOUR_PER_VEHICLE,
    message: DRIVER_REPORT_VEHICLE_RATE_MESSAGE,
  });
  const uploadKey = randomBytes(24).toString('base64url');
  const actor = visitorActor(ip);
  const report = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(driverReports)
      .values({
        ...form,
        companyId: vehicle.companyId,
        vehicleId: vehicle.id,
        linkId: link.id,
        uploadKeyHash: hashToken(uploadKey),
      })
      .returning();
    await tx
      .update(vehicleReportLinks)
      .set({ reports: sql`${vehicleReportLinks.reports} + 1` })
      .where(eq(vehicleReportLinks.id, link.id));
    const reference = formatDriverReportReference(row!.number);
    await recordAudit(tx, actor, {
      action: 'driver_report.received',
      entityType: 'driver_report',
      entityId: row!.id,
      after: { reference, vehicleId: vehicle.id, kind: row!.kind },
    });
    const deciders = await decidersFor(tx, vehicle.companyId);
    await notify(
      tx,
      actor,
      deciders.map((user) => user.id),
      {
        type: 'driver_report',
        title: `${reference}: ${DRIVER_REPORT_KIND_LABELS[row!.kind]} reported on unit ${vehicle.unitNumber}`,
        message: `${row!.driverName}${row!.injuries ? ' · someone was hurt' : ''}${row!.drivable ? '' : ' · not drivable'} · open Driver Reports to open a claim, attach or dismiss it.`,
      },
    );
    return row!;
  });
  return {
    reference: formatDriverReportReference(report.number),
    uploadKey,
    photosMax: DRIVER_REPORT_PHOTOS_MAX,
  };
}

/**
 * The report a photo is for, before the file is received: 404 for an unknown key, 410 once the report was
 * dismissed or its hours for photos are over, 409 when it is full.
 */
export async function openPhotoUpload(db: Database, uploadKey: string): Promise<ReportRow> {
  const [row] = await db
    .select({
      report: driverReports,
      photos: count(driverReportPhotos.id),
      late: sql<boolean>`${driverReports.createdAt} + make_interval(hours => ${DRIVER_REPORT_PHOTO_HOURS}) <= now()`,
    })
    .from(driverReports)
    .leftJoin(driverReportPhotos, eq(driverReportPhotos.reportId, driverReports.id))
    .where(eq(driverReports.uploadKeyHash, hashToken(uploadKey)))
    .groupBy(driverReports.id);
  if (!row) throw new AppError('not_found', DRIVER_REPORT_NOT_FOUND_MESSAGE);
  if (row.late || row.report.status === 'dismissed')
    throw new AppError('gone', DRIVER_REPORT_PHOTO_WINDOW_MESSAGE);
  if (row.photos >= DRIVER_REPORT_PHOTOS_MAX)
    throw new AppError('conflict', DRIVER_REPORT_PHOTOS_FULL_MESSAGE);
  return row.report;
}

/**
 * Keeps a photo of the report (any other type: 415), checked as every upload is, with its thumbnail. A report already
 * joined to a claim gives the claim a copy too. Answers how many photos the report has.
 */
export async function addDriverReportPhoto(
  db: Database,
  storage: FileStorage,
  report: ReportRow,
  upload: ReceivedUpload,
  log: Log,
): Promise<number> {
  const { contentType, fileName } = await inspectUpload(upload.path, upload.fileName);
  if (!contentType.startsWith('image/'))
    throw new AppError('unsupported_media_type', DRIVER_REPORT_PHOTO_ONLY_MESSAGE);
  const thumbnail = await makeThumbnail(upload.path, contentType);
  const id = randomUUID();
  const file = {
    fileName,
    contentType,
    sizeBytes: upload.sizeBytes,
    sha256: upload.sha256,
    width: thumbnail?.width ?? null,
    height: thumbnail?.height ?? null,
    storageKey: `driver-reports/${id}`,
    thumbnailKey: thumbnail ? `driver-reports/${id}.webp` : null,
  };
  try {
    await storage.put(file.storageKey, fs.createReadStream(upload.path));
    if (thumbnail && file.thumbnailKey) await storage.put(file.thumbnailKey, thumbnail.data);
    return await db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(driverReports)
        .where(eq(driverReports.id, report.id))
        .for('update');
      // Dismissed while the photo was on its way: it is not kept.
      if (locked!.status === 'dismissed') throw new AppError('gone', DRIVER_REPORT_PHOTO_WINDOW_MESSAGE);
      const [held] = await tx
        .select({ value: count() })
        .from(driverReportPhotos)
        .where(eq(driverReportPhotos.reportId, report.id));
      if ((held?.value ?? 0) >= DRIVER_REPORT_PHOTOS_MAX) {
        throw new AppError('conflict', DRIVER_REPORT_PHOTOS_FULL_MESSAGE);
      }
      await tx.insert(driverReportPhotos).values({ ...file, id, reportId: report.id });
      if (locked!.claimId)
        await addPhotoCopies(tx, storage, visitorActor(null), locked!.claimId, [file], log);
      return (held?.value ?? 0) + 1;
    });
  } catch (error) {
    await removeStoredFiles(storage, [file.storageKey, file.thumbnailKey], log);
    throw error;
  }
}
