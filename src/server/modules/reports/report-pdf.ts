import PDFDocument from 'pdfkit';
import { formatCents } from '@shared/money.js';
import {
  AUTHORIZATION_KIND_LABELS,
  REPORT_DATE_FIELD_LABELS,
  REPORT_RANGE_LABELS,
  type Report,
  type ReportFilter,
} from '@shared/reports.js';
import { formatDateTimeIn } from '@shared/time-zones.js';
import { STATUS_LABELS } from '@shared/workflows.js';
import {
  day,
  fields,
  INK,
  keepTogether,
  MARGIN,
  muted,
  MUTED,
  RULE,
  section,
  table,
  type Column,
  type Doc,
} from '../claim-report/index.js';

/**
 * The whole reports page as a PDF (issue 14), drawn on the server with pdfkit: the filters it was made with,
 * the headline figures, then every section as a vector bar chart and the table behind it. Written as a stream:
 * the response starts before the last page is drawn.
 */

export interface ReportFilterNames {
  company: string | null;
  location: string | null;
  facility: string | null;
}

const days = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)} d`);
const rate = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1)}%`);
const money = (cents: number | null) => (cents === null ? '—' : formatCents(cents));
const CHART_COLOURS = ['#2563eb', '#d97706', '#059669', '#7c3aed'];

/** A horizontal bar chart, drawn as vector rectangles, one row per item and one bar per series. */
function barChart(
  doc: Doc,
  title: string,
  items: { label: string; values: number[] }[],
  series: string[],
  format: (value: number) => string,
) {
  const shown = items.slice(0, 12);
  if (shown.length === 0) return;
  const barHeight = 7;
  const rowHeight = series.length * (barHeight + 1) + 6;
  const height = 26 + shown.length * rowHeight + 14;
  keepTogether(doc, height);
  const left = MARGIN + 120;
  const width = doc.page.width - MARGIN - left - 60;
  const max = Math.max(1, ...shown.flatMap((item) => item.values));
  let y = doc.y + 4;
  doc.font('Helvetica-Bold').fontSize(9).fillColor(INK).text(title, MARGIN, y);
  // The legend.
  let legendX = MARGIN + 240;
  series.forEach((name, index) => {
    doc.rect(legendX, y + 1, 7, 7).fill(CHART_COLOURS[index % CHART_COLOURS.length]!);
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(name, legendX + 10, y, { lineBreak: false });
    legendX += 14 + doc.widthOfString(name) + 12;
  });
  y += 16;
  doc
    .moveTo(left, y)
    .lineTo(left, y + shown.length * rowHeight)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  for (const item of shown) {
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(INK)
      .text(item.label, MARGIN, y + 2, { width: 115, height: rowHeight, ellipsis: true, lineBreak: false });
    item.values.forEach((value, index) => {
      const barY = y + index * (barHeight + 1);
      const barWidth = Math.max(value > 0 ? 1 : 0, (value / max) * width);
      if (barWidth > 0)
        doc.rect(left, barY, barWidth, barHeight).fill(CHART_COLOURS[index % CHART_COLOURS.length]!);
      doc
        .font('Helvetica')
        .fontSize(7)
        .fillColor(MUTED)
        .text(format(value), left + barWidth + 4, barY, { lineBreak: false });
    });
    y += rowHeight;
  }
  doc.x = MARGIN;
  doc.y = y + 8;
}

/** A heading over a table that has no chart of its own above it. */
function tableTitle(doc: Doc, title: string) {
  keepTogether(doc, 60);
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').fontSize(9).fillColor(INK).text(title, MARGIN);
  doc.moveDown(0.3);
}

function tableOrEmpty(doc: Doc, columns: Column[], rows: string[][]) {
  if (rows.length === 0) {
    muted(doc, 'No claims in this period match the filters.');
    return;
  }
  keepTogether(doc, Math.min(200, 24 + rows.length * 18));
  table(doc, columns, rows);
}

/** When and in which time zone the report was made (its days are that zone's). */
export interface ReportPrinting {
  timeZone: string;
  generatedAt: Date;
}

export function reportPdf(
  report: Report,
  filter: ReportFilter,
  names: ReportFilterNames,
  printing: ReportPrinting,
): Doc {
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: 'FleetClaims report', Author: 'FleetClaims' },
  });
  const { meta } = report;

  doc.font('Helvetica-Bold').fontSize(18).fillColor(INK).text('FleetClaims report');
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(
      `${REPORT_RANGE_LABELS[filter.range]}: ${day(meta.span.from)} – ${day(meta.span.to)}, generated ${formatDateTimeIn(printing.timeZone, printing.generatedAt)} (${printing.timeZone})`,
    );
  section(doc, 'Filters');
  fields(doc, [
    ['Period', `${day(meta.span.from)} – ${day(meta.span.to)}`],
    ['Date', REPORT_DATE_FIELD_LABELS[filter.dateField]],
    ['Company', names.company ?? 'All companies'],
    ['Location', names.location ?? 'All locations'],
    [
      'Workflow',
      filter.workflow ? filter.workflow[0]!.toUpperCase() + filter.workflow.slice(1) : 'Both workflows',
    ],
    ['Repair facility', names.facility ?? 'All facilities'],
    [
      'Status',
      filter.status?.length ? filter.status.map((status) => STATUS_LABELS[status]).join(', ') : 'Any status',
    ],
    [
      'Compared with',
      meta.previous ? `${day(meta.previousSpan.from)} – ${day(meta.previousSpan.to)}` : 'No comparison',
    ],
  ]);

  section(doc, 'Headline');
  const previous = meta.previous;
  fields(doc, [
    ['Claims', `${meta.headline.claims.count}${previous ? ` (previous ${previous.claims.count})` : ''}`],
    [
      'Completed',
      `${meta.headline.completed.count}${previous ? ` (previous ${previous.completed.count})` : ''}`,
    ],
    [
      'Median cycle time',
      `${days(meta.headline.medianCycleDays)}${previous ? ` (previous ${days(previous.medianCycleDays)})` : ''}`,
    ],
    [
      'Spend (final amounts)',
      `${money(meta.headline.spendCents)}${previous ? ` (previous ${money(previous.spendCents)})` : ''}`,
    ],
  ]);

  section(doc, 'Claim volume');
  barChart(
    doc,
    `Claims per ${report.volume.interval}`,
    report.volume.periods.map((row) => ({
      label: row.period,
      values: row.workflows.map((workflow) => workflow.count),
    })),
    report.volume.periods[0]?.workflows.map((row) => row.workflow) ?? [],
    String,
  );
  tableOrEmpty(
    doc,
    [
      { title: 'Period' },
      { title: 'Claims', align: 'right' },
      { title: 'Still open', align: 'right' },
      { title: 'Finished', align: 'right' },
    ],
    report.volume.periods.map((row) => [
      row.period,
      String(row.total.count),
      String(row.open.count),
      String(row.finished.count),
    ]),
  );

  section(doc, 'Cycle time and downtime');
  const cycle = report.cycleTime;
  barChart(
    doc,
    'Median and 90th percentile days by repair facility',
    cycle.facilities.map((row) => ({ label: row.name, values: [row.cycle.median ?? 0, row.cycle.p90 ?? 0] })),
    ['Median', 'P90'],
    (value) => `${value.toFixed(1)} d`,
  );
  const cycleColumns: Column[] = [
    { title: 'Facility / location', width: 150 },
    { title: 'Completed', align: 'right' },
    { title: 'Median', align: 'right' },
    { title: 'P90', align: 'right' },
    { title: 'Mean', align: 'right' },
    { title: 'Down median', align: 'right' },
    { title: 'Down P90', align: 'right' },
    { title: 'Down mean', align: 'right' },
  ];
  const cycleRow = (row: Report['cycleTime']['total']) => [
    row.name,
    String(row.claims.count),
    days(row.cycle.median),
    days(row.cycle.p90),
    days(row.cycle.mean),
    days(row.downtime.median),
    days(row.downtime.p90),
    days(row.downtime.mean),
  ];
  tableOrEmpty(
    doc,
    cycleColumns,
    cycle.total.claims.count ? [...cycle.facilities, ...cycle.locations, cycle.total].map(cycleRow) : [],
  );

  section(doc, 'Time in each status');
  const statusRows = report.statusTime.workflows.flatMap((workflow) =>
    workflow.statuses.map((status) => ({ workflow: workflow.workflow, ...status })),
  );
  barChart(
    doc,
    'Mean days in status',
    statusRows
      .filter((row) => row.claims.count > 0)
      .map((row) => ({
        label: `${row.workflow}: ${STATUS_LABELS[row.status]}`,
        values: [row.meanDays ?? 0],
      })),
    ['Mean days'],
    (value) => `${value.toFixed(1)} d`,
  );
  tableOrEmpty(
    doc,
    [
      { title: 'Workflow' },
      { title: 'Status', width: 160 },
      { title: 'Claims', align: 'right' },
      { title: 'Mean', align: 'right' },
      { title: 'Median', align: 'right' },
      { title: 'Total', align: 'right' },
    ],
    statusRows.some((row) => row.claims.count > 0)
      ? statusRows.map((row) => [
          row.workflow,
          STATUS_LABELS[row.status],
          String(row.claims.count),
          days(row.meanDays),
          days(row.medianDays),
          days(row.totalDays),
        ])
      : [],
  );

  section(doc, 'Cost');
  const cost = report.cost;
  barChart(
    doc,
    'First estimate, approved and final by repair facility',
    cost.facilities.map((row) => ({
      label: row.name,
      values: [row.estimateCents, row.approvedCents, row.finalCents],
    })),
    ['First estimate', 'Approved', 'Final'],
    (value) => formatCents(value),
  );
  const costRow = (row: Report['cost']['total']) => [
    row.name,
    String(row.claims.count),
    money(row.estimateCents),
    money(row.approvedCents),
    money(row.finalCents),
    rate(row.supplementRate),
    rate(row.estimateAccuracy),
    money(row.costPerVehicleCents),
  ];
  const costTable = (first: string, rows: readonly Report['cost']['total'][]) =>
    tableOrEmpty(
      doc,
      [
        { title: first, width: 150 },
        { title: 'Claims', align: 'right' },
        { title: 'First estimates', align: 'right' },
        { title: 'Approved', align: 'right' },
        { title: 'Final', align: 'right' },
        { title: 'Supplements', align: 'right' },
        { title: 'Final ÷ estimate', align: 'right' },
        { title: 'Per vehicle', align: 'right' },
      ],
      cost.total.claims.count ? rows.map(costRow) : [],
    );
  costTable('Repair facility', [...cost.facilities, cost.total]);
  for (const [by, rows] of [
    ['company', cost.companies],
    ['location', cost.locations],
  ] as const) {
    barChart(
      doc,
      `Spend by ${by}`,
      rows.map((row) => ({ label: row.name, values: [row.finalCents] })),
      ['Spend'],
      (value) => formatCents(value),
    );
    costTable(by === 'company' ? 'Company' : 'Location', rows);
  }

  section(doc, 'Top vehicles');
  barChart(
    doc,
    'Claims per vehicle',
    report.topVehicles.byClaims.map((row) => ({ label: row.unitNumber, values: [row.claims.count] })),
    ['Claims'],
    String,
  );
  const vehicleColumns: Column[] = [
    { title: 'Unit' },
    { title: 'Vehicle', width: 170 },
    { title: 'Company' },
    { title: 'Claims', align: 'right' },
    { title: 'Spend', align: 'right' },
  ];
  const vehicleRow = (row: Report['topVehicles']['byClaims'][number]) => [
    row.unitNumber,
    row.description,
    row.companyName,
    String(row.claims.count),
    money(row.spendCents),
  ];
  tableOrEmpty(doc, vehicleColumns, report.topVehicles.byClaims.map(vehicleRow));
  if (report.topVehicles.bySpend.length > 0) {
    tableTitle(doc, 'Vehicles with the highest spend');
    tableOrEmpty(doc, vehicleColumns, report.topVehicles.bySpend.map(vehicleRow));
  }

  section(doc, 'Mechanical authorizations');
  const authorizations = report.authorizations;
  const kinds = authorizations.kinds.filter((row) => row.requests > 0);
  barChart(
    doc,
    'Requested and approved by decision',
    kinds.map((row) => ({
      label: AUTHORIZATION_KIND_LABELS[row.kind],
      values: [row.requestedCents, row.approvedCents],
    })),
    ['Requested', 'Approved'],
    (value) => formatCents(value),
  );
  if (kinds.length) {
    muted(
      doc,
      `Median decision time: ${authorizations.medianDecisionHours === null ? '—' : `${authorizations.medianDecisionHours.toFixed(1)} h`}`,
    );
  }
  tableOrEmpty(
    doc,
    [
      { title: 'Decision' },
      { title: 'Requests', align: 'right' },
      { title: 'Claims', align: 'right' },
      { title: 'Requested', align: 'right' },
      { title: 'Approved', align: 'right' },
    ],
    kinds.map((row) => [
      AUTHORIZATION_KIND_LABELS[row.kind],
      String(row.requests),
      String(row.claims.count),
      money(row.requestedCents),
      money(row.approvedCents),
    ]),
  );

  section(doc, 'Repair facility scorecard');
  const scorecard = report.scorecard.facilities;
  barChart(
    doc,
    'On-time and comeback rates',
    scorecard.map((row) => ({
      label: row.name,
      values: [(row.onTimeRate ?? 0) * 100, (row.comebackRate ?? 0) * 100],
    })),
    ['On time', 'Comebacks'],
    (value) => `${value.toFixed(1)}%`,
  );
  tableOrEmpty(
    doc,
    [
      { title: 'Repair facility', width: 140 },
      { title: 'Handled', align: 'right' },
      { title: 'Median cycle', align: 'right' },
      { title: 'On time', align: 'right' },
      { title: 'Average cost', align: 'right' },
      { title: 'Supplements', align: 'right' },
      { title: 'Comebacks', align: 'right' },
    ],
    scorecard.map((row) => [
      row.name,
      String(row.handled.count),
      days(row.medianCycleDays),
      rate(row.onTimeRate),
      money(row.averageCostCents),
      rate(row.supplementRate),
      `${row.comebacks.count} (${rate(row.comebackRate)})`,
    ]),
  );

  doc.end();
  return doc;
}
