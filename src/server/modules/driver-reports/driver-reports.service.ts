import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { vehicleLine } from '@shared/claim-vehicles.js';
import { formatClaimNumber } from '@shared/claims.js';
import {
  DRIVER_REPORT_NOT_FOUND_MESSAGE,
  DRIVER_REPORTS_PAGE_SIZE,
  formatDriverReportReference,
  type DriverReport,
  type DriverReportList,
  type ListDriverReportsQuery,
} from '@shared/driver-reports.js';
import { AppError } from '@shared/errors.js';
import { actorScope, type Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { personName } from '../../db/person-name.js';
import {
  claims,
  companies,
  driverReportPhotos,
  driverReports,
  locations,
  users,
  vehicles,
} from '../../db/schema/index.js';
import { claimIsOpenSql } from '../claims/index.js';

/**
 * The managers' side of drivers' reports (issue 32): the triage list of the companies the actor sees, the count the
 * sidebar shows, and one report with its photos. What a manager does with one is in `driver-report-triage.ts`.
 */

export type DriverReportRow = typeof driverReports.$inferSelect;

/** The actor's companies' reports: every one for an admin. */
function inActorScope(actor: Actor): SQL | undefined {
  const scope = actorScope(actor);
  if (scope === 'all') return undefined;
  return scope.length ? inArray(driverReports.companyId, scope) : sql`false`;
}

/** The report `id` in the actor's scope (404 otherwise, as one that does not exist). */
export async function loadDriverReport(db: Database, actor: Actor, id: string): Promise<DriverReportRow> {
  const [row] = await db
    .select()
    .from(driverReports)
    .where(and(eq(driverReports.id, id), inActorScope(actor)));
  if (!row) throw new AppError('not_found', DRIVER_REPORT_NOT_FOUND_MESSAGE);
  return row;
}

/** How many new reports wait in the actor's companies (the sidebar's count). */
export async function countNewDriverReports(db: Database, actor: Actor): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(driverReports)
    .where(and(eq(driverReports.status, 'new'), inActorScope(actor)));
  return row?.value ?? 0;
}

/** New reports newest first, or handled ones by when they were handled; a page of `DRIVER_REPORTS_PAGE_SIZE`. */
export async function listDriverReports(
  db: Database,
  actor: Actor,
  query: Required<ListDriverReportsQuery>,
): Promise<DriverReportList> {
  const where = and(
    query.status === 'new' ? eq(driverReports.status, 'new') : ne(driverReports.status, 'new'),
    inActorScope(actor),
  );
  const page = Number(query.page);
  const [items, [total]] = await Promise.all([
    selectReports(db, where, {
      order:
        query.status === 'new'
          ? [desc(driverReports.createdAt), desc(driverReports.id)]
          : [desc(driverReports.handledAt), desc(driverReports.id)],
      offset: (page - 1) * DRIVER_REPORTS_PAGE_SIZE,
    }),
    db.select({ value: count() }).from(driverReports).where(where),
  ]);
  return { items, total: total?.value ?? 0, page, pageSize: DRIVER_REPORTS_PAGE_SIZE };
}

/** One report the actor can see, as the list shows it. */
export async function getDriverReport(db: Database, actor: Actor, id: string): Promise<DriverReport> {
  const [item] = await selectReports(db, and(eq(driverReports.id, id), inActorScope(actor)), {
    order: [],
    offset: 0,
  });
  if (!item) throw new AppError('not_found', DRIVER_REPORT_NOT_FOUND_MESSAGE);
  return item;
}

/** A page of reports with their vehicles, photos and claims: three statements, whatever the page's size. */
async function selectReports(
  db: Database,
  where: SQL | undefined,
  { order, offset }: { order: SQL[]; offset: number },
): Promise<DriverReport[]> {
  const rows = await db
    .select({
      report: driverReports,
      vehicle: vehicles,
      companyName: companies.name,
      locationName: locations.name,
      claimNumber: claims.number,
      handledBy: personName(users),
    })
    .from(driverReports)
    .innerJoin(vehicles, eq(vehicles.id, driverReports.vehicleId))
    .innerJoin(companies, eq(companies.id, driverReports.companyId))
    .leftJoin(locations, eq(locations.id, vehicles.locationId))
    .leftJoin(claims, eq(claims.id, driverReports.claimId))
    .leftJoin(users, eq(users.id, driverReports.handledById))
    .where(where)
    .orderBy(...order)
    .limit(DRIVER_REPORTS_PAGE_SIZE)
    .offset(offset);
  const ids = rows.map(({ report }) => report.id);
  const vehicleIds = [
    ...new Set(rows.filter(({ report }) => report.status === 'new').map(({ report }) => report.vehicleId)),
  ];
  const [photos, openClaims] = await Promise.all([
    ids.length
      ? db
          .select()
          .from(driverReportPhotos)
          .where(inArray(driverReportPhotos.reportId, ids))
          .orderBy(asc(driverReportPhotos.createdAt), asc(driverReportPhotos.id))
      : [],
    vehicleIds.length
      ? db
          .select({ id: claims.id, number: claims.number, vehicleId: claims.vehicleId })
          .from(claims)
          .where(and(inArray(claims.vehicleId, vehicleIds), claimIsOpenSql))
          .orderBy(desc(claims.number))
      : [],
  ]);
  return rows.map((row) => ({
    ...presentReport(row.report),
    vehicle: { id: row.vehicle.id, unitNumber: row.vehicle.unitNumber, line: vehicleLine(row.vehicle) },
    companyName: row.companyName,
    locationName: row.locationName,
    photos: photos
      .filter((photo) => photo.reportId === row.report.id)
      .map((photo) => ({
        id: photo.id,
        fileName: photo.fileName,
        hasThumbnail: photo.thumbnailKey !== null,
      })),
    openClaims:
      row.report.status === 'new'
        ? openClaims
            .filter((claim) => claim.vehicleId === row.report.vehicleId)
            .map((claim) => ({ id: claim.id, claimNumber: formatClaimNumber(claim.number) }))
        : [],
    claim:
      row.report.claimId && row.claimNumber !== null
        ? { id: row.report.claimId, claimNumber: formatClaimNumber(row.claimNumber) }
        : null,
    handledBy: row.report.handledById ? row.handledBy : null,
  }));
}

type Presented = Omit<
  DriverReport,
  'vehicle' | 'companyName' | 'locationName' | 'photos' | 'openClaims' | 'claim' | 'handledBy'
>;

function presentReport(report: DriverReportRow): Presented {
  return {
    id: report.id,
    reference: formatDriverReportReference(report.number),
    status: report.status,
    kind: report.kind,
    occurredOn: report.occurredOn,
    occurredTime: report.occurredTime,
    place: report.place,
    latitude: report.latitude,
    longitude: report.longitude,
    drivable: report.drivable,
    injuries: report.injuries,
    otherPartyName: report.otherPartyName,
    otherPartyPlate: report.otherPartyPlate,
    otherPartyInsurer: report.otherPartyInsurer,
    otherPartyPolicy: report.otherPartyPolicy,
    policeReportNumber: report.policeReportNumber,
    witnesses: report.witnesses,
    description: report.description,
    driverName: report.driverName,
    driverPhone: report.driverPhone,
    driverEmail: report.driverEmail,
    dismissReason: report.dismissReason,
    handledAt: report.handledAt?.toISOString() ?? null,
    createdAt: report.createdAt.toISOString(),
  };
}

/** A photo of a report the actor can see (404 for any other). */
export async function driverReportPhoto(db: Database, actor: Actor, reportId: string, photoId: string) {
  const report = await loadDriverReport(db, actor, reportId);
  const [photo] = await db
    .select()
    .from(driverReportPhotos)
    .where(and(eq(driverReportPhotos.id, photoId), eq(driverReportPhotos.reportId, report.id)));
  if (!photo) throw new AppError('not_found', 'Photo not found');
  return photo;
}
