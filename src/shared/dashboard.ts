import { z } from 'zod';
import { CLAIM_SORTS, claimFilterSchema, claimFilterSearch, type ListClaimsQuery } from './claim-filter.js';
import { claimListItemSchema } from './claims.js';
import { CLAIM_STATUSES, WORKFLOWS } from './workflows.js';

/** The average cycle time covers the claims completed in this many days, today included. */
export const CYCLE_TIME_WINDOW_DAYS = 90;
/** How many of the user's own open claims the dashboard lists (the figure links to all of them). */
export const MY_CLAIMS_SHOWN = 5;
/** How many status changes "Recent activity" shows. */
export const RECENT_ACTIVITY_SHOWN = 10;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * An All Claims filter (`GET /api/vehicles`, and the `/vehicles` screen's address) that lists exactly the
 * claims a dashboard figure counts. The server that counts also says how to list what it counted. Its keys are
 * the list's (src/shared/claim-filter.ts); a link only ever asks for open claims and a list of statuses.
 */
export const claimsLinkFilterSchema = claimFilterSchema
  .pick({ workflow: true, assigneeId: true, overdue: true, down: true, completedFrom: true })
  .extend({
    status: z.array(z.enum(CLAIM_STATUSES)).optional(),
    open: z.enum(['true']).optional(),
    sort: z.enum(CLAIM_SORTS).optional(),
    order: z.enum(['asc', 'desc']).optional(),
  });
export type ClaimsLinkFilter = z.infer<typeof claimsLinkFilterSchema>;
// Every key and value of a link filter is one the claims list takes.
const _linkFilterFitsTheList = (filter: ClaimsLinkFilter): Partial<ListClaimsQuery> => filter;
void _linkFilterFitsTheList;

/** The query string of a link filter, as `/vehicles` and `GET /api/vehicles` read it. */
export const claimsLinkSearch = (filter: ClaimsLinkFilter): string => claimFilterSearch(filter);

/** A count and the filter listing exactly the counted claims. */
export const dashboardFigureSchema = z.object({
  count: z.number().int(),
  filter: claimsLinkFilterSchema,
});
export type DashboardFigure = z.infer<typeof dashboardFigureSchema>;

export const dashboardSummarySchema = z.object({
  companies: z.number().int().describe('How many companies the figures cover (0: the user has none)'),
  today: isoDate.describe('The date the figures were counted on (the server’s calendar)'),
  open: z.object({
    total: dashboardFigureSchema,
    workflows: z.array(
      z.object({
        workflow: z.enum(WORKFLOWS),
        total: dashboardFigureSchema,
        statuses: z
          .array(dashboardFigureSchema.extend({ status: z.enum(CLAIM_STATUSES) }))
          .describe('Every open status of the workflow, in the order work flows, zero counts included'),
      }),
    ),
  }),
  vehiclesDown: z
    .object({
      vehicles: z.number().int().describe('Distinct vehicles'),
      claims: dashboardFigureSchema.describe('The open claims keeping them down'),
    })
    .describe('Vehicles with an open claim that are not drivable or have been dropped off at the facility'),
  overdue: dashboardFigureSchema.describe('Open claims whose estimated completion is before today'),
  pendingAuthorizations: dashboardFigureSchema.describe('Mechanical claims waiting for an authorization'),
  cycleTime: z.object({
    since: isoDate.describe(`First day of the ${CYCLE_TIME_WINDOW_DAYS} days, today included`),
    averageDays: z.number().nullable().describe('Report to completion, in days (one decimal); null: none'),
    completed: dashboardFigureSchema.describe('Claims completed since then'),
    workflows: z.array(
      z.object({
        workflow: z.enum(WORKFLOWS),
        averageDays: z.number().nullable(),
        completed: dashboardFigureSchema,
      }),
    ),
  }),
  myClaims: z.object({
    open: dashboardFigureSchema.describe('Open claims assigned to the caller'),
    items: z
      .array(claimListItemSchema)
      .describe(`The ${MY_CLAIMS_SHOWN} most recently updated of them, as the linked list shows them first`),
  }),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

const person = z.object({ id: z.uuid(), username: z.string(), name: z.string() }).nullable();

export const dashboardActivityEntrySchema = z.object({
  id: z.uuid(),
  claim: z.object({
    id: z.uuid(),
    claimNumber: z.string(),
    workflow: z.enum(WORKFLOWS),
    unitNumber: z.string(),
    companyName: z.string(),
  }),
  fromStatus: z.enum(CLAIM_STATUSES).nullable().describe('null: the claim was reported'),
  toStatus: z.enum(CLAIM_STATUSES),
  actor: person,
  impersonator: person,
  note: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type DashboardActivityEntry = z.infer<typeof dashboardActivityEntrySchema>;

export const dashboardActivitySchema = z.object({
  items: z.array(dashboardActivityEntrySchema).describe('Newest first'),
});
export type DashboardActivity = z.infer<typeof dashboardActivitySchema>;
