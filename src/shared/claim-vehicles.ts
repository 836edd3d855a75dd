import { z } from 'zod';
import { optionalOdometer, optionalText } from './fields.js';
import { vinModelYear, vinSchema } from './vin.js';
import { CLAIM_STATUSES } from './workflows.js';

/** A claim's vehicle: as typed on Add Claim, as stored, and as the VIN check answers (re-exported by claims.ts). */

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

/** "2022 Ford Transit 250", or null when year, make and model are all unknown. */
export function vehicleDescription(vehicle: {
  year: number | null;
  make: string | null;
  model: string | null;
}): string | null {
  return [vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' ') || null;
}

/** "2022 Ford Transit 250", or the unit number alone when year, make and model are unknown. */
export function vehicleTitle(vehicle: {
  year: number | null;
  make: string | null;
  model: string | null;
  unitNumber: string;
}): string {
  return vehicleDescription(vehicle) ?? `Unit ${vehicle.unitNumber}`;
}

/** "2022 Ford Transit · Unit 4821", or the unit alone: how a mail or an outside page names a claim's vehicle. */
export function vehicleLine(vehicle: {
  year: number | null;
  make: string | null;
  model: string | null;
  unitNumber: string;
}): string {
  return [vehicleDescription(vehicle), `Unit ${vehicle.unitNumber}`].filter(Boolean).join(' · ');
}
