import { z } from 'zod';

/** Someone named on a record (null when the account was deleted). */
export const personSchema = z.object({ id: z.uuid(), username: z.string(), name: z.string() }).nullable();
export type Person = z.infer<typeof personSchema>;

/**
 * Who did something, as every line that names its author shows it: "Maria Manager", or "Alex Admin as Maria
 * Manager" when an admin did it while impersonating her. `nobody` names a deleted account (or the system).
 */
export function actedByName(actor: Person, impersonator: Person, nobody: string): string {
  const name = actor?.name ?? nobody;
  return impersonator ? `${impersonator.name} as ${name}` : name;
}

/**
 * Who did something, or the link it came through when no one of ours did: "Shop: Eastside Collision via link" for
 * a note or a file a repair shop added through its shop link (issue 32).
 */
export function actedByOrVia(
  actor: Person,
  impersonator: Person,
  via: string | null,
  nobody: string,
): string {
  return !actor && via ? via : actedByName(actor, impersonator, nobody);
}
