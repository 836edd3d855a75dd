import PDFDocument from 'pdfkit';
import { ATTACHMENT_KIND_LABELS, formatFileSize } from '@shared/attachments.js';
import { AUTHORIZATION_STATUS_LABELS, type Authorization } from '@shared/authorizations.js';
import { PRIORITY_LABELS } from '@shared/claims.js';
import {
  ESTIMATE_OPERATION_LABELS,
  ESTIMATE_STATUS_LABELS,
  estimateTaxLabel,
  supplementLabel,
  type Estimate,
} from '@shared/estimates.js';
import { formatCents } from '@shared/money.js';
import { STATUS_LABELS } from '@shared/workflows.js';
import { REPORT_PHOTOS_MAX, type ClaimReport, type ReportPhoto } from './claim-report.service.js';

const INK = '#111827';
const MUTED = '#6b7280';
const RULE = '#d1d5db';
const BAND = '#f3f4f6';
const MARGIN = 50;

const dateTime = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});
const calendarDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

const when = (iso: string | null) => (iso ? `${dateTime.format(new Date(iso))} UTC` : null);
/** A YYYY-MM-DD calendar date, shown without shifting it through a time zone. */
const day = (date: string | null) => (date ? calendarDate.format(new Date(`${date}T00:00:00Z`)) : null);
const money = (cents: number | null) => (cents === null ? null : formatCents(cents));
const yesNo = (value: boolean | null) => (value === null ? null : value ? 'Yes' : 'No');
/** Quantities and hours as typed: 2, 1.5, 0.25. */
const decimal = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 3 });
const joined = (...parts: (string | null | undefined | false)[]) => parts.filter(Boolean).join(' · ');

type Doc = PDFKit.PDFDocument;

/**
 * The claim as a printable report: header, vehicle, details, amounts, status history, estimates with their
 * lines, authorizations, notes, photo thumbnails and the list of files.
 */
export function renderClaimPdf(report: ClaimReport): Promise<Buffer> {
  const { claim } = report;
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
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

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
        [entry.actor?.name ?? 'System', entry.impersonator ? `(by ${entry.impersonator.name})` : '']
          .filter(Boolean)
          .join(' '),
        entry.note ?? '',
      ]),
    );
  }

  const [firstEstimate] = report.estimates;
  section(doc, 'Estimates', firstEstimate && blockHeight(doc, firstEstimate.lines.length, 7));
  if (report.estimates.length === 0) muted(doc, 'No estimates yet.');
  for (const estimate of report.estimates) estimateBlock(doc, estimate);

  if (claim.workflow === 'mechanical' || report.authorizations.length > 0) {
    const [firstRequest] = report.authorizations;
    section(doc, 'Authorizations', firstRequest && blockHeight(doc, firstRequest.lines.length, 2));
    if (report.authorizations.length === 0) muted(doc, 'No authorization requests yet.');
    for (const authorization of report.authorizations) authorizationBlock(doc, authorization);
  }

  section(doc, 'Notes');
  if (report.notes.length === 0) muted(doc, 'No notes yet.');
  for (const note of report.notes) {
    keepTogether(doc, 40);
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor(INK)
      .text(note.author?.name ?? 'Former user', { continued: true })
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
    photoGrid(doc, report.photos);
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
        joined(when(file.createdAt), file.uploadedBy?.name),
      ]),
    );
  }

  footer(doc, report);
  doc.end();
  return done;
}

function header(doc: Doc, report: ClaimReport) {
  const { claim } = report;
  const width = doc.page.width - 2 * MARGIN;
  doc.rect(MARGIN, MARGIN, width, 70).fill(BAND);
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(9)
    .text('FLEETCLAIMS · CLAIM REPORT', MARGIN + 14, MARGIN + 12);
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(22)
    .text(claim.claimNumber, MARGIN + 14, MARGIN + 26);
  const workflow = claim.workflow === 'collision' ? 'Collision' : 'Mechanical';
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(STATUS_LABELS[claim.status], MARGIN, MARGIN + 16, { width: width - 14, align: 'right' });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(`${workflow} workflow`, MARGIN, MARGIN + 33, { width: width - 14, align: 'right' })
    .text(`Generated ${when(report.generatedAt)}`, MARGIN, MARGIN + 46, {
      width: width - 14,
      align: 'right',
    });
  doc.x = MARGIN;
  doc.y = MARGIN + 84;
  const vehicle = claim.vehicle;
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(
      `${vehicle.unitNumber} · ${[vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' ') || 'Vehicle'}`,
    );
  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(claim.companyName);
}

/** Moves to a new page when fewer than `height` points are left on this one. */
function keepTogether(doc: Doc, height: number) {
  if (doc.y + height > doc.page.height - MARGIN - 20) doc.addPage();
}

/** A section's title; it starts a new page unless `height` more points (its first block) fit on this one. */
function section(doc: Doc, title: string, height = 60) {
  keepTogether(doc, height + 30);
  doc.moveDown(1);
  doc.x = MARGIN;
  doc.font('Helvetica-Bold').fontSize(12).fillColor(INK).text(title);
  const y = doc.y + 2;
  doc
    .moveTo(MARGIN, y)
    .lineTo(doc.page.width - MARGIN, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  doc.y = y + 6;
}

/** Label/value pairs in two columns; empty values are left out. */
function fields(doc: Doc, pairs: [string, string | null][]) {
  const shown = pairs.filter((pair): pair is [string, string] => pair[1] !== null && pair[1] !== '');
  const columnWidth = (doc.page.width - 2 * MARGIN - 20) / 2;
  for (let i = 0; i < shown.length; i += 2) {
    keepTogether(doc, 28);
    const top = doc.y;
    let bottom = top;
    shown.slice(i, i + 2).forEach(([label, value], column) => {
      const x = MARGIN + column * (columnWidth + 20);
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor(MUTED)
        .text(label.toUpperCase(), x, top, { width: columnWidth });
      doc
        .font('Helvetica')
        .fontSize(10)
        .fillColor(INK)
        .text(value, x, doc.y + 1, { width: columnWidth });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = MARGIN;
    doc.y = bottom + 6;
  }
}

function paragraph(doc: Doc, label: string, text: string) {
  keepTogether(doc, 40);
  doc.x = MARGIN;
  doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(label.toUpperCase());
  doc.font('Helvetica').fontSize(10).fillColor(INK).text(text, { paragraphGap: 4 });
}

function muted(doc: Doc, text: string) {
  doc.x = MARGIN;
  doc.font('Helvetica-Oblique').fontSize(10).fillColor(MUTED).text(text);
}

interface Column {
  title: string;
  /** Points; the columns without one share what is left. */
  width?: number;
  align?: 'left' | 'right';
}

/** A table with a header row. */
function table(doc: Doc, columns: Column[], rows: string[][]) {
  doc.x = MARGIN;
  doc.font('Helvetica').fontSize(9).fillColor(INK);
  doc.table({
    columnStyles: columns.map(({ width, align }) => ({ width: width ?? '*', align: { x: align ?? 'left' } })),
    defaultStyle: { border: { bottom: 0.5 }, borderColor: RULE, padding: [4, 4, 4, 4] },
    rowStyles: (row) => (row === 0 ? { backgroundColor: BAND } : undefined),
    data: [
      columns.map(({ title }) => ({ text: title, type: 'TH' as const, font: { src: 'Helvetica-Bold' } })),
      ...rows,
    ],
  });
  doc.x = MARGIN;
}

/** About how tall a block of a heading, a table of `rows` and `totalRows` totals is, to keep it on one page. */
function blockHeight(doc: Doc, rows: number, totalRows: number) {
  const height = 60 + (rows + 1) * 20 + totalRows * 12 + 20;
  return Math.min(height, (doc.page.height - 2 * MARGIN) / 2);
}

/**
 * A bold title with a status on the right, then muted lines of who and when. It starts a new page unless
 * `height` points (the block it heads) fit on this one.
 */
function subheading(doc: Doc, title: string, status: string, details: string[], height: number) {
  keepTogether(doc, height);
  doc.moveDown(0.4);
  const top = doc.y;
  const width = doc.page.width - 2 * MARGIN;
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(INK)
    .text(title, MARGIN, top, { width: width - 120 });
  const bottom = doc.y;
  doc.text(status, MARGIN, top, { width, align: 'right' });
  doc.x = MARGIN;
  doc.y = bottom;
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  for (const line of details.filter(Boolean)) doc.text(line, { width });
  doc.fillColor(INK);
  doc.moveDown(0.3);
}

/** Label and amount pairs, right-aligned under a table; the last one (the total) in bold. */
function totals(doc: Doc, pairs: [string, number][]) {
  const width = 200;
  const x = doc.page.width - MARGIN - width;
  keepTogether(doc, pairs.length * 13 + 8);
  doc.moveDown(0.3);
  pairs.forEach(([label, cents], index) => {
    const last = index === pairs.length - 1;
    const top = doc.y;
    doc
      .font(last ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(9)
      .fillColor(last ? INK : MUTED)
      .text(label, x, top, { width: width - 90 });
    doc.fillColor(INK).text(formatCents(cents), x + width - 90, top, { width: 90, align: 'right' });
  });
  doc.x = MARGIN;
  doc.moveDown(0.6);
}

function estimateBlock(doc: Doc, estimate: Estimate) {
  const rate =
    estimate.laborRateCents === null
      ? null
      : `Labour at ${formatCents(estimate.laborRateCents)}/h${estimate.laborRateSource === 'facility' ? ' (facility rate)' : ''}`;
  const tax = estimate.taxRatePercent
    ? `Tax ${estimateTaxLabel(estimate.taxRatePercent, estimate.taxLabor)}`
    : null;
  const decided =
    estimate.decidedAt &&
    joined(
      `${ESTIMATE_STATUS_LABELS[estimate.status]} ${when(estimate.decidedAt)}`,
      estimate.decidedBy && `by ${estimate.decidedBy.name}`,
    ) + (estimate.decisionNote ? `: ${estimate.decisionNote}` : '');
  subheading(
    doc,
    `${supplementLabel(estimate.supplementNumber)} · ${estimate.number}`,
    ESTIMATE_STATUS_LABELS[estimate.status],
    [
      joined(
        `Entered ${when(estimate.createdAt)}`,
        estimate.createdBy && `by ${estimate.createdBy.name}`,
        rate,
        tax,
      ),
      decided || '',
      estimate.note ?? '',
    ],
    blockHeight(doc, estimate.lines.length, 7),
  );
  table(
    doc,
    [
      { title: 'Operation', width: 74 },
      { title: 'Description' },
      { title: 'Part no.', width: 86 },
      { title: 'Qty', width: 30, align: 'right' },
      { title: 'Unit price', width: 58, align: 'right' },
      { title: 'Hours', width: 44, align: 'right' },
      { title: 'Total', width: 60, align: 'right' },
    ],
    estimate.lines.map((line) => [
      ESTIMATE_OPERATION_LABELS[line.operation],
      line.description,
      line.partNumber ?? '',
      decimal(line.quantity),
      formatCents(line.unitPriceCents),
      line.laborHours ? decimal(line.laborHours) : '',
      formatCents(line.totalCents),
    ]),
  );
  totals(doc, [
    ['Parts', estimate.partsCents],
    ['Labour', estimate.laborCents],
    ['Paint & refinish', estimate.paintCents],
    ['Sublet and other', estimate.otherCents],
    ['Subtotal', estimate.subtotalCents],
    ['Tax', estimate.taxCents],
    [`Total (${supplementLabel(estimate.supplementNumber).toLowerCase()})`, estimate.totalCents],
  ]);
}

function authorizationBlock(doc: Doc, authorization: Authorization) {
  let decision = '';
  if (authorization.decidedAutomatically) {
    decision = `Approved automatically ${when(authorization.decidedAt)}, within the company's auto-approval limit`;
  } else if (authorization.decidedAt) {
    decision = joined(
      `${AUTHORIZATION_STATUS_LABELS[authorization.status]} ${when(authorization.decidedAt)}`,
      authorization.decidedBy && `by ${authorization.decidedBy.name}`,
    );
  }
  if (decision && authorization.decisionNote) decision += `: ${authorization.decisionNote}`;
  subheading(
    doc,
    `Request ${authorization.sequence} · ${formatCents(authorization.requestedAmountCents)} requested`,
    AUTHORIZATION_STATUS_LABELS[authorization.status],
    [
      joined(
        `Requested ${when(authorization.createdAt)}`,
        authorization.requestedBy && `by ${authorization.requestedBy.name}`,
      ),
      authorization.note ?? '',
      decision,
    ],
    blockHeight(doc, authorization.lines.length, 2),
  );
  table(
    doc,
    [{ title: 'Work' }, { title: 'Amount', width: 80, align: 'right' }, { title: 'Decision', width: 80 }],
    authorization.lines.map((line) => [
      line.description,
      formatCents(line.amountCents),
      line.approved === null ? 'Pending' : line.approved ? 'Approved' : 'Declined',
    ]),
  );
  totals(doc, [
    ['Requested', authorization.requestedAmountCents],
    ['Approved', authorization.approvedAmountCents ?? 0],
  ]);
}

/** Thumbnails three to a row, each with its file name and when it was uploaded. */
function photoGrid(doc: Doc, photos: ReportPhoto[]) {
  const gap = 12;
  const cellWidth = (doc.page.width - 2 * MARGIN - 2 * gap) / 3;
  const imageHeight = cellWidth * 0.75;
  const rowHeight = imageHeight + 34;
  for (let start = 0; start < photos.length; start += 3) {
    keepTogether(doc, rowHeight);
    const top = doc.y;
    photos.slice(start, start + 3).forEach((photo, column) => {
      const x = MARGIN + column * (cellWidth + gap);
      doc.rect(x, top, cellWidth, imageHeight).fill(BAND);
      doc.image(photo.jpeg, x, top, { fit: [cellWidth, imageHeight], align: 'center', valign: 'center' });
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor(INK)
        .text(photo.fileName, x, top + imageHeight + 4, {
          width: cellWidth,
          lineBreak: false,
          ellipsis: true,
        })
        .fillColor(MUTED)
        .text(when(photo.createdAt)!, x, doc.y + 1, { width: cellWidth, lineBreak: false });
    });
    doc.x = MARGIN;
    doc.y = top + rowHeight;
  }
}

function footer(doc: Doc, report: ClaimReport) {
  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index++) {
    doc.switchToPage(range.start + index);
    const y = doc.page.height - MARGIN + 14;
    // Writing inside the bottom margin must not start a new page.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(`${report.claim.claimNumber} · Confidential`, MARGIN, y, { lineBreak: false })
      .text(`Page ${index + 1} of ${range.count}`, MARGIN, y, {
        width: doc.page.width - 2 * MARGIN,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottomMargin;
  }
}
