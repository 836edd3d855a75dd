import { and, asc, eq, sql } from 'drizzle-orm';
import { vehicleLine } from '@shared/claim-vehicles.js';
import { createClaimSchema } from '@shared/claim-edits.js';
import { formatClaimNumber } from '@shared/claims.js';
import {
  DRIVER_REPORT_HANDLED_MESSAGE,
  DRIVER_REPORT_KIND_LABELS,
  DRIVER_REPORT_NO_OPEN_CLAIM_MESSAGE,
  DRIVER_REPORT_NOT_FOUND_MESSAGE,
  formatDriverReportReference,
  workflowForReport,
} from '@shared/driver-reports.js';
import { AppError } from '@shared/errors.js';
import { actorScope, type UserActor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { claims, driverReportPhotos, driverReports } from '../../db/schema/index.js';
import type { Log } from '../../logger.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { addPhotoCopies } from '../attachments/index.js';
import { recordAudit } from '../audit/index.js';
import { claimFollowers, claimIsOpenSql, createClaim, loadClaimRow } from '../claims/index.js';
import { queueMail } from '../mail/index.js';
import { notify } from '../notifications/index.js';
import type { DriverReportRow } from './driver-reports.service.js';
import { loadDriverReport } from './driver-reports.service.js';

/**
 * What a manager does with a new driver's report (issue 32): opens a claim from it in one click, attaches it to the
 * vehicle's open claim, or dismisses it with a reason. The first to act wins (the row is locked; 409 after); the
 * report's photos become the claim's, and a driver who left an e-mail is told the claim's number.
 */

/** The new report `id` in the actor's scope, locked for the change: 404 unknown, 409 when already handled. */
async function lockNewReport(tx: Database, actor: UserActor, id: string): Promise<DriverReportRow> {
  const seen = await loadDriverReport(tx, actor, id);
  const [report] = await tx.select().from(driverReports).where(eq(driverReports.id, seen.id)).for('update');
  if (!report) throw new AppError('not_found', DRIVER_REPORT_NOT_FOUND_MESSAGE);
  if (report.status !== 'new') throw new AppError('conflict', DRIVER_REPORT_HANDLED_MESSAGE);
  return report;
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** The claim's description: what the driver wrote, then the report's facts a claim has no field for. */
function claimDescription(report: DriverReportRow): string {
  const otherParty = [
    report.otherPartyName,
    report.otherPartyPlate && `plate ${report.otherPartyPlate}`,
    report.otherPartyInsurer && `insured by ${report.otherPartyInsurer}`,
    report.otherPartyPolicy && `policy ${report.otherPartyPolicy}`,
  ].filter(Boolean);
  const facts = [
    `${DRIVER_REPORT_KIND_LABELS[report.kind]}, reported by the driver (${formatDriverReportReference(report.number)}).`,
    report.place && `Where: ${report.place}`,
    `Anyone hurt: ${yesNo(report.injuries)} · Drivable: ${yesNo(report.drivable)}`,
    otherParty.length ? `Other party: ${otherParty.join(', ')}` : null,
    report.policeReportNumber && `Police report: ${report.policeReportNumber}`,
    report.witnesses && `Witnesses: ${report.witnesses}`,
  ].filter(Boolean);
  return `${report.description}\n\n${facts.join('\n')}`;
}

async function photosOf(tx: Database, reportId: string) {
  return tx
    .select()
    .from(driverReportPhotos)
    .where(eq(driverReportPhotos.reportId, reportId))
    .orderBy(asc(driverReportPhotos.createdAt), asc(driverReportPhotos.id));
}

/** Marks the report handled with its claim, copies its photos there, and tells a driver who left an e-mail. */
async function joinClaim(
  tx: Database,
  storage: FileStorage,
  actor: UserActor,
  report: DriverReportRow,
  claim: { id: string; number: number; companyName: string; vehicle: string },
  status: 'claim_opened' | 'attached',
  log: Log,
) {
  await tx
    .update(driverReports)
    .set({ status, claimId: claim.id, handledById: actor.user.id, handledAt: sql`now()` })
    .where(eq(driverReports.id, report.id));
  await addPhotoCopies(tx, storage, actor, claim.id, await photosOf(tx, report.id), log);
  const reference = formatDriverReportReference(report.number);
  await recordAudit(tx, actor, {
    action: status === 'claim_opened' ? 'driver_report.claim_opened' : 'driver_report.attached',
    entityType: 'driver_report',
    entityId: report.id,
    after: { reference, claimId: claim.id },
  });
  if (report.driverEmail) {
    await queueMail(tx, {
      to: report.driverEmail,
      template: 'driver_report_claim',
      values: {
        companyName: claim.companyName,
        reference,
        claimNumber: formatClaimNumber(claim.number),
        vehicle: claim.vehicle,
      },
    });
  }
}

/** Opens a claim from the report, in the workflow its kind calls for, on its vehicle; answers the new claim. */
export async function openClaimFromReport(
  db: Database,
  storage: FileStorage,
  actor: UserActor,
  id: string,
  log: Log,
): Promise<{ id: string; claimNumber: string }> {
  return db.transaction(async (tx) => {
    const report = await lockNewReport(tx, actor, id);
    const values = createClaimSchema.safeParse({
      workflow: workflowForReport(report.kind),
      vehicleId: report.vehicleId,
      description: claimDescription(report),
      lossDate: report.occurredOn,
      reportedByName: report.driverName.slice(0, 120),
      reportedByPhone: report.driverPhone,
      drivable: report.drivable,
    });
    if (!values.success) throw new AppError('validation', values.error.issues[0]!.message);
    const row = await createClaim(tx, actor, values.data);
    await joinClaim(
      tx,
      storage,
      actor,
      report,
      { ...row.claim, companyName: row.companyName, vehicle: vehicleLine(row.vehicle) },
      'claim_opened',
      log,
    );
    return { id: row.claim.id, claimNumber: formatClaimNumber(row.claim.number) };
  });
}

/** Attaches the report to an open claim of its vehicle (400 for any other); the claim's followers are told. */
export async function attachDriverReport(
  db: Database,
  storage: FileStorage,
  actor: UserActor,
  id: string,
  claimId: string,
  log: Log,
): Promise<void> {
  await db.transaction(async (tx) => {
    const report = await lockNewReport(tx, actor, id);
    const [open] = await tx
      .select({ id: claims.id })
      .from(claims)
      .where(and(eq(claims.id, claimId), eq(claims.vehicleId, report.vehicleId), claimIsOpenSql));
    if (!open) {
      throw new AppError('validation', DRIVER_REPORT_NO_OPEN_CLAIM_MESSAGE, {
        fieldErrors: { claimId: [DRIVER_REPORT_NO_OPEN_CLAIM_MESSAGE] },
      });
    }
    const row = await loadClaimRow(tx, actorScope(actor), open.id);
    await joinClaim(
      tx,
      storage,
      actor,
      report,
      { ...row.claim, companyName: row.companyName, vehicle: vehicleLine(row.vehicle) },
      'attached',
      log,
    );
    const reference = formatDriverReportReference(report.number);
    await notify(tx, actor, await claimFollowers(tx, row.claim), {
      type: 'driver_report',
      title: `${reference} was attached to ${formatClaimNumber(row.claim.number)}`,
      message: `${DRIVER_REPORT_KIND_LABELS[report.kind]} reported by ${report.driverName} on unit ${row.vehicle.unitNumber}; its photos are on the claim.`,
      relatedVehicleId: row.claim.id,
    });
  });
}

/** Dismisses the report with the manager's reason. */
export async function dismissDriverReport(
  db: Database,
  actor: UserActor,
  id: string,
  reason: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const report = await lockNewReport(tx, actor, id);
    await tx
      .update(driverReports)
      .set({ status: 'dismissed', dismissReason: reason, handledById: actor.user.id, handledAt: sql`now()` })
      .where(eq(driverReports.id, report.id));
    await recordAudit(tx, actor, {
      action: 'driver_report.dismissed',
      entityType: 'driver_report',
      entityId: report.id,
      after: { reference: formatDriverReportReference(report.number), reason },
    });
  });
}
