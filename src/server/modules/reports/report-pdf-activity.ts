import type { Report } from '@shared/reports.js';
import { STATUS_LABELS } from '@shared/workflows.js';
import { section, type Column, type Doc } from '../claim-report/index.js';
import { barChart, days, tableOrEmpty } from './report-pdf-drawing.js';

/** The report PDF's sections on how many claims came and how long they took (report-pdf.ts). */

/** Claims per period, by workflow. */
export function volumeSection(doc: Doc, report: Report) {
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
}

/** Cycle time and downtime by facility and location. */
export function cycleTimeSection(doc: Doc, report: Report) {
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
}

/** Days spent in each status of each workflow. */
export function statusTimeSection(doc: Doc, report: Report) {
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
}
