import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { counters } from '../../db/schema/index.js';

/** Claim numbers come from a counter row updated inside the creating transaction: no gaps, no duplicates. */
export async function nextClaimNumber(tx: Database): Promise<number> {
  const [row] = await tx
    .insert(counters)
    .values({ name: 'claim', value: 1 })
    .onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + 1` } })
    .returning({ value: counters.value });
  return row!.value;
}
