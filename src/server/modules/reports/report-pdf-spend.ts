import { formatCents } from '@shared/money.js';
import { AUTHORIZATION_KIND_LABELS, type Report } from '@shared/reports.js';
import { muted, section, type Column, type Doc } from '../claim-report/index.js';
import { barChart, days, money, rate, tableOrEmpty, tableTitle } from './report-pdf-drawing.js';

/** The report PDF's sections on money, vehicles, authorizations and facilities (report-pdf.ts). */

/** First estimate, approved and final amounts, by facility, company and location. */
export function costSection(doc: Doc, report: Report) {
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
}

/** The vehicles with the most claims and the highest spend. */
export function topVehiclesSection(doc: Doc, report: Report) {
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
}

/** Mechanical authorizations by decision. */
export function authorizationsSection(doc: Doc, report: Report) {
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
}

/** Each repair facility's on-time and comeback rates. */
export function scorecardSection(doc: Doc, report: Report) {
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
}
