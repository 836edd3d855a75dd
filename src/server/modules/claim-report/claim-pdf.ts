import PDFDocument from 'pdfkit';
import { ATTACHMENT_KIND_LABELS, formatFileSize } from '@shared/attachments.js';
import { actedByOrVia, PRIORITY_LABELS } from '@shared/claims.js';
import { STATUS_LABELS } from '@shared/workflows.js';
import { REPORT_PHOTOS_MAX, type ClaimReport } from './claim-report.service.js';

import { driverReportBlock } from './claim-pdf-driver-report.js';
import { authorizationBlock, estimateBlock, footer, header, photoGrid } from './claim-pdf-blocks.js';
import {
  INK,
  MARGIN,
  MUTED,
  blockHeight,
  day,
  fields,
  joined,
  keepTogether,
  money,
  muted,
  paragraph,
  pdfBuffer,
  section,
  table,
  whenIn,
  yesNo,
} from './pdf-layout.js';

/**
 * The claim as a printable report: header, vehicle, details, amounts, status history, estimates with their
 * lines, authorizations, notes, photo thumbnails and the list of files.
 */
export function renderClaimPdf(report: ClaimReport): Promise<Buffer> {
  const { claim } = report;
  const when = whenIn(report.timeZone);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: `${claim.claimNumber} — claim report`,
      Author: 'FleetClaims',
      Subject: `${claim.vehicle.unitNumber} · ${claim.companyName}`,
    },
  });
  const done = pdfBuffer(doc);

  header(doc, report);
  const vehicle = claim.vehicle;
  section(doc, 'Vehicle');
  fields(doc, [
    ['Unit number', vehicle.unitNumber],
    ['VIN', vehicle.vin],
    ['Vehicle', [vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' ') || null],
    ['Plate', [vehicle.plate, vehicle.plateState].filter(Boolean).join(' · ') || null],
    ['Colour', vehicle.color],
    ['Odometer at intake', claim.odometerAtIntake?.toLocaleString('en-US') ?? null],
  ]);

  section(doc, 'Claim');
  fields(doc, [
    ['Company', claim.companyName],
    ['Location', claim.locationName],
    ['Repair facility', claim.facilityName],
    ['Assignee', claim.assignee?.name ?? null],
    ['Priority', PRIORITY_LABELS[claim.priority]],
    ['Date of loss', day(claim.lossDate)],
    ['Reported by', [claim.reportedByName, claim.reportedByPhone].filter(Boolean).join(' · ') || null],
    ['Drivable', yesNo(claim.drivable)],
    ['Tow required', yesNo(claim.towRequired)],
    ['Rental needed', yesNo(claim.rentalNeeded)],
    ['Drop-off', day(claim.dropOffDate)],
    ['Estimated completion', day(claim.eta)],
    ['Completed', when(claim.completedAt)],
    ['Closed', when(claim.closedAt)],
    ['Downtime', `${claim.downtimeDays} ${claim.downtimeDays === 1 ? 'day' : 'days'}`],
  ]);
  paragraph(doc, 'Description', claim.description);

  for (const driverReport of report.driverReports) driverReportBlock(doc, driverReport, when);

  section(doc, 'Insurance and amounts');
  fields(doc, [
    ['Insurer', claim.insurer],
    ['Insurer claim number', claim.insurerClaimNumber],
    ['Policy number', claim.policyNumber],
    [
      'Adjuster',
      [claim.adjusterName, claim.adjusterPhone, claim.adjusterEmail].filter(Boolean).join(' · ') || null,
    ],
    ['Deductible', money(claim.deductibleCents)],
    ['Estimate', money(claim.estimateAmountCents)],
    ['Approved', money(claim.approvedAmountCents)],
    ['Final', money(claim.finalAmountCents)],
  ]);

  section(doc, 'Status history');
  if (report.history.length === 0) {
    muted(doc, 'No status changes yet.');
  } else {
    table(
      doc,
      [
        { title: 'When', width: 120 },
        { title: 'Change', width: 150 },
        { title: 'By', width: 100 },
        { title: 'Note' },
      ],
      report.history.map((entry) => [
        when(entry.createdAt)!,
        entry.fromStatus
          ? `${STATUS_LABELS[entry.fromStatus]} to ${STATUS_LABELS[entry.toStatus]}`
          : `Opened as ${STATUS_LABELS[entry.toStatus]}`,
        actedByOrVia(entry.actor, entry.impersonator, entry.via, 'System'),
        entry.note ?? '',
      ]),
    );
  }

  const [firstEstimate] = report.estimates;
  section(doc, 'Estimates', firstEstimate && blockHeight(doc, firstEstimate.lines.length, 7));
  if (report.estimates.length === 0) muted(doc, 'No estimates yet.');
  for (const estimate of report.estimates) estimateBlock(doc, estimate, when);

  if (claim.workflow === 'mechanical' || report.authorizations.length > 0) {
    const [firstRequest] = report.authorizations;
    section(doc, 'Authorizations', firstRequest && blockHeight(doc, firstRequest.lines.length, 2));
    if (report.authorizations.length === 0) muted(doc, 'No authorization requests yet.');
    for (const authorization of report.authorizations) authorizationBlock(doc, authorization, when);
  }

  section(doc, 'Notes');
  if (report.notes.length === 0) muted(doc, 'No notes yet.');
  for (const note of report.notes) {
    keepTogether(doc, 40);
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor(INK)
      .text(note.author?.name ?? note.via ?? 'Former user', { continued: true })
      .font('Helvetica')
      .fillColor(MUTED)
      .text(`  ${when(note.createdAt)}`);
    doc.font('Helvetica').fontSize(10).fillColor(INK).text(note.body, { paragraphGap: 8 });
  }

  const photoCount = report.files.filter((file) => file.kind === 'photo').length;
  if (photoCount > 0) {
    section(doc, 'Photos');
    if (photoCount > report.photos.length) {
      muted(
        doc,
        report.photos.length === REPORT_PHOTOS_MAX
          ? `The newest ${report.photos.length} of ${photoCount} photos; all of them are on the claim page.`
          : `${report.photos.length} of ${photoCount} photos have a preview; all of them are on the claim page.`,
      );
      doc.moveDown(0.5);
    }
    photoGrid(doc, report.photos, when);
  }

  section(doc, 'Files');
  if (report.files.length === 0) {
    muted(doc, 'No files yet.');
  } else {
    table(
      doc,
      [
        { title: 'Name' },
        { title: 'Kind', width: 60 },
        { title: 'Size', width: 55, align: 'right' },
        { title: 'Uploaded', width: 190 },
      ],
      report.files.map((file) => [
        file.fileName,
        ATTACHMENT_KIND_LABELS[file.kind],
        formatFileSize(file.sizeBytes),
        joined(when(file.createdAt), file.uploadedBy?.name ?? file.via ?? undefined),
      ]),
    );
  }

  footer(doc, report);
  doc.end();
  return done;
}
