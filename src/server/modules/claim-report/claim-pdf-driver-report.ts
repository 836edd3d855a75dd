import { asc, eq } from 'drizzle-orm';
import {
  DRIVER_REPORT_KIND_LABELS,
  DRIVER_REPORT_STATUS_LABELS,
  formatDriverReportReference,
} from '@shared/driver-reports.js';
import type { Database } from '../../db/client.js';
import { driverReports } from '../../db/schema/index.js';
import { day, fields, joined, paragraph, section, yesNo, type Doc, type When } from './pdf-layout.js';

/**
 * The drivers' reports a claim was opened from or attached to (issue 32), as the claim's PDF and the insurer's claim
 * pack print them: what happened, where and when, the driver, and the other party.
 */

export type ClaimDriverReport = typeof driverReports.$inferSelect;

/** The claim's drivers' reports, in the order they came in. */
export function claimDriverReports(db: Database, claimId: string): Promise<ClaimDriverReport[]> {
  return db
    .select()
    .from(driverReports)
    .where(eq(driverReports.claimId, claimId))
    .orderBy(asc(driverReports.createdAt), asc(driverReports.id));
}

export function driverReportBlock(doc: Doc, report: ClaimDriverReport, when: When) {
  section(doc, `Driver’s report ${formatDriverReportReference(report.number)}`);
  fields(doc, [
    ['What happened', DRIVER_REPORT_KIND_LABELS[report.kind]],
    ['When', joined(day(report.occurredOn), report.occurredTime)],
    ['Where', report.place],
    [
      'Location (GPS)',
      report.latitude !== null && report.longitude !== null
        ? `${report.latitude.toFixed(5)}, ${report.longitude.toFixed(5)}`
        : null,
    ],
    ['Drivable', yesNo(report.drivable)],
    ['Anyone hurt', yesNo(report.injuries)],
    ['Driver', joined(report.driverName, report.driverPhone, report.driverEmail)],
    ['Police report', report.policeReportNumber],
    ['Reported', when(report.createdAt.toISOString())],
    ['Handled', DRIVER_REPORT_STATUS_LABELS[report.status]],
  ]);
  fields(doc, [
    ['Other party', report.otherPartyName],
    ['Other party’s plate', report.otherPartyPlate],
    ['Other party’s insurer', report.otherPartyInsurer],
    ['Other party’s policy', report.otherPartyPolicy],
  ]);
  if (report.witnesses) paragraph(doc, 'Witnesses', report.witnesses);
  paragraph(doc, 'In the driver’s words', report.description);
}
