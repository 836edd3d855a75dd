import { z } from 'zod';

/** Someone named on a record (null when the account was deleted). */
export const personSchema = z.object({ id: z.uuid(), username: z.string(), name: z.string() }).nullable();
export type Person = z.infer<typeof personSchema>;
