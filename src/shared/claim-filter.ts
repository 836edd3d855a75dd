import { z } from 'zod';
import { isoDate } from './fields.js';
import { CLAIM_STATUSES, WORKFLOWS } from './workflows.js';

/**
 * The kinds of authorization decisions a filter (and the reports) tell apart: an approval by a person and an
 * automatic one are separate kinds. The statuses of src/shared/authorizations.ts (not imported: it imports this
 * file through claims.ts).
 */
export const AUTHORIZATION_FILTERS = [
  'approved',
  'partially_approved',
  'declined',
  'automatic',
  'pending',
  'withdrawn',
] as const;
export type AuthorizationFilter = (typeof AUTHORIZATION_FILTERS)[number];

const optionalId = (description: string) => z.uuid('Not a valid id').optional().describe(description);

/**
 * The filters of the claims list, each written once: `GET /api/vehicles` and its CSV export, the board, the
 * dashboard's links, the `/vehicles` address in the browser and the reports all take them from here.
 */
export const claimFilterSchema = z.object({
  search: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe('Claim no., VIN, unit no., plate, make/model, insurer claim no., driver'),
  workflow: z.enum(WORKFLOWS).optional(),
  status: z
    .union([z.enum(CLAIM_STATUSES), z.array(z.enum(CLAIM_STATUSES))])
    .optional()
    .transform((value) => (value === undefined ? undefined : [value].flat())),
  open: z.enum(['true', 'false']).optional().describe('Only open (true) or only finished (false) claims'),
  companyId: optionalId('Only this company'),
  locationId: optionalId('Only this location'),
  repairFacilityId: optionalId('Only this repair facility'),
  assigneeId: optionalId('Only claims assigned to this user (your own id for "my claims")'),
  from: isoDate('From').optional().describe('Date of loss from (inclusive)'),
  to: isoDate('To').optional().describe('Date of loss to (inclusive)'),
  overdue: z
    .enum(['true'])
    .optional()
    .describe('Only open claims whose estimated completion (ETA) is before today'),
  down: z
    .enum(['true'])
    .optional()
    .describe('Only open claims keeping their vehicle down: not drivable, or dropped off at the facility'),
  completedFrom: isoDate('Completed from').optional().describe('Completed on or after this date'),
  completedTo: isoDate('Completed to').optional().describe('Completed on or before this date'),
  reportedFrom: isoDate('Reported from').optional().describe('Reported (entered) on or after this date'),
  reportedTo: isoDate('Reported to').optional().describe('Reported (entered) on or before this date'),
  completed: z
    .enum(['true'])
    .optional()
    .describe('Only claims that were completed (a completion date is set)'),
  vehicleId: optionalId('Only the claims of this vehicle'),
  passedStatus: z
    .enum(CLAIM_STATUSES)
    .optional()
    .describe('Only claims that have been in this status at some time (from the status history)'),
  authorization: z
    .enum(AUTHORIZATION_FILTERS)
    .optional()
    .describe(
      'Only claims with a mechanical authorization request decided so: approved by a person, partially approved, declined, approved automatically (within the company’s limit), pending or withdrawn',
    ),
  onTime: z
    .enum(['true', 'false'])
    .optional()
    .describe('Only completed claims with a first ETA, completed on or before it (true) or after it (false)'),
  comeback: z
    .enum(['true'])
    .optional()
    .describe('Only completed claims whose vehicle had another claim reported within 30 days of completion'),
});
export type ClaimFilter = z.output<typeof claimFilterSchema>;
export type ClaimFilterKey = keyof ClaimFilter;

/** Every filter key: what "Clear filters" removes from an address. */
export const CLAIM_FILTER_KEYS = claimFilterSchema.keyof().options;

/** Keys a filter may repeat in a query string (`status=a&status=b`). */
const LIST_KEYS = new Set<string>(['status']);

/** The raw values of the claim filters in a query string, as the schema reads them (a repeated key: a list). */
export function claimFilterParams(
  params: URLSearchParams,
): Partial<Record<ClaimFilterKey, string | string[]>> {
  const raw: Partial<Record<ClaimFilterKey, string | string[]>> = {};
  for (const key of CLAIM_FILTER_KEYS) {
    const values = params.getAll(key).filter((value) => value !== '');
    if (values.length === 0) continue;
    raw[key] = LIST_KEYS.has(key) ? values : values[0]!;
  }
  return raw;
}

/**
 * The claim filters of an address, read leniently as a browser must: a value the schema refuses (an edited or
 * outdated link) is left out instead of failing the whole filter; a status list keeps its valid entries.
 */
export function parseClaimFilters(params: URLSearchParams): ClaimFilter {
  const filter: Record<string, unknown> = {};
  const shape = claimFilterSchema.shape;
  for (const [key, value] of Object.entries(claimFilterParams(params))) {
    const field = shape[key as ClaimFilterKey];
    const parsed = field.safeParse(value);
    if (parsed.success) {
      if (parsed.data !== undefined && parsed.data !== '') filter[key] = parsed.data;
      continue;
    }
    if (Array.isArray(value)) {
      const valid = value.filter((item) => field.safeParse(item).success);
      if (valid.length) filter[key] = field.parse(valid);
    }
  }
  return filter as ClaimFilter;
}

/** The query string of a filter (lists repeat their key), as `/vehicles` and `GET /api/vehicles` read it. */
export function claimFilterSearch(filter: Record<string, string | readonly string[] | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (Array.isArray(value)) for (const item of value as readonly string[]) params.append(key, item);
    else if (value !== undefined) params.set(key, value as string);
  }
  return params.toString();
}

export const CLAIM_SORTS = [
  'updatedAt',
  'createdAt',
  'number',
  'lossDate',
  'eta',
  'status',
  'priority',
  'estimateAmount',
  'approvedAmount',
  'finalAmount',
] as const;

/** `GET /api/vehicles`: the filters, a sort, and a numbered page or a cursor. */
export const listClaimsQuerySchema = claimFilterSchema.extend({
  sort: z.enum(CLAIM_SORTS).default('updatedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z
    .string()
    .max(300)
    .optional()
    .describe('From a previous answer’s nextCursor: the page after it, however deep (page is then ignored)'),
});
export type ListClaimsQuery = z.output<typeof listClaimsQuerySchema>;
