import { z } from 'zod';
import { isoDate } from './fields.js';
import { cents, reportCountSchema } from './reports.js';
import { CLAIM_STATUSES } from './workflows.js';

/** The Fleet Dashboard (`/fleet-dashboard`, issue 14): one company's fleet today, every count with its claims. */

export const FLEET_DOWNTIME_WEEKS = 26;
export const FLEET_UPCOMING_DAYS = 7;
export const FLEET_LIST_LIMIT = 50;

export const fleetDashboardQuerySchema = z.object({
  companyId: z.uuid('Not a valid company id').optional().describe('The company (default: the user’s first)'),
});

export const fleetClaimSchema = z.object({
  id: z.uuid(),
  claimNumber: z.string(),
  unitNumber: z.string(),
  vehicle: z.string(),
  status: z.enum(CLAIM_STATUSES),
  facilityName: z.string().nullable(),
  locationName: z.string().nullable(),
  daysDown: z.number().int(),
  eta: isoDate('ETA').nullable(),
  overdue: z.boolean().describe('Open and its ETA is before today'),
  shopUpdatedAt: z.iso
    .datetime({ offset: true })
    .nullable()
    .describe('When the repair shop last updated it through its shop link (issue 32); null without one'),
});
export type FleetClaim = z.infer<typeof fleetClaimSchema>;

export const fleetDashboardSchema = z.object({
  company: z.object({ id: z.uuid(), name: z.string() }),
  companies: z
    .array(z.object({ id: z.uuid(), name: z.string() }))
    .describe('The companies the user may pick'),
  today: isoDate('Today'),
  asOf: z.iso
    .datetime({ offset: true })
    .describe('The moment the figures are as of: a kept answer is reused while nothing it counts changed'),
  down: z.object({
    vehicles: z.number().int(),
    claims: reportCountSchema,
    overdue: reportCountSchema,
    open: reportCountSchema.describe(
      "The company's open claims, down or not: with none, no vehicle can be down",
    ),
    items: z.array(fleetClaimSchema).describe(`Longest down first, at most ${FLEET_LIST_LIMIT}`),
  }),
  downtimeTrend: z
    .array(z.object({ week: isoDate('Week'), vehicleDays: z.number() }))
    .describe(`Vehicle-days lost per week (Monday first), the last ${FLEET_DOWNTIME_WEEKS} weeks`),
  spend: z.object({
    year: z.number().int(),
    months: z.array(
      z.object({ month: z.number().int().min(1).max(12), thisYearCents: cents, lastYearCents: cents }),
    ),
    thisYear: reportCountSchema.extend({ cents }),
    lastYear: reportCountSchema.extend({ cents }),
  }),
  locations: z.array(
    z.object({
      id: z.uuid().nullable(),
      name: z.string(),
      open: reportCountSchema,
      thisYear: reportCountSchema,
    }),
  ),
  mostDowntime: z.array(
    z.object({
      vehicleId: z.uuid(),
      unitNumber: z.string(),
      vehicle: z.string(),
      daysDown: z.number().int(),
      claims: reportCountSchema,
    }),
  ),
  upcomingReturns: z
    .array(fleetClaimSchema)
    .describe(`Open claims due back in the next ${FLEET_UPCOMING_DAYS} days`),
});
export type FleetDashboard = z.infer<typeof fleetDashboardSchema>;
