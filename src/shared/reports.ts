import { z } from 'zod';
import { claimFilterSchema, type ClaimFilter } from './claim-filter.js';
import { isoDate } from './fields.js';
import { customPeriodIssues, type DateSpan } from './report-dates.js';
import { WORKFLOWS } from './workflows.js';

/**
 * Reports (`/reports`, issue 14): the filters of the page and the claims they count. The days a filter covers
 * are in report-dates.ts, the answers of the sections in report-sections.ts (both exported from here too). Every
 * figure carries the All Claims filter (src/shared/claim-filter.ts) that lists exactly the claims it counts.
 */

export const REPORT_RANGES = [
  'this_month',
  'last_month',
  'last_30_days',
  'last_90_days',
  'quarter_to_date',
  'year_to_date',
  'last_year',
  'custom',
] as const;
export type ReportRange = (typeof REPORT_RANGES)[number];
export const REPORT_RANGE_LABELS: Record<ReportRange, string> = {
  this_month: 'This month',
  last_month: 'Last month',
  last_30_days: 'Last 30 days',
  last_90_days: 'Last 90 days',
  quarter_to_date: 'Quarter to date',
  year_to_date: 'Year to date',
  last_year: 'Last year',
  custom: 'Custom',
};

export const REPORT_DATE_FIELDS = ['reported', 'completed'] as const;
export type ReportDateField = (typeof REPORT_DATE_FIELDS)[number];
export const REPORT_DATE_FIELD_LABELS: Record<ReportDateField, string> = {
  reported: 'Reported',
  completed: 'Completed',
};

export const DEFAULT_REPORT_RANGE: ReportRange = 'last_90_days';

const optionalId = z.uuid('Not a valid id').optional();

/** The fields of the reports page's filters, as the address carries them (read leniently by the browser). */
export const reportFilterFieldsSchema = z.object({
  range: z.enum(REPORT_RANGES).default(DEFAULT_REPORT_RANGE),
  from: isoDate('From').optional().describe('First day of a custom range'),
  to: isoDate('To').optional().describe('Last day of a custom range'),
  dateField: z.enum(REPORT_DATE_FIELDS).default('reported').describe('Which date the range applies to'),
  companyId: optionalId,
  locationId: optionalId,
  workflow: z.enum(WORKFLOWS).optional(),
  repairFacilityId: optionalId,
  status: claimFilterSchema.shape.status,
  compare: z.enum(['true']).optional().describe('Also answer the headline figures of the previous period'),
});

/**
 * The filters of `GET /api/reports`: the fields, and a custom range needs both days, in order, within the days a
 * report covers and at most MAX_REPORT_SPAN_YEARS apart (`customPeriodIssues`, which the page asks too).
 */
export const reportFilterSchema = reportFilterFieldsSchema.superRefine((value, context) => {
  for (const { path, message } of customPeriodIssues(value))
    context.addIssue({ code: 'custom', path: [path], message });
});
export type ReportFilter = z.output<typeof reportFilterSchema>;
export type ReportFilterInput = z.input<typeof reportFilterSchema>;

/** Keys of the report filter in an address. */
export const REPORT_FILTER_KEYS = [
  'range',
  'from',
  'to',
  'dateField',
  'companyId',
  'locationId',
  'workflow',
  'repairFacilityId',
  'status',
  'compare',
] as const;

/** The address query of a report filter (`range=last_30_days&status=a&status=b`), for links to `/reports`. */
export function reportFilterSearch(
  filter: Partial<Record<(typeof REPORT_FILTER_KEYS)[number], unknown>>,
): string {
  const params = new URLSearchParams();
  for (const key of REPORT_FILTER_KEYS) {
    const value = filter[key];
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

/** The All Claims filter of the claims a report counts over `span` (before any grouping). */
export function reportClaimFilter(filter: ReportFilter, span: DateSpan): Partial<ClaimFilter> {
  const base: Partial<ClaimFilter> = {
    companyId: filter.companyId,
    locationId: filter.locationId,
    workflow: filter.workflow,
    repairFacilityId: filter.repairFacilityId,
    status: filter.status?.length ? filter.status : undefined,
  };
  if (filter.dateField === 'completed')
    Object.assign(base, { completedFrom: span.from, completedTo: span.to });
  else Object.assign(base, { reportedFrom: span.from, reportedTo: span.to });
  return Object.fromEntries(Object.entries(base).filter(([, value]) => value !== undefined));
}

/** The report's days and its answers, in their own files. */
export * from './report-dates.js';
export * from './report-sections.js';
