import { asc, sql } from 'drizzle-orm';
import { dayIn } from '@shared/time-zones.js';
import type { Report, ReportFilter } from '@shared/reports.js';
import type { CompanyScope } from '../../actor.js';
import { perDatabase, type Database } from '../../db/client.js';
import { companies } from '../../db/schema/index.js';
import type { Doc } from '../claim-report/index.js';
import { companyTimeZone } from '../companies/index.js';
import { assertReportFilterVisible } from './report-filter-scope.js';
import { reportPdf } from './report-pdf.js';
import type { KeptAnswerDatabases } from './kept-answers.js';
import { buildReport, keptReport, reportFilterNames } from './reports.service.js';

/**
 * The report as a reader sees it: its days counted and its times printed in one time zone — the filter's
 * company's, else the reader's own company's (the first by name), else the server's DEFAULT_TIME_ZONE (an admin
 * over every company). The page, its PDF and the emailed subscriptions all go through here.
 */
export async function reportTimeZone(
  db: Database,
  scope: CompanyScope,
  filter: Pick<ReportFilter, 'companyId'>,
  defaultTimeZone: string,
): Promise<string> {
  if (filter.companyId) return companyTimeZone(db, filter.companyId);
  if (scope === 'all' || scope.length === 0) return defaultTimeZone;
  const [first] = await firstTimeZone(db).execute({ companyIds: scope });
  return first?.timeZone ?? defaultTimeZone;
}

/**
 * The time zone of the first of some companies by name: asked on every report request, so prepared once per database
 * (building the query each time was 4 % of the server's time serving a kept report: issue 30).
 */
const firstTimeZone = perDatabase((db) =>
  db
    .select({ timeZone: companies.timeZone })
    .from(companies)
    .where(sql`${companies.id} = any(${sql.placeholder('companyIds')}::uuid[])`)
    .orderBy(asc(companies.name), asc(companies.id))
    .limit(1)
    .prepare('report_first_time_zone'),
);

export interface ReportClock {
  /** The moment the report is made (injected by tests and by the subscription job). */
  now: Date;
  defaultTimeZone: string;
}

/** Where a report comes from: its kept answer (the page and its PDF), or computed now (the emailed ones). */
export interface ReportSource {
  keptIn?: KeptAnswerDatabases;
}

/** The report for `filter` within `scope`, its relative range resolved on the reader's calendar day. */
export async function reportAt(
  db: Database,
  scope: CompanyScope,
  filter: ReportFilter,
  clock: ReportClock,
  { keptIn }: ReportSource = {},
) {
  const { timeZone, today } = await reportDay(db, scope, filter, clock);
  const report = keptIn
    ? (JSON.parse(await keptReport(keptIn, scope, filter, { today })) as Report)
    : await buildReport(db, scope, filter, { today });
  return { report, timeZone };
}

/**
 * The reader's time zone and calendar day at `clock.now`, which a relative range is resolved on. Every report — the
 * page, its PDF, a subscription's delivery — starts here, so here its filter's ids are checked first (400 for one
 * the reader cannot see: `report-filter-scope.ts`).
 */
export async function reportDay(db: Database, scope: CompanyScope, filter: ReportFilter, clock: ReportClock) {
  await assertReportFilterVisible(db, scope, filter);
  const timeZone = await reportTimeZone(db, scope, filter, clock.defaultTimeZone);
  return { timeZone, today: dayIn(timeZone, clock.now) };
}

export const reportFileName = (report: Report) =>
  `fleetclaims-report-${report.meta.span.from}-to-${report.meta.span.to}.pdf`;

/** The report's PDF (a pdfkit stream) with the moment and zone it was made in printed on it. */
export async function reportDocument(
  db: Database,
  scope: CompanyScope,
  filter: ReportFilter,
  clock: ReportClock,
  source: ReportSource = {},
): Promise<{ report: Report; doc: Doc; fileName: string }> {
  const { report, timeZone } = await reportAt(db, scope, filter, clock, source);
  const names = await reportFilterNames(db, filter);
  const doc = reportPdf(report, filter, names, { timeZone, generatedAt: clock.now });
  return { report, doc, fileName: reportFileName(report) };
}
