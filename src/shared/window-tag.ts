import { z } from 'zod';
import { CLAIM_STATUSES, WORKFLOWS } from './workflows.js';

/**
 * `GET /api/vehicles/{id}/window-tag`: the only claim data anyone may read without logging in (the tag
 * hangs in a vehicle's window). Deliberately minimal: no costs, people, phone numbers, notes or company.
 * The response schema is this list, so any other field is stripped.
 */
export const windowTagSchema = z.object({
  claimNumber: z.string().describe('CLM-000123'),
  unitNumber: z.string(),
  vinLast8: z.string().describe('The last 8 characters of the VIN'),
  facilityName: z.string().nullable().describe('The repair facility, if one is chosen'),
  status: z.enum(CLAIM_STATUSES),
  statusLabel: z.string(),
  workflow: z.enum(WORKFLOWS),
  eta: z.string().nullable().describe('Estimated completion (YYYY-MM-DD)'),
});
export type WindowTag = z.infer<typeof windowTagSchema>;

export const WINDOW_TAG_FIELDS = Object.keys(windowTagSchema.shape) as (keyof WindowTag)[];
