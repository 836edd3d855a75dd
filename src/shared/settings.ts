import { z } from 'zod';

/**
 * A claim not updated for this many days is stale on the Claim Manager board, until an admin changes it. Two
 * weeks: a repair in progress is touched (a note, an ETA, a move) more often than that, so the highlight falls
 * on the few claims that really stalled (at 7 days, 59 of 96 demo cards were stale).
 */
export const DEFAULT_STALE_CLAIM_DAYS = 14;
export const STALE_CLAIM_DAYS_MAX = 365;

/** System settings every logged-in user may read (they shape the navigation and the board). */
export const publicSettingsSchema = z.object({
  fleetDashboardCompanyId: z
    .uuid()
    .nullable()
    .describe('The company whose viewers also see the Fleet Dashboard (spec §6); null for none'),
  staleClaimDays: z
    .number({ message: 'Enter a number of days' })
    .int('Enter a whole number of days')
    .min(1, 'At least 1 day')
    .max(STALE_CLAIM_DAYS_MAX, `At most ${STALE_CLAIM_DAYS_MAX} days`)
    .describe('Claim Manager: a claim not updated for this many days is highlighted as stale'),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export const DEFAULT_SETTINGS: PublicSettings = {
  fleetDashboardCompanyId: null,
  staleClaimDays: DEFAULT_STALE_CLAIM_DAYS,
};

export const updateSettingsRequestSchema = publicSettingsSchema.partial();
export type UpdateSettingsRequest = z.infer<typeof updateSettingsRequestSchema>;
