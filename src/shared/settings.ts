import { z } from 'zod';

/**
 * A claim in the same status for this many days or more is stale on the Claim Manager board, until an admin changes
 * it (the board says so: `staleRule`). A week: long enough for a step that goes to plan, short enough that a claim
 * left in Reported without a facility, or waiting on an estimate, stands out while there is still time to act.
 */
export const DEFAULT_STALE_CLAIM_DAYS = 7;
export const STALE_CLAIM_DAYS_MAX = 365;

/**
 * A claim whose repair shop was sent a shop link (issue 32) and has not updated it for this many days is flagged on
 * the Claim Manager board: the shop has gone quiet, someone should call.
 */
export const DEFAULT_SHOP_QUIET_DAYS = 3;

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
    .describe('Claim Manager: a claim in the same status for this many days or more is highlighted as stale'),
  shopQuietDays: z
    .number({ message: 'Enter a number of days' })
    .int('Enter a whole number of days')
    .min(1, 'At least 1 day')
    .max(STALE_CLAIM_DAYS_MAX, `At most ${STALE_CLAIM_DAYS_MAX} days`)
    .describe(
      'Claim Manager: a claim whose shop has a shop link and has not updated it for this many days is flagged',
    ),
  managersCreateApiTokens: z
    .boolean()
    .describe('Managers may create API tokens of their own, for chosen companies of theirs (issue 33)'),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export const DEFAULT_SETTINGS: PublicSettings = {
  fleetDashboardCompanyId: null,
  staleClaimDays: DEFAULT_STALE_CLAIM_DAYS,
  shopQuietDays: DEFAULT_SHOP_QUIET_DAYS,
  managersCreateApiTokens: false,
};

export const updateSettingsRequestSchema = publicSettingsSchema.partial();
export type UpdateSettingsRequest = z.infer<typeof updateSettingsRequestSchema>;
