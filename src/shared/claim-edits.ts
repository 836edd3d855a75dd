import { z } from 'zod';
import {
  isoDate,
  latestToday as today,
  optionalEmail,
  optionalOdometer,
  optionalPhone,
  optionalText,
} from './fields.js';
import { vehicleInputSchema } from './claim-vehicles.js';
import { WORKFLOWS } from './workflows.js';
import { cents, PRIORITIES } from './claim-amounts.js';

/** What people send to create or edit a claim, and the order its dates must keep (re-exported by claims.ts). */

export { CLAIM_AMOUNT_MAX_CENTS, cents, PRIORITIES, PRIORITY_LABELS } from './claim-amounts.js';

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
