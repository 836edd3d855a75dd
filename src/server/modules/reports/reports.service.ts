import { sql } from 'drizzle-orm';
import {
  daysIn,
  previousSpan,
  reportClaimFilter,
  reportSchema,
  resolveRange,
  WEEKLY_UP_TO_DAYS,
  type Report,
  type ReportFilter,
} from '@shared/reports.js';
import type { CompanyScope } from '../../actor.js';
import { queryRows, type Database } from '../../db/client.js';
import { authorizations } from './report-authorizations.js';
import { reportFigures, reportHeadline } from './report-claim-figures.js';
import { assertReportFilterVisible } from './report-filter-scope.js';
import {
  keptAnswer,
  shapeOf,
  type AnswerJson,
  type Compute,
  type KeptAnswerDatabases,
} from './kept-answers.js';
import { figureClock, momentOf, type ReportContext } from './report-sql.js';
import { inReportTransaction, sideBySide } from './report-transaction.js';
import { statusTime } from './report-status-time.js';
import { topVehicles } from './report-top-vehicles.js';
import { volume } from './report-volume.js';

/**
 * The reports (issue 14), computed on request from the claims and the figures kept on each claim by triggers
 * (decision 025). Every figure carries the All Claims filter of the claims it counts: the report's own filter
 * (src/shared/reports.ts `reportClaimFilter`) plus the figure's group, so the list it links to and the figure
 * come from the same SQL (`claimFilterConditions`).
 */

async function today(db: Database): Promise<string> {
  const [row] = await queryRows<{ today: string }>(db, sql`select current_date::text as today`);
  return row!.today;
}

/**
 * The whole report for `filter` within `scope` (admins: 'all'; others: their companies). `today` is the
 * reader's calendar day (their company's time zone, `report-document.ts`); without it, the database's.
 */
export async function buildReport(
  db: Database,
  scope: CompanyScope,
  filter: ReportFilter,
  options: { today?: string } = {},
): Promise<Report> {
  await assertReportFilterVisible(db, scope, filter);
  return inReportTransaction(db, async (tx) =>
    reportIn(tx, scope, filter, { ...options, asOf: await momentOf(tx) }),
  );
}

/**
 * The report as kept (decision 035), as JSON text: the same answer as `buildReport`'s at the moment it is as of,
 * reused while nothing it counts has changed. The page and its PDF read this one.
 */
export function keptReport(
  databases: KeptAnswerDatabases,
  scope: CompanyScope,
  filter: ReportFilter,
  { today }: { today: string },
): Promise<AnswerJson<Report>> {
  // The filter was checked by `reportDay` (report-document.ts), which gave `today`.
  // Custom periods are unbounded in number: only the latest few per scope are kept (decision 035, issue 28).
  const bounded = filter.range === 'custom' ? 'report:custom' : undefined;
  return keptAnswer(
    databases,
    { question: reportQuestion(filter, today), scope, bounded },
    computeReport(scope, filter, today),
  );
}

/** How a report's kept answer is computed: for a reader (`keptReport`) and ahead of readers (the refresh job). */
export const computeReport =
  (scope: CompanyScope, filter: ReportFilter, today: string): Compute<Report> =>
  async (tx, asOf) =>
    reportSchema.parse(await reportIn(tx, scope, filter, { today, asOf }));

export const reportShape = shapeOf(reportSchema);
/** What a report's kept answer answers: the filter on the reader's day, in the answer's current shape. */
export const reportQuestion = (filter: ReportFilter, today: string) => ({
  kind: 'report',
  shape: reportShape(),
  filter,
  today,
});

/** The report counted at `asOf` (ISO), in the report transaction `db`. */
export async function reportIn(
  db: Database,
  scope: CompanyScope,
  filter: ReportFilter,
  options: { today?: string; asOf: string },
): Promise<Report> {
  const day = options.today ?? (await today(db));
  const span = resolveRange(filter, day);
  const previous = previousSpan(span);
  const interval = daysIn(span) <= WEEKLY_UP_TO_DAYS ? 'week' : 'month';
  const context: ReportContext = {
    db,
    scope,
    base: reportClaimFilter(filter, span),
    clock: figureClock(options.asOf),
  };
  // The longest sections first: with a second connection, the figures and the time in status run at once.
  const on = (db: Database): ReportContext => ({ ...context, db });
  const [figures, statusTimes, volumes, vehicles, authorized, previousHeadline] = await sideBySide(db, [
    (side) => reportFigures(on(side)),
    (side) => statusTime(on(side), filter),
    (side) => volume(on(side), filter, span, interval),
    (side) => topVehicles(on(side)),
    (side) => authorizations(on(side)),
    async (side) =>
      filter.compare ? reportHeadline({ ...on(side), base: reportClaimFilter(filter, previous) }) : null,
  ] as const);
  return {
    meta: {
      today: day,
      asOf: options.asOf,
      span,
      previousSpan: previous,
      interval,
      headline: figures.headline,
      previous: previousHeadline,
    },
    volume: volumes,
    cycleTime: figures.cycleTime,
    statusTime: statusTimes,
    cost: figures.cost,
    topVehicles: vehicles,
    authorizations: authorized,
    scorecard: figures.scorecard,
  };
}

type FilterNames = { company: string | null; location: string | null; facility: string | null };

/** The names of the company, location and facility a filter names, to print them. */
export async function reportFilterNames(db: Database, filter: ReportFilter): Promise<FilterNames> {
  const [names] = await reportFilterNamesOf(db, [filter]);
  return names!;
}

/**
 * The names of the company, location and facility each filter names, in the filters' order: one query per kind
 * of name for all the filters together (a list of subscriptions is not a query per row).
 */
export async function reportFilterNamesOf(db: Database, filters: ReportFilter[]): Promise<FilterNames[]> {
  const namesIn = async (table: string, ids: (string | undefined)[]) => {
    const wanted = [...new Set(ids.filter((id) => id !== undefined))];
    if (wanted.length === 0) return new Map<string, string>();
    const rows = await queryRows<{ id: string; name: string }>(
      db,
      sql`select id, name from ${sql.identifier(table)} where id in (${sql.join(
        wanted.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    return new Map(rows.map((row) => [row.id, row.name]));
  };
  const companies = await namesIn(
    'companies',
    filters.map((filter) => filter.companyId),
  );
  const locations = await namesIn(
    'locations',
    filters.map((filter) => filter.locationId),
  );
  const facilities = await namesIn(
    'repair_facilities',
    filters.map((filter) => filter.repairFacilityId),
  );
  const nameOf = (names: Map<string, string>, id: string | undefined) => (id && names.get(id)) ?? null;
  return filters.map((filter) => ({
    company: nameOf(companies, filter.companyId),
    location: nameOf(locations, filter.locationId),
    facility: nameOf(facilities, filter.repairFacilityId),
  }));
}
