import { sql } from 'drizzle-orm';
import { documentNumber } from '@shared/accounting.js';
import type { Database } from '../../db/client.js';
import { counters } from '../../db/schema/index.js';

/**
 * The next number of a per-year sequence (`INV-2026-000001`), taken from a counter row inside the caller's
 * transaction: the row stays locked until it commits, so two sends take turns, and a transaction that fails
 * gives its number back (no gaps, no duplicates).
 */
export async function nextDocumentNumber(tx: Database, prefix: 'INV' | 'CN', year: number): Promise<string> {
  const [row] = await tx
    .insert(counters)
    .values({ name: `${prefix.toLowerCase()}-${year}`, value: 1 })
    .onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + 1` } })
    .returning({ value: counters.value });
  return documentNumber(prefix, year, row!.value);
}
