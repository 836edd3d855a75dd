import PDFDocument from 'pdfkit';
import {
  REPORT_DATE_FIELD_LABELS,
  REPORT_RANGE_LABELS,
  type Report,
  type ReportFilter,
} from '@shared/reports.js';
import { formatDateTimeIn } from '@shared/time-zones.js';
import { STATUS_LABELS } from '@shared/workflows.js';
import { day, fields, INK, MARGIN, MUTED, section, type Doc } from '../claim-report/index.js';
import { cycleTimeSection, statusTimeSection, volumeSection } from './report-pdf-activity.js';
import { days, money } from './report-pdf-drawing.js';
import {
  authorizationsSection,
  costSection,
  scorecardSection,
  topVehiclesSection,
} from './report-pdf-spend.js';

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

  volumeSection(doc, report);
  cycleTimeSection(doc, report);
  statusTimeSection(doc, report);
  costSection(doc, report);
  topVehiclesSection(doc, report);
  authorizationsSection(doc, report);
  scorecardSection(doc, report);

  doc.end();
  return doc;
}
