import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { queryRows, type Database } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';

/** How long an outcome is kept: a retry a day later is still answered with it (decision 040). */
export const KEEP_OUTCOME = '1 day';
/**
 * A key whose first request has not finished after this long is taken as abandoned (its process stopped, or the
 * database was gone when its outcome was to be written) and may be run again. Longer than the statement timeout.
 */
export const ABANDONED_AFTER = '2 minutes';

/** The key one run of a request holds, from `claimKey` to `completeKey` or `releaseKey`. */
export interface KeyClaim {
  userId: string;
  key: string;
  attempt: string;
}

export interface KeptOutcome {
  status: number;
  contentType: string;
  body: string;
}

export type KeyRow = typeof idempotencyKeys.$inferSelect;

export type ClaimResult = { kind: 'claimed'; claim: KeyClaim } | { kind: 'kept'; row: KeyRow | undefined };

const sameKey = (userId: string, key: string) =>
  and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

/** A key's row within its day, if any: an outcome, or (status null) a run of a request not finished yet. */
export async function keptKey(db: Database, userId: string, key: string) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(sameKey(userId, key), gt(idempotencyKeys.expiresAt, sql`now()`)));
  return row;
}

/**
 * In a route's transaction: whether this transaction may run the request of `key`, false while another
 * transaction does (a lock held until its commit or rollback, across processes; answerOnce).
 */
export async function lockKeyForTransaction(db: Database, userId: string, key: string): Promise<boolean> {
  const [row] = await queryRows<{ locked: boolean }>(
    db,
    sql`select pg_try_advisory_xact_lock(hashtextextended(${`idempotency:${userId}:${key}`}, 0)) as locked`,
  );
  return row!.locked;
}

/**
 * In a route's transaction: keeps its outcome, committed with the change or not at all (an expired row of the same
 * key is replaced). False when a live row of the key appeared meanwhile (another run holds it).
 */
export async function insertOutcome(
  db: Database,
  row: { userId: string; key: string; fingerprint: string } & KeptOutcome,
): Promise<boolean> {
  const values = { ...row, attempt: randomUUID(), expiresAt: sql`now() + ${KEEP_OUTCOME}::interval` };
  const inserted = await db
    .insert(idempotencyKeys)
    .values(values)
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: values,
      setWhere: lt(idempotencyKeys.expiresAt, sql`now()`),
    })
    .returning({ attempt: idempotencyKeys.attempt });
  return inserted.length > 0;
}

/**
 * Takes `key` for this run (a row with no outcome yet), or tells what a run before it did. An expired outcome or an
 * abandoned run is removed first (delete on read; the hourly clean-up removes the rest).
 */
export async function claimKey(
  db: Database,
  { userId, key, fingerprint }: { userId: string; key: string; fingerprint: string },
): Promise<ClaimResult> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        sameKey(userId, key),
        or(
          lt(idempotencyKeys.expiresAt, sql`now()`),
          and(
            isNull(idempotencyKeys.status),
            lt(idempotencyKeys.createdAt, sql`now() - ${ABANDONED_AFTER}::interval`),
          ),
        ),
      ),
    );
  const attempt = randomUUID();
  const [claimed] = await db
    .insert(idempotencyKeys)
    .values({ userId, key, fingerprint, attempt, expiresAt: sql`now() + ${KEEP_OUTCOME}::interval` })
    .onConflictDoNothing()
    .returning({ attempt: idempotencyKeys.attempt });
  if (claimed) return { kind: 'claimed', claim: { userId, key, attempt } };
  // Undefined: removed between the insert and this read, as another run took it over a moment ago.
  return { kind: 'kept', row: await keptKey(db, userId, key) };
}

/** The key's row while this run holds it and has kept no outcome yet. */
const stillRunning = (claim: KeyClaim) =>
  and(
    sameKey(claim.userId, claim.key),
    eq(idempotencyKeys.attempt, claim.attempt),
    isNull(idempotencyKeys.status),
  );

/** Keeps the outcome of the run holding the key; false when the key is no longer this run's. */
export async function completeKey(db: Database, claim: KeyClaim, outcome: KeptOutcome): Promise<boolean> {
  const rows = await db
    .update(idempotencyKeys)
    .set(outcome)
    .where(stillRunning(claim))
    .returning({ attempt: idempotencyKeys.attempt });
  return rows.length > 0;
}

/** Gives the key up when its run stored nothing (it failed): the same key may be sent again. */
export async function releaseKey(db: Database, claim: KeyClaim) {
  await db.delete(idempotencyKeys).where(stillRunning(claim));
}

/** The hourly clean-up's part: outcomes past their day. */
export async function deleteExpiredKeys(db: Database) {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, sql`now()`));
}
