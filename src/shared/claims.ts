import { z } from 'zod';
import { personSchema } from './people.js';
import { cents, PRIORITIES } from './claim-amounts.js';
import { vehicleSchema } from './claim-vehicles.js';
import { CLAIM_STATUSES, WORKFLOWS } from './workflows.js';

export {
  CLAIM_FILTER_KEYS,
  CLAIM_SORTS,
  claimFilterSchema,
  listClaimsQuerySchema,
  parseClaimFilters,
  type ClaimFilter,
  type ListClaimsQuery,
} from './claim-filter.js';
export { noteRequestSchema, noteSchema, parseMentions, type Note } from './claim-notes.js';
export { actedByName, actedByOrVia, personSchema, type Person } from './people.js';
export { PRIORITIES, PRIORITY_LABELS } from './claim-amounts.js';
export {
  claimDateErrors,
  createClaimSchema,
  updateClaimSchema,
  type CreateClaimInput,
  type CreateClaimValues,
  type UpdateClaimValues,
} from './claim-edits.js';
export {
  vehicleInputSchema,
  vehicleSchema,
  vinCheckResponseSchema,
  type Vehicle,
  type VehicleInput,
  type VinCheckResponse,
} from './claim-vehicles.js';

/** Claim numbers as people read them: CLM-000123. */
export function formatClaimNumber(number: number): string {
  return `CLM-${String(number).padStart(6, '0')}`;
}

/** The notification a user gets when a claim is assigned to them. */
export const assignedToYouTitle = (number: number) => `${formatClaimNumber(number)} was assigned to you`;

/** The notification a user gets when a note mentions them. */
export const mentionedYouTitle = (author: string, number: number) =>
  `${author} mentioned you on ${formatClaimNumber(number)}`;

export const transitionRequestSchema = z.object({
  to: z.enum(CLAIM_STATUSES, { message: 'Unknown status' }),
  note: z.string().trim().max(2000).optional(),
  version: z.number().int().min(1),
  /** A move to Completed: the final cost (decision 038, `FINAL_COST_LABEL`); ignored for other moves. */
  finalAmountCents: cents('Final cost').optional(),
});
export type TransitionRequest = z.infer<typeof transitionRequestSchema>;

/**
 * `POST /api/vehicles/{id}/transitions/undo`: takes back the caller's own last move of the claim, between two
 * open statuses, within `UNDO_MOVE_WINDOW_MS` and while nothing else has changed the claim (`version` is the one
 * the move answered with). The board's "Claim moved" toast offers it.
 */
export const undoMoveRequestSchema = z.object({ version: z.number().int().min(1) });
export type UndoMoveRequest = z.infer<typeof undoMoveRequestSchema>;
export const UNDO_MOVE_WINDOW_MS = 2 * 60 * 1000;
/** The note of the history entry an undo writes. */
export const UNDO_MOVE_NOTE = 'Undo of the previous move';
export const CANNOT_UNDO_MOVE_MESSAGE =
  'This move can no longer be undone: the claim has changed since, or it was not your last move.';

const person = personSchema;

export const claimListItemSchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  claimNumber: z.string().describe('CLM-000123'),
  workflow: z.enum(WORKFLOWS),
  status: z.enum(CLAIM_STATUSES),
  priority: z.enum(PRIORITIES),
  companyId: z.uuid(),
  companyName: z.string(),
  locationName: z.string().nullable(),
  facilityName: z.string().nullable(),
  assignee: person,
  vehicle: vehicleSchema.pick({
    id: true,
    unitNumber: true,
    vin: true,
    year: true,
    make: true,
    model: true,
    plate: true,
  }),
  lossDate: z.string(),
  eta: z.string().nullable(),
  reportedByName: z.string().nullable(),
  insurerClaimNumber: z.string().nullable(),
  downtimeDays: z.number().int().describe('Drop-off (or report) to completion, or to now'),
  estimateAmountCents: z.number().int().nullable().describe('Follows the latest approved estimate, if any'),
  approvedAmountCents: z
    .number()
    .int()
    .nullable()
    .describe('Set by the latest decision: an approved estimate or an authorization'),
  finalAmountCents: z.number().int().nullable(),
  statusChangedAt: z.iso.datetime({ offset: true }),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type ClaimListItem = z.infer<typeof claimListItemSchema>;

/** Which of a claim's amounts is its amount as it stands. */
export const CURRENT_AMOUNT_LABELS = {
  finalAmountCents: 'Final amount',
  approvedAmountCents: 'Approved amount',
  estimateAmountCents: 'Estimate',
} as const;
export type ClaimAmountField = keyof typeof CURRENT_AMOUNT_LABELS;

/**
 * A claim's amount as it stands: the final amount once known, else the approved amount, else the estimate
 * (null when none is set). One rule for the claim page's header, the Money card's "current" mark and an
 * invoice's summary line.
 */
export function currentClaimAmount(
  claim: Pick<ClaimListItem, ClaimAmountField>,
): { field: ClaimAmountField; label: string; cents: number } | null {
  for (const field of ['finalAmountCents', 'approvedAmountCents', 'estimateAmountCents'] as const) {
    const cents = claim[field];
    if (cents !== null) return { field, label: CURRENT_AMOUNT_LABELS[field], cents };
  }
  return null;
}

export const claimSchema = claimListItemSchema.extend({
  vehicle: vehicleSchema,
  locationId: z.uuid().nullable(),
  repairFacilityId: z.uuid().nullable(),
  assigneeId: z.uuid().nullable(),
  description: z.string(),
  reportedByPhone: z.string().nullable(),
  drivable: z.boolean().nullable(),
  towRequired: z.boolean(),
  rentalNeeded: z.boolean(),
  odometerAtIntake: z.number().int().nullable(),
  insurer: z.string().nullable(),
  adjusterName: z.string().nullable(),
  adjusterPhone: z.string().nullable(),
  adjusterEmail: z.string().nullable(),
  policyNumber: z.string().nullable(),
  deductibleCents: z.number().int().nullable(),
  /** What the reports count as the claim's first estimate (decision 038): read-only, kept by the database. */
  firstEstimateCents: z.number().int().nullable(),
  dropOffDate: z.string().nullable(),
  completedAt: z.iso.datetime({ offset: true }).nullable(),
  closedAt: z.iso.datetime({ offset: true }).nullable(),
  tags: z.array(z.string()),
  version: z.number().int(),
  allowedTransitions: z.array(z.enum(CLAIM_STATUSES)).describe('Where the caller may move it now'),
  watching: z.boolean().describe('Whether the caller watches this claim'),
  shopUpdatedAt: z.iso
    .datetime({ offset: true })
    .nullable()
    .describe(
      'When the repair shop last updated the claim through its shop link (when the link was sent, if never); null without one',
    ),
  vehicleDown: z
    .boolean()
    .describe(
      'Open and keeping its vehicle off the road (not drivable, or dropped off), as the dashboards count vehicles down',
    ),
  createdBy: person,
});
export type Claim = z.infer<typeof claimSchema>;

/**
 * Totals are counted up to this many (shown as "100+" past it, when `totalCapped` is true) and pages are numbered
 * up to it; past it paging continues by cursor. Small on purpose: the count rides along every page and every
 * keystroke of a search, and counting a broad search to 1,000 was about 70 % of its cost (decision 022).
 */
export const CLAIMS_COUNT_CAP = 100;

export const claimPageSchema = z.object({
  items: z.array(claimListItemSchema),
  total: z.number().int().describe(`Matching claims, counted up to ${CLAIMS_COUNT_CAP}`),
  totalCapped: z.boolean().describe(`True when more than ${CLAIMS_COUNT_CAP} claims match`),
  page: z.number().int(),
  pageSize: z.number().int(),
  nextCursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last page'),
});
export type ClaimPage = z.infer<typeof claimPageSchema>;

export const statusHistoryEntrySchema = z.object({
  id: z.uuid(),
  fromStatus: z.enum(CLAIM_STATUSES).nullable(),
  toStatus: z.enum(CLAIM_STATUSES),
  actor: person,
  impersonator: person,
  via: z
    .string()
    .nullable()
    .describe(
      '"API: <token name>" when another system made the move with an API token; "Shop: <facility> via link" when a repair shop made it through its shop link',
    ),
  note: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type StatusHistoryEntry = z.infer<typeof statusHistoryEntrySchema>;
