import PDFDocument from 'pdfkit';
import { PRIORITY_LABELS } from '@shared/claims.js';
import { formatCents } from '@shared/money.js';
import { STATUS_LABELS } from '@shared/workflows.js';
import type { ClaimReport } from './claim-report.service.js';

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

type Doc = PDFKit.PDFDocument;

/** The claim as a printable report: header, vehicle, details, amounts, status history, notes. */
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
      ['When', 'Change', 'By', 'Note'],
      [120, 150, 100, '*'],
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

function section(doc: Doc, title: string) {
  keepTogether(doc, 60);
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

/** A table with a header row; `widths` in points or '*' for the rest. */
export function table(doc: Doc, head: string[], widths: (number | string)[], rows: string[][]) {
  doc.x = MARGIN;
  doc.font('Helvetica').fontSize(9).fillColor(INK);
  doc.table({
    columnStyles: widths.map((width) => ({ width })),
    defaultStyle: { border: { bottom: 0.5 }, borderColor: RULE, padding: [4, 4, 4, 4] },
    rowStyles: (row) => (row === 0 ? { backgroundColor: BAND } : undefined),
    data: [head.map((text) => ({ text, type: 'TH' as const, font: { src: 'Helvetica-Bold' } })), ...rows],
  });
  doc.x = MARGIN;
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
