import { z } from 'zod';
import { personSchema } from './people.js';

/** The longest note, in characters. */
export const NOTE_MAX_LENGTH = 10_000;

export const noteRequestSchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'Write a note first')
    .max(NOTE_MAX_LENGTH, 'A note is at most 10,000 characters'),
});

export const noteSchema = z.object({
  id: z.uuid(),
  body: z.string().describe('Plain text; @username mentions are kept as typed'),
  author: personSchema,
  impersonator: personSchema.describe(
    'The admin who wrote it while impersonating the author; null otherwise',
  ),
  via: z
    .string()
    .nullable()
    .describe(
      '"Shop: <facility> via link" when a repair shop wrote it through its shop link (no author then)',
    ),
  mentions: z.array(z.object({ id: z.uuid(), username: z.string() })),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Note = z.infer<typeof noteSchema>;

/** `@username` mentions in a note (usernames: letters, digits, dot, dash, underscore). */
export function parseMentions(body: string): string[] {
  const names = new Set<string>();
  for (const match of body.matchAll(/(^|[^A-Za-z0-9._-])@([A-Za-z0-9._-]{3,64})/g)) {
    names.add(match[2]!.replace(/[.-]+$/, '').toLowerCase());
  }
  return [...names];
}
