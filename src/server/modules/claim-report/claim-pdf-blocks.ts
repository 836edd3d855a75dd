import { AUTHORIZATION_STATUS_LABELS, type Authorization } from '@shared/authorizations.js';
import {
  ESTIMATE_OPERATION_LABELS,
  ESTIMATE_STATUS_LABELS,
  estimateTaxLabel,
  supplementLabel,
  type Estimate,
} from '@shared/estimates.js';
import { formatCents } from '@shared/money.js';
import { STATUS_LABELS } from '@shared/workflows.js';
import type { ClaimReport, ReportPhoto } from './claim-report.service.js';

import {
  BAND,
  INK,
  MARGIN,
  MUTED,
  band,
  blockHeight,
  decimal,
  joined,
  keepTogether,
  pageFooter,
  subheading,
  table,
  totals,
  whenIn,
  type Doc,
  type When,
} from './pdf-layout.js';

/** The report's sections that have a shape of their own: header, estimates, authorizations, photos, footer. */

export function header(doc: Doc, report: ClaimReport) {
  const { claim } = report;
  band(doc, {
    kicker: 'FleetClaims · Claim report',
    title: claim.claimNumber,
    status: STATUS_LABELS[claim.status],
    lines: [
      `${claim.workflow === 'collision' ? 'Collision' : 'Mechanical'} workflow`,
      `Generated ${whenIn(report.timeZone)(report.generatedAt)}`,
    ],
  });
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

export function estimateBlock(doc: Doc, estimate: Estimate, when: When) {
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

export function authorizationBlock(doc: Doc, authorization: Authorization, when: When) {
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
export function photoGrid(doc: Doc, photos: ReportPhoto[], when: When) {
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

export function footer(doc: Doc, report: ClaimReport) {
  pageFooter(doc, `${report.claim.claimNumber} · Confidential`);
}
