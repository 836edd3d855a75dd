import { z } from 'zod';
import { AUTHORIZATION_FILTERS, claimFilterSchema } from './claim-filter.js';
import { isoDate } from './fields.js';
import { CLAIM_STATUSES, WORKFLOWS } from './workflows.js';

/**
 * The answers of the report's sections (`GET /api/reports`): every figure carries the All Claims filter that
 * lists exactly the claims it counts.
 */

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
