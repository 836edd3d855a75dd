import { z } from 'zod';

/**
 * The first steps of a new installation, in the order an administrator takes them: the administrator's own
 * name and email first (the first administrator starts without them, and reset links and mentions reach
 * people by mail), then the records, each needing the one before it (a location belongs to a company, a claim
 * to a company's vehicle).
 */
export const SETUP_STEPS = ['profile', 'company', 'location', 'facility', 'user', 'claim'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

/** `GET /api/setup-checklist`: which first steps the installation has taken, read from its data. */
export const setupChecklistSchema = z.object({
  steps: z.array(
    z.object({
      step: z.enum(SETUP_STEPS),
      done: z
        .boolean()
        .describe(
          'profile: the caller has a first name, a last name and an email; the others: a record of this kind exists (user: a user other than the caller)',
        ),
    }),
  ),
});
export type SetupChecklist = z.infer<typeof setupChecklistSchema>;
