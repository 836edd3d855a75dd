import { z } from 'zod';
import {
  createClaimSchema,
  PRIORITIES,
  vehicleInputSchema,
  type CreateClaimInput,
  type VehicleInput,
} from '@shared/claims';

/**
 * The Add Claim form's schemas. Inputs hold what people type (text for numbers, dollars for money, empty for
 * "not given"); each schema turns that into the API's request and pipes it through the API's own schema
 * (`vehicleInputSchema`, `createClaimSchema`), so every message under a field is the server's message, and
 * what passes here passes there.
 */

/** "" → null, "12,500" → 12500; anything else becomes a number the shared schema judges (NaN included). */
export function parseWholeNumber(text: string): number | null {
  const trimmed = text.trim().replace(/,/g, '');
  return trimmed === '' ? null : Number(trimmed);
}

/**
 * Dollars as typed ("1,250.5", "$80") → integer cents without floating-point drift ("0.29" is 29, not
 * 28.999…). Text that is not an amount becomes NaN or a fraction of a cent, which the shared schema refuses
 * with its own message ("… must be an amount", "… must be in whole cents").
 */
export function dollarsToCents(text: string): number | null {
  const trimmed = text.trim().replace(/[$,\s]/g, '');
  if (trimmed === '') return null;
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(trimmed);
  if (match) return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number(trimmed) * 100;
}

/** Integer cents → the dollars a form shows ("1250.50"). */
export function centsToDollars(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  return (cents / 100).toFixed(2);
}

// ---------------------------------------------------------------- step 1: the vehicle

const newVehicleFields = z.object({
  companyId: z.string(),
  locationId: z.string(),
  unitNumber: z.string(),
  vin: z.string(),
  year: z.string(),
  make: z.string(),
  model: z.string(),
  plate: z.string(),
  plateState: z.string(),
  color: z.string(),
  odometer: z.string(),
});
export type NewVehicleFields = z.infer<typeof newVehicleFields>;

export const newVehicleSchema = newVehicleFields
  .transform((value): VehicleInput => ({
    ...value,
    locationId: value.locationId || null,
    year: parseWholeNumber(value.year),
    odometer: parseWholeNumber(value.odometer),
  }))
  .pipe(vehicleInputSchema);

export const emptyNewVehicle = (companyId = ''): NewVehicleFields => ({
  companyId,
  locationId: '',
  unitNumber: '',
  vin: '',
  year: '',
  make: '',
  model: '',
  plate: '',
  plateState: '',
  color: '',
  odometer: '',
});

/** The shared rule's message when neither an existing nor a new vehicle is given. */
export const CHOOSE_VEHICLE_MESSAGE = 'Choose a vehicle or enter a new one';

/** Step 1: pick an existing vehicle (`vehicleId`) or describe a new one (`vehicle`). */
export const vehicleStepSchema = z
  .object({
    mode: z.enum(['existing', 'new']),
    vehicleId: z.string(),
    vehicle: newVehicleFields,
  })
  .transform((value, context): Pick<CreateClaimInput, 'vehicleId' | 'vehicle'> => {
    if (value.mode === 'existing') {
      if (!z.uuid().safeParse(value.vehicleId).success) {
        context.addIssue({ code: 'custom', path: ['vehicleId'], message: CHOOSE_VEHICLE_MESSAGE });
        return z.NEVER;
      }
      return { vehicleId: value.vehicleId };
    }
    const parsed = newVehicleSchema.safeParse(value.vehicle);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        context.addIssue({ code: 'custom', path: ['vehicle', ...issue.path], message: issue.message });
      }
      return z.NEVER;
    }
    return { vehicle: parsed.data };
  });
export type VehicleStepValues = z.input<typeof vehicleStepSchema>;
export type VehicleChoice = z.output<typeof vehicleStepSchema>;

/** Fields of step 1 that the server may name in its field errors. */
export const VEHICLE_STEP_FIELDS = [
  'vehicleId',
  ...newVehicleFields.keyof().options.map((key) => `vehicle.${key}` as const),
] as const;

// ---------------------------------------------------------------- step 2: the claim

export const DRIVABLE_CHOICES = ['yes', 'no', 'unknown'] as const;

const claimDetailsFields = z.object({
  workflow: z.string(),
  description: z.string(),
  lossDate: z.string(),
  priority: z.enum(PRIORITIES),
  reportedByName: z.string(),
  reportedByPhone: z.string(),
  drivable: z.enum(DRIVABLE_CHOICES),
  towRequired: z.boolean(),
  rentalNeeded: z.boolean(),
  odometerAtIntake: z.string(),
  repairFacilityId: z.string(),
  assigneeId: z.string(),
  insurer: z.string(),
  insurerClaimNumber: z.string(),
  policyNumber: z.string(),
  adjusterName: z.string(),
  adjusterPhone: z.string(),
  adjusterEmail: z.string(),
  /** In dollars, as typed; named like the API field so the server's field errors land under it. */
  deductibleCents: z.string(),
  /** In dollars, as typed. */
  estimateAmountCents: z.string(),
  dropOffDate: z.string(),
  eta: z.string(),
});
export type ClaimDetailsValues = z.infer<typeof claimDetailsFields>;

/** A claim not filled in yet; the date of loss starts at `lossDate` (the form passes today, the user's calendar). */
export const emptyClaimDetails = (lossDate = ''): ClaimDetailsValues => ({
  workflow: '',
  description: '',
  lossDate,
  priority: 'normal',
  reportedByName: '',
  reportedByPhone: '',
  drivable: 'unknown',
  towRequired: false,
  rentalNeeded: false,
  odometerAtIntake: '',
  repairFacilityId: '',
  assigneeId: '',
  insurer: '',
  insurerClaimNumber: '',
  policyNumber: '',
  adjusterName: '',
  adjusterPhone: '',
  adjusterEmail: '',
  deductibleCents: '',
  estimateAmountCents: '',
  dropOffDate: '',
  eta: '',
});

/** The insurance fields belong to collision claims; a mechanical claim sends none of them. */
const INSURANCE_FIELDS = [
  'insurer',
  'insurerClaimNumber',
  'policyNumber',
  'adjusterName',
  'adjusterPhone',
  'adjusterEmail',
] as const;

/** The request `POST /api/vehicles` takes, from the details as typed and the vehicle chosen in step 1. */
export function toCreateClaimInput(details: ClaimDetailsValues, choice: VehicleChoice): CreateClaimInput {
  const collision = details.workflow === 'collision';
  const insurance = Object.fromEntries(
    INSURANCE_FIELDS.map((field) => [field, collision ? details[field] : null]),
  ) as Pick<CreateClaimInput, (typeof INSURANCE_FIELDS)[number]>;
  return {
    ...choice,
    workflow: details.workflow as CreateClaimInput['workflow'],
    description: details.description,
    lossDate: details.lossDate,
    priority: details.priority,
    reportedByName: details.reportedByName,
    reportedByPhone: details.reportedByPhone,
    drivable: details.drivable === 'unknown' ? null : details.drivable === 'yes',
    towRequired: details.towRequired,
    rentalNeeded: details.rentalNeeded,
    odometerAtIntake: parseWholeNumber(details.odometerAtIntake),
    repairFacilityId: details.repairFacilityId || null,
    assigneeId: details.assigneeId || null,
    ...insurance,
    deductibleCents: collision ? dollarsToCents(details.deductibleCents) : null,
    estimateAmountCents: dollarsToCents(details.estimateAmountCents),
    dropOffDate: details.dropOffDate || null,
    eta: details.eta || null,
  };
}

/** Step 2, for the vehicle chosen in step 1: its output is the request, checked by `createClaimSchema`. */
export const claimDetailsSchema = (choice: VehicleChoice) =>
  claimDetailsFields.transform((details) => toCreateClaimInput(details, choice)).pipe(createClaimSchema);

/** Fields of step 2 that the server may name in its field errors. */
export const CLAIM_DETAILS_FIELDS = claimDetailsFields.keyof().options;
