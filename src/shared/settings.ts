import { z } from 'zod';

/** System settings every logged-in user may read (they shape the navigation). */
export const publicSettingsSchema = z.object({
  fleetDashboardCompanyId: z
    .uuid()
    .nullable()
    .describe('The company whose viewers also see the Fleet Dashboard (spec §6); null for none'),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export const updateSettingsRequestSchema = publicSettingsSchema.partial();
export type UpdateSettingsRequest = z.infer<typeof updateSettingsRequestSchema>;
