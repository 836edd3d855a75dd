import { z } from 'zod';

/**
 * The first steps of a new installation, in the order an administrator takes them: each one needs the one
 * before it (a location belongs to a company, a claim to a company's vehicle).
 */
export const SETUP_STEPS = ['company', 'location', 'facility', 'user', 'claim'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

/** `GET /api/setup-checklist`: which first steps the installation has taken, read from its data. */
export const setupChecklistSchema = z.object({
  steps: z.array(
    z.object({
      step: z.enum(SETUP_STEPS),
      done: z.boolean().describe('Whether a record of this kind exists (a user other than the caller)'),
    }),
  ),
});
export type SetupChecklist = z.infer<typeof setupChecklistSchema>;
