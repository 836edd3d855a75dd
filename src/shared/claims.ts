import { z } from 'zod';
import { personSchema } from './people.js';
import { isoDate, optionalEmail, optionalOdometer, optionalPhone, optionalText } from './fields.js';
import { vinModelYear, vinSchema } from './vin.js';
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
export { personSchema, type Person } from './people.js';

export const PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export const PRIORITY_LABELS: Record<(typeof PRIORITIES)[number], string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
};

/** Claim numbers as people read them: CLM-000123. */
export function formatClaimNumber(number: number): string {
  return `CLM-${String(number).padStart(6, '0')}`;
}

const cents = (label: string) =>
  z
    .number({ message: `${label} must be an amount` })
    .int(`${label} must be in whole cents`)
    .min(0, `${label} cannot be negative`)
    .max(100_000_000_00, `${label} is too large`)
    .nullable()
    .optional();
/**
 * The latest calendar date anywhere now (UTC+14): a date the user's own calendar calls today passes, whatever
 * their time zone, while tomorrow everywhere is still refused.
 */
const today = () => new Date(Date.now() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);

export const vehicleInputSchema = z
  .object({
    companyId: z.uuid('Choose a company'),
    locationId: z.uuid().nullable().optional(),
    unitNumber: z
      .string()
      .trim()
      .min(1, 'Unit number is required')
      .max(40, 'Unit number must be at most 40 characters'),
    vin: vinSchema,
    year: z
      .number({ message: 'Year must be a number' })
      .int('Year must be a whole number')
      .min(1950, 'Year must be 1950 or later')
      .max(new Date().getFullYear() + 2, 'Year is too far in the future')
      .nullable()
      .optional(),
    make: optionalText(60),
    model: optionalText(60),
    plate: optionalText(20),
    plateState: optionalText(20),
    color: optionalText(40),
    odometer: optionalOdometer(),
  })
  // No year given: the one the VIN encodes. The Add Claim form fills it in from a live check, but Continue
  // can come before the check answers (or an API client sends none), and the vehicle kept no year.
  .transform((vehicle) => ({ ...vehicle, year: vehicle.year ?? vinModelYear(vehicle.vin) }));
export type VehicleInput = z.input<typeof vehicleInputSchema>;

export const vehicleSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  locationId: z.uuid().nullable(),
  unitNumber: z.string(),
  vin: z.string(),
  year: z.number().int().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  plate: z.string().nullable(),
  plateState: z.string().nullable(),
  color: z.string().nullable(),
  odometer: z.number().int().nullable(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

const sameTag = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'accent' }) === 0;

/** The fields of a claim that people edit (create and inline edit). */
const claimFields = z.object({
  locationId: z.uuid().nullable().optional(),
  priority: z.enum(PRIORITIES).optional(),
  description: z.string().trim().min(1, 'Describe the damage or the problem').max(10_000),
  lossDate: isoDate('Date of loss').refine(
    (value) => value <= today(),
    'The date of loss cannot be in the future',
  ),
  reportedByName: optionalText(120),
  reportedByPhone: optionalPhone,
  drivable: z.boolean().nullable().optional(),
  towRequired: z.boolean().optional(),
  rentalNeeded: z.boolean().optional(),
  odometerAtIntake: optionalOdometer('Odometer at intake'),
  repairFacilityId: z.uuid().nullable().optional(),
  assigneeId: z.uuid().nullable().optional(),
  insurer: optionalText(120),
  insurerClaimNumber: optionalText(60),
  adjusterName: optionalText(120),
  adjusterPhone: optionalPhone,
  adjusterEmail: optionalEmail,
  policyNumber: optionalText(60),
  deductibleCents: cents('Deductible'),
  estimateAmountCents: cents('Estimate'),
  approvedAmountCents: cents('Approved amount'),
  finalAmountCents: cents('Final amount'),
  dropOffDate: isoDate('Drop-off date').nullable().optional(),
  eta: isoDate('Estimated completion').nullable().optional(),
  tags: z
    .array(z.string().trim().min(1, 'A tag cannot be empty').max(30, 'A tag has at most 30 characters'))
    .max(20, 'A claim has at most 20 tags')
    // The same tag twice (in any case) is kept once, as first written.
    .transform((tags) =>
      tags.filter((tag, index) => tags.findIndex((other) => sameTag(other, tag)) === index),
    )
    .optional(),
});

type ClaimDateField = 'lossDate' | 'dropOffDate' | 'eta';
type ClaimDates = { lossDate?: string; dropOffDate?: string | null; eta?: string | null };

/** Each pair of a claim's dates that must not be reversed, and what to say when they are. */
const DATE_ORDER: { earlier: ClaimDateField; later: ClaimDateField; message: string }[] = [
  { earlier: 'lossDate', later: 'dropOffDate', message: 'Drop-off cannot be before the date of loss' },
  { earlier: 'dropOffDate', later: 'eta', message: 'Estimated completion cannot be before drop-off' },
  { earlier: 'lossDate', later: 'eta', message: 'Estimated completion cannot be before the date of loss' },
];

/**
 * The claim's dates that are out of order, one message each (the first rule it breaks). A message goes under the
 * later date of its pair, or under the earlier one when only that one was `sent`: the form sends every date it
 * holds, while the server checks the claim as an edit leaves it, since an edit may send one date alone.
 */
export function claimDateErrors(
  value: ClaimDates,
  sent: (field: ClaimDateField) => boolean = () => true,
): Partial<Record<ClaimDateField, string>> {
  const errors: Partial<Record<ClaimDateField, string>> = {};
  for (const rule of DATE_ORDER) {
    const earlier = value[rule.earlier];
    const later = value[rule.later];
    if (!earlier || !later || later >= earlier) continue;
    const field = sent(rule.later) ? rule.later : sent(rule.earlier) ? rule.earlier : null;
    if (field && !errors[field]) errors[field] = rule.message;
  }
  return errors;
}

const datesInOrder = (value: ClaimDates, context: z.RefinementCtx) => {
  for (const [field, message] of Object.entries(claimDateErrors(value))) {
    context.addIssue({ code: 'custom', path: [field], message });
  }
};

/** `POST /api/vehicles`: a claim on an existing vehicle (`vehicleId`) or on a new one (`vehicle`). */
export const createClaimSchema = claimFields
  .extend({
    workflow: z.enum(WORKFLOWS, { message: 'Choose collision or mechanical' }),
    vehicleId: z.uuid().optional(),
    vehicle: vehicleInputSchema.optional(),
  })
  .superRefine((value, context) => {
    if (!value.vehicleId === !value.vehicle) {
      context.addIssue({
        code: 'custom',
        path: ['vehicleId'],
        message: 'Choose a vehicle or enter a new one',
      });
    }
    datesInOrder(value, context);
  });
export type CreateClaimInput = z.input<typeof createClaimSchema>;
export type CreateClaimValues = z.output<typeof createClaimSchema>;

/** `PATCH /api/vehicles/{id}`: any claim fields, with the version that was read. */
export const updateClaimSchema = claimFields
  .partial()
  .extend({ version: z.number().int().min(1, 'The version is required') })
  .superRefine(datesInOrder);
export type UpdateClaimValues = z.output<typeof updateClaimSchema>;

export const transitionRequestSchema = z.object({
  to: z.enum(CLAIM_STATUSES, { message: 'Unknown status' }),
  note: z.string().trim().max(2000).optional(),
  version: z.number().int().min(1),
  /** A move to Completed: the final cost (decision 036, `FINAL_COST_LABEL`); ignored for other moves. */
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
  vehicle: z.object({
    id: z.uuid(),
    unitNumber: z.string(),
    vin: z.string(),
    year: z.number().int().nullable(),
    make: z.string().nullable(),
    model: z.string().nullable(),
    plate: z.string().nullable(),
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
  /** What the reports count as the claim's first estimate (decision 036): read-only, kept by the database. */
  firstEstimateCents: z.number().int().nullable(),
  dropOffDate: z.string().nullable(),
  completedAt: z.iso.datetime({ offset: true }).nullable(),
  closedAt: z.iso.datetime({ offset: true }).nullable(),
  tags: z.array(z.string()),
  version: z.number().int(),
  allowedTransitions: z.array(z.enum(CLAIM_STATUSES)).describe('Where the caller may move it now'),
  watching: z.boolean().describe('Whether the caller watches this claim'),
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
  note: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type StatusHistoryEntry = z.infer<typeof statusHistoryEntrySchema>;

export const vinCheckResponseSchema = z.object({
  vin: z.string(),
  warning: z.string().nullable().describe('A check-digit warning; saving is still allowed'),
  modelYear: z.number().int().nullable(),
  existingVehicle: vehicleSchema.nullable().describe('The company’s vehicle that already has this VIN'),
  openClaim: z
    .object({ id: z.uuid(), claimNumber: z.string(), status: z.enum(CLAIM_STATUSES) })
    .nullable()
    .describe('That vehicle’s latest open claim, if any'),
  openClaimCount: z.number().int().describe('How many open claims that vehicle has'),
});
export type VinCheckResponse = z.infer<typeof vinCheckResponseSchema>;
