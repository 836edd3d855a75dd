import { z } from 'zod';
import { optionalText } from './fields.js';
import { personSchema } from './claims.js';
import { formatCents, MAX_AMOUNT_CENTS } from './money.js';

/**
 * Mechanical authorizations (PRODUCT.md §2, §3): a shop asks the fleet to approve work on a mechanical claim,
 * line by line; a manager approves all, some or none of it, unless the company's auto-approval limit covers
 * the amount. Deciding moves the claim (decision 016).
 */

/** `withdrawn`: the claim was cancelled while the request awaited its decision, so nothing was left to decide. */
export const AUTHORIZATION_STATUSES = [
  'pending',
  'approved',
  'partially_approved',
  'declined',
  'withdrawn',
] as const;
export type AuthorizationStatus = (typeof AUTHORIZATION_STATUSES)[number];
export const AUTHORIZATION_STATUS_LABELS: Record<AuthorizationStatus, string> = {
  pending: 'Awaiting decision',
  approved: 'Approved',
  partially_approved: 'Partially approved',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

export const AUTHORIZATION_LINES_MAX = 100;
/** Requests per claim; keeps a claim's list one bounded read. */
export const AUTHORIZATIONS_PER_CLAIM_MAX = 100;

/** The amount of the given lines (all of them, or those whose id is in `selectedIds`). */
export function sumAuthorizationLines(
  lines: readonly { id?: string; amountCents: number }[],
  selectedIds?: ReadonlySet<string>,
): number {
  return lines.reduce(
    (sum, line) => (!selectedIds || (line.id && selectedIds.has(line.id)) ? sum + line.amountCents : sum),
    0,
  );
}

/** Whether a request of `amountCents` is approved at once under the company's limit (null: no limit). */
export function withinAutoApprovalLimit(amountCents: number, limitCents: number | null): boolean {
  return limitCents !== null && amountCents <= limitCents;
}

export function autoApprovalNote(amountCents: number, limitCents: number): string {
  return `Approved automatically: ${formatCents(amountCents)} is within the company’s auto-approval limit of ${formatCents(limitCents)}.`;
}

export const authorizationLineInputSchema = z.object({
  description: z.string().trim().min(1, 'Describe the work').max(500, 'At most 500 characters'),
  amountCents: z
    .number({ message: 'Enter the amount in dollars, like 125.50' })
    .int('Amount must be in whole cents')
    .min(1, 'Amount must be more than $0.00')
    .max(100_000_000, 'Amount must be at most $1,000,000.00')
    .describe('Parts and labour of this line, in cents'),
});
export type AuthorizationLineInput = z.input<typeof authorizationLineInputSchema>;

/** `POST /api/vehicles/{id}/authorizations`: the work asked for; the amount is the sum of its lines. */
export const authorizationRequestSchema = z
  .object({
    lines: z
      .array(authorizationLineInputSchema)
      .min(1, 'Add at least one line of work')
      .max(AUTHORIZATION_LINES_MAX, `A request has at most ${AUTHORIZATION_LINES_MAX} lines`),
    note: optionalText(2000).describe('What the shop found and why the work is needed'),
  })
  .superRefine((value, context) => {
    if (sumAuthorizationLines(value.lines) > MAX_AMOUNT_CENTS) {
      context.addIssue({
        code: 'custom',
        path: ['lines'],
        message: `A request totals at most ${formatCents(MAX_AMOUNT_CENTS)}`,
      });
    }
  });
export type AuthorizationRequestInput = z.input<typeof authorizationRequestSchema>;
export type AuthorizationRequestValues = z.output<typeof authorizationRequestSchema>;

export const DECLINE_REASON_REQUIRED = 'Give the reason for declining';

/**
 * `POST /api/authorizations/{id}/decision`. Approving without `lineIds` approves every line; with them, only
 * those (all of them is a full approval). Declining needs a reason.
 */
export const authorizationDecisionSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('approve'),
    lineIds: z
      .array(z.uuid())
      .min(1, 'Choose at least one line to approve, or decline the request')
      .optional()
      .describe('The lines approved; omitted, all of them'),
    note: optionalText(2000),
  }),
  z.object({
    action: z.literal('decline'),
    note: z
      .string({ message: DECLINE_REASON_REQUIRED })
      .trim()
      .min(1, DECLINE_REASON_REQUIRED)
      .max(2000, 'At most 2000 characters'),
  }),
]);
export type AuthorizationDecision = z.input<typeof authorizationDecisionSchema>;

export const authorizationLineSchema = z.object({
  id: z.uuid(),
  position: z.number().int(),
  description: z.string(),
  amountCents: z.number().int(),
  approved: z.boolean().nullable().describe('Null until the request is decided'),
});
export type AuthorizationLine = z.infer<typeof authorizationLineSchema>;

export const authorizationSchema = z.object({
  id: z.uuid(),
  claimId: z.uuid(),
  sequence: z.number().int().describe('1 for the claim’s first request, then 2, …'),
  status: z.enum(AUTHORIZATION_STATUSES),
  requestedAmountCents: z.number().int(),
  approvedAmountCents: z.number().int().nullable().describe('Null until decided; 0 when declined'),
  note: z.string().nullable().describe('The request’s explanation'),
  requestedBy: personSchema,
  createdAt: z.iso.datetime({ offset: true }),
  decidedBy: personSchema.describe('Null while pending or when approved automatically'),
  decidedAutomatically: z.boolean().describe('Approved at once under the company’s auto-approval limit'),
  decidedAt: z.iso.datetime({ offset: true }).nullable(),
  decisionNote: z.string().nullable().describe('The reason of a decline, or a note on an approval'),
  lines: z.array(authorizationLineSchema),
});
export type Authorization = z.infer<typeof authorizationSchema>;

export const claimAuthorizationsSchema = z.object({
  items: z.array(authorizationSchema).describe('Newest first'),
  autoApprovalLimitCents: z
    .number()
    .int()
    .nullable()
    .describe('The company’s limit: requests at or under it are approved at once'),
});
export type ClaimAuthorizations = z.infer<typeof claimAuthorizationsSchema>;
