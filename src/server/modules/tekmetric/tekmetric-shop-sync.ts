import { eq } from 'drizzle-orm';
import type { SyncLogEntry } from '@shared/tekmetric.js';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { tekmetricRepairOrders, tekmetricSyncLog } from '../../db/schema/index.js';
import type { TekmetricClient, TekmetricVehicleDto } from './tekmetric-client.js';
import { CLAIM_CHANGED_DURING_SYNC, isStaleClaim, syncRepairOrder } from './tekmetric-sync.service.js';

/**
 * The repair-order sync of one shop (issue 17): ROs updated since the cursor, page by page until `last`, each
 * synced by `syncRepairOrder`; what happened to each is counted for the shop's row of the sync log.
 */

/** How far back each run looks before the cursor, for ROs saved while the previous run was reading. */
export const CURSOR_OVERLAP_MS = 5 * 60_000;
export const PAGE_SIZE = 100;

export interface ShopSyncOutcome {
  rosFetched: number;
  claimsCreated: number;
  claimsUpdated: number;
  unchanged: number;
  skipped: SyncLogEntry['skipped'];
  errors: SyncLogEntry['errors'];
}

export interface ShopSyncInput {
  actor: Actor;
  shopId: string;
  facility: { id: string; name: string };
  updatedSince: Date | undefined;
  pageSize?: number;
  signal?: AbortSignal;
}

/**
 * One shop's sync: every page of ROs updated since `updatedSince` (all of them the first time) until the page
 * says `last`. A failing page throws (the caller logs it and keeps the cursor); a failing RO is logged with its id
 * and the others go on.
 */
export async function syncShop(
  db: Database,
  client: TekmetricClient,
  input: ShopSyncInput,
  outcome: ShopSyncOutcome,
): Promise<void> {
  const vehicleCache = new Map<number, TekmetricVehicleDto | null>();
  const vehicleOf = async (vehicleId: number | null) => {
    if (!vehicleId) return null;
    if (!vehicleCache.has(vehicleId)) vehicleCache.set(vehicleId, await client.vehicle(vehicleId));
    return vehicleCache.get(vehicleId) ?? null;
  };
  // Updated ROs, then (after a first sync) those deleted since: their claims are cancelled.
  const passes = input.updatedSince ? [false, true] : [false];
  for (const deleted of passes) {
    for (let page = 0; ; page++) {
      if (input.signal?.aborted) throw new Error('the sync was stopped');
      const result = await client.repairOrdersPage({
        shopId: input.shopId,
        updatedSince: input.updatedSince,
        deleted,
        page,
        size: input.pageSize ?? PAGE_SIZE,
      });
      for (const ro of result.content) {
        outcome.rosFetched++;
        if (deleted) {
          const [known] = await db
            .select({ roId: tekmetricRepairOrders.roId })
            .from(tekmetricRepairOrders)
            .where(eq(tekmetricRepairOrders.roId, String(ro.id)));
          // Deleted before it was ever synced: nothing to undo.
          if (!known) {
            outcome.unchanged++;
            continue;
          }
          ro.deletedDate ??= new Date().toISOString();
        }
        try {
          const done = await syncRepairOrder(db, ro, {
            actor: input.actor,
            facility: input.facility,
            vehicle: () => vehicleOf(ro.vehicleId),
          });
          if (done.kind === 'skipped')
            outcome.skipped.push({
              roId: String(ro.id),
              roNumber: ro.repairOrderNumber === null ? null : String(ro.repairOrderNumber),
              reason: done.reason,
            });
          else if (done.kind === 'created') outcome.claimsCreated++;
          else if (done.kind === 'updated') outcome.claimsUpdated++;
          else outcome.unchanged++;
        } catch (error) {
          // An error, not a skip: the shop's cursor stays, so the next run reads this RO again.
          outcome.errors.push({
            roId: String(ro.id),
            message: isStaleClaim(error)
              ? CLAIM_CHANGED_DURING_SYNC
              : error instanceof Error
                ? error.message
                : String(error),
          });
        }
      }
      if (result.last || result.content.length === 0) break;
    }
  }
}

export async function writeSyncLog(
  db: Database,
  entry: Omit<typeof tekmetricSyncLog.$inferInsert, 'id' | 'seq'>,
) {
  await db.insert(tekmetricSyncLog).values(entry);
}
