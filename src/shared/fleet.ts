import { z } from 'zod';
import { companyBillingFields } from './accounting.js';
import { optionalEmail, optionalPhone, optionalText } from './fields.js';
import { timeZoneSchema } from './time-zones.js';

const text = (label: string, max = 200) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);
const code = z
  .string()
  .trim()
  .min(1, 'Code is required')
  .max(20, 'Code must be at most 20 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'Code may contain only letters, digits, dashes and underscores');

/** Open claims, vehicles down and average downtime of a company, location or facility. */
export const recordSummarySchema = z.object({
  openClaims: z.number().int(),
  vehiclesDown: z
    .number()
    .int()
    .describe('Vehicles with an open claim that are not drivable or are at a shop'),
  averageDowntimeDays: z.number().nullable().describe('Average days down of the open claims'),
});
export type RecordSummary = z.infer<typeof recordSummarySchema>;

export const companyInputSchema = z.object({
  name: text('Name'),
  code,
  contactName: optionalText(200),
  contactEmail: optionalEmail,
  contactPhone: optionalPhone,
  billingAddress: optionalText(500),
  notes: optionalText(5000),
  autoApprovalLimitCents: z
    .number({ message: 'The auto-approval limit must be an amount' })
    .int('The auto-approval limit must be in whole cents')
    .min(0, 'The auto-approval limit cannot be negative')
    .max(100_000_000, 'The auto-approval limit must be at most $1,000,000.00')
    .nullable()
    .optional()
    .describe('Mechanical authorizations at or under this amount (cents) are approved at once; null: none'),
  ...companyBillingFields,
  timeZone: timeZoneSchema
    .optional()
    .describe(
      'IANA time zone its days start in and its times print in; default: the server’s DEFAULT_TIME_ZONE',
    ),
  active: z.boolean().optional(),
});
export type CompanyInput = z.input<typeof companyInputSchema>;
export type CompanyValues = z.output<typeof companyInputSchema>;

export const companySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  code: z.string(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  billingAddress: z.string().nullable(),
  notes: z.string().nullable(),
  autoApprovalLimitCents: z.number().int().nullable(),
  paymentTermsDays: z.number().int().describe('Days from an invoice’s issue to its due date'),
  taxRatePercent: z.number().describe('Percent charged on the taxable lines of its invoices'),
  billingEmail: z.string().nullable(),
  invoiceRemindersEnabled: z.boolean(),
  monthlyStatementsEnabled: z.boolean(),
  timeZone: z.string().describe('IANA time zone, e.g. America/Chicago'),
  active: z.boolean(),
  summary: recordSummarySchema,
});
export type Company = z.infer<typeof companySchema>;

export const locationInputSchema = z.object({
  companyId: z.uuid('Choose a company'),
  name: text('Name'),
  code,
  address: optionalText(500),
  phone: optionalPhone,
  contactName: optionalText(200),
  active: z.boolean().optional(),
});
export type LocationInput = z.input<typeof locationInputSchema>;
export type LocationValues = z.output<typeof locationInputSchema>;

export const locationSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  companyName: z.string(),
  name: z.string(),
  code: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  contactName: z.string().nullable(),
  active: z.boolean(),
  summary: recordSummarySchema,
});
export type Location = z.infer<typeof locationSchema>;

export const FACILITY_KINDS = ['collision', 'mechanical', 'both'] as const;

export const repairFacilityInputSchema = z.object({
  name: text('Name'),
  kind: z.enum(FACILITY_KINDS, { message: 'Choose what the facility repairs' }),
  address: optionalText(500),
  phone: optionalPhone,
  email: optionalEmail,
  contactName: optionalText(200),
  laborRateCents: z
    .number()
    .int()
    .min(0, 'The labour rate cannot be negative')
    .max(10_000_00)
    .nullable()
    .optional(),
  cccShopId: optionalText(100),
  tekmetricShopId: optionalText(100),
  active: z.boolean().optional(),
});
export type RepairFacilityInput = z.input<typeof repairFacilityInputSchema>;
export type RepairFacilityValues = z.output<typeof repairFacilityInputSchema>;

export const repairFacilitySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(FACILITY_KINDS),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  contactName: z.string().nullable(),
  laborRateCents: z.number().int().nullable(),
  cccShopId: z.string().nullable(),
  tekmetricShopId: z.string().nullable(),
  active: z.boolean(),
  summary: recordSummarySchema,
});
export type RepairFacility = z.infer<typeof repairFacilitySchema>;

export const listRecordsQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  companyId: z.uuid().optional(),
  active: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type ListRecordsQuery = z.infer<typeof listRecordsQuerySchema>;
