import { z } from 'zod';
import { AUTHORIZATION_FILTERS, claimFilterSchema, type ClaimFilter } from './claim-filter.js';
import { isoDate } from './fields.js';
import { CLAIM_STATUSES, WORKFLOWS } from './workflows.js';

/**
 * Reports (`/reports`, issue 14): the filters of the page and the answers of its sections. Every figure carries
 * the All Claims filter (src/shared/claim-filter.ts) that lists exactly the claims it counts.
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

export const REPORT_DAYS_ORDER_MESSAGE = 'To must not be before From';

/** The filters of `GET /api/reports`: the fields, and a custom range needs both days in order. */
export const reportFilterSchema = reportFilterFieldsSchema.superRefine((value, context) => {
  if (value.range !== 'custom') return;
  if (!value.from) context.addIssue({ code: 'custom', path: ['from'], message: 'From is required' });
  if (!value.to) context.addIssue({ code: 'custom', path: ['to'], message: 'To is required' });
  if (value.from && value.to && value.from > value.to)
    context.addIssue({ code: 'custom', path: ['to'], message: REPORT_DAYS_ORDER_MESSAGE });
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

export interface DateSpan {
  from: string;
  to: string;
}

const pad = (value: number) => String(value).padStart(2, '0');
const ymd = (year: number, month: number, day: number) => {
  const date = new Date(Date.UTC(year, month, day));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
};
const parseDay = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return { year, month: month - 1, date };
};
/** `day` moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  const { year, month, date } = parseDay(day);
  return ymd(year, month, date + days);
}
/** Calendar days from `from` to `to`, both included. */
export function daysIn(span: DateSpan): number {
  const start = parseDay(span.from);
  const end = parseDay(span.to);
  return (
    Math.round(
      (Date.UTC(end.year, end.month, end.date) - Date.UTC(start.year, start.month, start.date)) / 86_400_000,
    ) + 1
  );
}

/** The days a range covers on `today` (YYYY-MM-DD, the calendar the server counts in). */
export function resolveRange(filter: Pick<ReportFilter, 'range' | 'from' | 'to'>, today: string): DateSpan {
  const { year, month, date } = parseDay(today);
  switch (filter.range) {
    case 'this_month':
      return { from: ymd(year, month, 1), to: today };
    case 'last_month':
      return { from: ymd(year, month - 1, 1), to: ymd(year, month, 0) };
    case 'last_30_days':
      return { from: ymd(year, month, date - 29), to: today };
    case 'last_90_days':
      return { from: ymd(year, month, date - 89), to: today };
    case 'quarter_to_date':
      return { from: ymd(year, month - (month % 3), 1), to: today };
    case 'year_to_date':
      return { from: ymd(year, 0, 1), to: today };
    case 'last_year':
      return { from: ymd(year - 1, 0, 1), to: ymd(year - 1, 11, 31) };
    case 'custom':
      return { from: filter.from ?? today, to: filter.to ?? today };
  }
}

/** The period of the same length right before `span`. */
export function previousSpan(span: DateSpan): DateSpan {
  return { from: addDays(span.from, -daysIn(span)), to: addDays(span.from, -1) };
}

/** Volume is counted per week for ranges up to this many days, per month beyond. */
export const WEEKLY_UP_TO_DAYS = 92;

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

/** An All Claims filter as a report answers it: the list's keys, plain values. */
export const reportLinkSchema = claimFilterSchema
  .omit({ status: true })
  .extend({ status: z.array(z.enum(CLAIM_STATUSES)).optional() })
  .partial();
export type ReportLink = z.infer<typeof reportLinkSchema>;

const days = z.number().nullable().describe('Days, one decimal; null: nothing to measure');
/** An amount in integer cents. */
export const cents = z.number().int();
const rate = z
  .number()
  .nullable()
  .describe('A share from 0 to 1 (four decimals); null: nothing to divide by');

/** A number of claims and the filter listing exactly them. */
export const reportCountSchema = z.object({ count: z.number().int(), filter: reportLinkSchema });
export type ReportCount = z.infer<typeof reportCountSchema>;

export const reportHeadlineSchema = z.object({
  claims: reportCountSchema,
  completed: reportCountSchema,
  medianCycleDays: days,
  spendCents: cents,
});
export type ReportHeadline = z.infer<typeof reportHeadlineSchema>;

export const reportMetaSchema = z.object({
  today: isoDate('Today'),
  asOf: z.iso
    .datetime({ offset: true })
    .describe('The moment the figures are as of: a kept answer is reused while nothing it counts changed'),
  span: z.object({ from: isoDate('From'), to: isoDate('To') }),
  previousSpan: z.object({ from: isoDate('From'), to: isoDate('To') }),
  interval: z.enum(['week', 'month']),
  headline: reportHeadlineSchema,
  previous: reportHeadlineSchema.nullable().describe('The previous period, when compare is on'),
});
export type ReportMeta = z.infer<typeof reportMetaSchema>;

export const volumeSectionSchema = z.object({
  interval: z.enum(['week', 'month']),
  periods: z.array(
    z.object({
      period: isoDate('Period').describe('First day of the week (Monday) or month'),
      from: isoDate('From'),
      to: isoDate('To'),
      total: reportCountSchema,
      workflows: z.array(reportCountSchema.extend({ workflow: z.enum(WORKFLOWS) })),
      open: reportCountSchema.describe('Of them, still open'),
      finished: reportCountSchema.describe('Of them, finished'),
    }),
  ),
});
export type VolumeSection = z.infer<typeof volumeSectionSchema>;

const durationStats = z.object({ median: days, p90: days, mean: days });
export const cycleRowSchema = z.object({
  id: z.uuid().nullable(),
  name: z.string(),
  claims: reportCountSchema.describe('Completed claims measured'),
  cycle: durationStats.describe('Reported to completed'),
  downtime: durationStats
    .extend({ count: z.number().int() })
    .describe('Down (drop-off or not drivable) to completed'),
});
export type CycleRow = z.infer<typeof cycleRowSchema>;
export const cycleSectionSchema = z.object({
  total: cycleRowSchema,
  facilities: z.array(cycleRowSchema),
  locations: z.array(cycleRowSchema),
});
export type CycleSection = z.infer<typeof cycleSectionSchema>;

export const statusTimeSectionSchema = z.object({
  workflows: z.array(
    z.object({
      workflow: z.enum(WORKFLOWS),
      statuses: z.array(
        z.object({
          status: z.enum(CLAIM_STATUSES),
          claims: reportCountSchema.describe('Claims that spent time in the status'),
          meanDays: days,
          medianDays: days,
          totalDays: days,
        }),
      ),
    }),
  ),
});
export type StatusTimeSection = z.infer<typeof statusTimeSectionSchema>;

export const costRowSchema = z.object({
  id: z.uuid().nullable(),
  name: z.string(),
  claims: reportCountSchema,
  estimateCents: cents.describe('First estimates (the original, supplement 0)'),
  approvedCents: cents,
  finalCents: cents,
  supplementRate: rate.describe('Claims with a supplement among the claims with an estimate'),
  estimateAccuracy: rate.describe('Final ÷ first estimate over the claims that have both'),
  spendCents: cents.describe('Final amounts'),
  vehicles: z.number().int().describe('Vehicles with a final amount'),
  costPerVehicleCents: cents.nullable(),
});
export type CostRow = z.infer<typeof costRowSchema>;
export const costSectionSchema = z.object({
  total: costRowSchema,
  facilities: z.array(costRowSchema),
  companies: z.array(costRowSchema),
  locations: z.array(costRowSchema),
});
export type CostSection = z.infer<typeof costSectionSchema>;

export const TOP_VEHICLES_SHOWN = 10;
export const topVehicleSchema = z.object({
  id: z.uuid(),
  unitNumber: z.string(),
  vin: z.string(),
  description: z.string(),
  companyName: z.string(),
  claims: reportCountSchema,
  spendCents: cents,
});
export const topVehiclesSectionSchema = z.object({
  byClaims: z.array(topVehicleSchema),
  bySpend: z.array(topVehicleSchema),
});
export type TopVehiclesSection = z.infer<typeof topVehiclesSectionSchema>;

export const AUTHORIZATION_KIND_LABELS: Record<(typeof AUTHORIZATION_FILTERS)[number], string> = {
  approved: 'Approved',
  partially_approved: 'Partially approved',
  declined: 'Declined',
  automatic: 'Auto-approved',
  pending: 'Awaiting decision',
  withdrawn: 'Withdrawn',
};
export const authorizationsSectionSchema = z.object({
  kinds: z.array(
    z.object({
      kind: z.enum(AUTHORIZATION_FILTERS),
      requests: z.number().int(),
      claims: reportCountSchema,
      requestedCents: cents,
      approvedCents: cents,
    }),
  ),
  requestedCents: cents,
  approvedCents: cents,
  medianDecisionHours: z.number().nullable().describe('Request to decision, hours (one decimal)'),
});
export type AuthorizationsSection = z.infer<typeof authorizationsSectionSchema>;

export const scorecardRowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  handled: reportCountSchema.describe('Claims handled'),
  completed: reportCountSchema,
  medianCycleDays: days,
  onTime: reportCountSchema.describe('Completed by the first ETA'),
  withEta: z.number().int().describe('Completed claims that had a first ETA (the on-time rate’s base)'),
  onTimeRate: rate,
  averageCostCents: cents.nullable(),
  supplementRate: rate,
  comebacks: reportCountSchema,
  comebackRate: rate,
});
export type ScorecardRow = z.infer<typeof scorecardRowSchema>;
export const scorecardSectionSchema = z.object({ facilities: z.array(scorecardRowSchema) });
export type ScorecardSection = z.infer<typeof scorecardSectionSchema>;

export const REPORT_SECTIONS = [
  'volume',
  'cycle-time',
  'status-time',
  'cost',
  'top-vehicles',
  'authorizations',
  'scorecard',
] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];
export const REPORT_SECTION_TITLES: Record<ReportSection, string> = {
  volume: 'Claim volume',
  'cycle-time': 'Cycle time and downtime',
  'status-time': 'Time in each status',
  cost: 'Cost',
  'top-vehicles': 'Top vehicles',
  authorizations: 'Mechanical authorizations',
  scorecard: 'Repair facility scorecard',
};

export const reportSchema = z.object({
  meta: reportMetaSchema,
  volume: volumeSectionSchema,
  cycleTime: cycleSectionSchema,
  statusTime: statusTimeSectionSchema,
  cost: costSectionSchema,
  topVehicles: topVehiclesSectionSchema,
  authorizations: authorizationsSectionSchema,
  scorecard: scorecardSectionSchema,
});
export type Report = z.infer<typeof reportSchema>;
