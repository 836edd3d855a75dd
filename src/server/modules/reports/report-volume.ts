import { sql } from 'drizzle-orm';
import { addDays, type DateSpan, type ReportFilter, type VolumeSection } from '@shared/reports.js';
import { WORKFLOWS, type Workflow } from '@shared/workflows.js';
import { queryRows } from '../../db/client.js';
import { claimIsOpenSql } from '../claims/index.js';
import { countOf, num, where, type ReportContext } from './report-sql.js';

/** Section 1: claim volume per week or month, by workflow, with how many are still open. */

function periodSpan(period: string, interval: 'week' | 'month', span: DateSpan): DateSpan {
  let end: string;
  if (interval === 'week') end = addDays(period, 6);
  else {
    const [year, month] = period.split('-').map(Number) as [number, number];
    end = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  }
  return { from: period < span.from ? span.from : period, to: end > span.to ? span.to : end };
}

/**
 * Every period of the span, as `date_trunc` names them (weeks by their Monday, months by their first day), so
 * that a week without claims is drawn as an empty bar instead of being left out of the time axis.
 */
function periodsOf(span: DateSpan, interval: 'week' | 'month'): string[] {
  const periods: string[] = [];
  if (interval === 'week') {
    const weekday = new Date(`${span.from}T00:00:00Z`).getUTCDay();
    for (
      let monday = addDays(span.from, -((weekday + 6) % 7));
      monday <= span.to;
      monday = addDays(monday, 7)
    ) {
      periods.push(monday);
    }
  } else {
    for (let first = `${span.from.slice(0, 7)}-01`; first <= span.to;) {
      periods.push(first);
      const [year, month] = first.split('-').map(Number) as [number, number];
      first = new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
    }
  }
  return periods;
}

export async function volume(
  context: ReportContext,
  filter: ReportFilter,
  span: DateSpan,
  interval: 'week' | 'month',
): Promise<VolumeSection> {
  const { db, scope, base } = context;
  const column = filter.dateField === 'completed' ? sql`claims.completed_at` : sql`claims.created_at`;
  const rows = await queryRows<{ period: string; workflow: Workflow; claims: number; open: number }>(
    db,
    sql`select date_trunc(${interval}, ${column})::date::text as period, claims.workflow as workflow,
          count(*)::int as claims, count(*) filter (where ${claimIsOpenSql})::int as open
        from claims where ${where(scope, base)}
        group by 1, 2 order by 1, 2`,
  );
  const byPeriod = new Map<string, Map<Workflow, { claims: number; open: number }>>();
  for (const row of rows) {
    const workflows = byPeriod.get(row.period) ?? new Map();
    workflows.set(row.workflow, { claims: num(row.claims), open: num(row.open) });
    byPeriod.set(row.period, workflows);
  }
  const dateKeys =
    filter.dateField === 'completed'
      ? (part: DateSpan) => ({ completedFrom: part.from, completedTo: part.to })
      : (part: DateSpan) => ({ reportedFrom: part.from, reportedTo: part.to });
  // No claims at all: no periods (the section says so instead of drawing an empty axis).
  const names =
    byPeriod.size === 0 ? [] : [...new Set([...periodsOf(span, interval), ...byPeriod.keys()])].sort();
  const periods = names.map((period) => {
    const workflows = byPeriod.get(period) ?? new Map<Workflow, { claims: number; open: number }>();
    const part = periodSpan(period, interval, span);
    const periodFilter = { ...base, ...dateKeys(part) };
    const total = [...workflows.values()].reduce((sum, row) => sum + row.claims, 0);
    const open = [...workflows.values()].reduce((sum, row) => sum + row.open, 0);
    return {
      period,
      ...part,
      total: countOf(total, periodFilter),
      workflows: WORKFLOWS.filter((workflow) => !filter.workflow || filter.workflow === workflow).map(
        (workflow) => ({
          workflow,
          ...countOf(workflows.get(workflow)?.claims ?? 0, { ...periodFilter, workflow }),
        }),
      ),
      open: countOf(open, { ...periodFilter, open: 'true' }),
      finished: countOf(total - open, { ...periodFilter, open: 'false' }),
    };
  });
  return { interval, periods };
}
