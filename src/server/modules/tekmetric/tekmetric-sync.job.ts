import { createHash } from 'node:crypto';
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import type { SyncLog } from '@shared/tekmetric.js';
import type { Database } from '../../db/client.js';
import { repairFacilities, tekmetricSyncLog } from '../../db/schema/index.js';
import { defineJob, enqueueJob, jobInProgress } from '../../jobs/runner/index.js';
import {
  TekmetricClient,
  type TekmetricClientOptions,
  type TekmetricCredentials,
} from './tekmetric-client.js';
import type { OutboundUrlRules } from '../../outbound-url.js';
import { readConnection, usableCredentials } from './tekmetric-settings.service.js';
import { CURSOR_OVERLAP_MS, syncShop, writeSyncLog, type ShopSyncOutcome } from './tekmetric-shop-sync.js';

export const TEKMETRIC_SYNC_JOB = 'tekmetric.sync';
/**
 * One key for every run: runs never overlap, in any number of processes (the runner's lock), so no shop is
 * ever synced twice at once, and triggers while a run waits join it.
 */
export const TEKMETRIC_SYNC_KEY = 'all-shops';

interface SyncState {
  /** Per shop id: the time the last fully successful sync of that shop began (ISO). */
  cursors: Record<string, string>;
}

export interface TekmetricSyncJobOptions {
  secretsKey: Buffer | undefined;
  /** What a custom base URL may point at (config `integrationUrls`), checked before every run. */
  integrationUrls: OutboundUrlRules;
  /** Tests inject a sleep that does not wait. */
  clientOptions?: TekmetricClientOptions;
  pageSize?: number;
  /** The wall clock the log records (tests keep real time; the runner's clock decides what is due). */
  clock?: () => Date;
}

/** Queues a manual sync now (the "Sync now" button); answers false when one already waited (it joined it). */
export async function queueTekmetricSync(db: Database): Promise<boolean> {
  const { queued } = await enqueueJob(db, TEKMETRIC_SYNC_JOB, { key: TEKMETRIC_SYNC_KEY });
  return queued;
}

/** "Sync now" waits or runs (a scheduled run is not shown as in progress). */
export const syncInProgress = (db: Database) => jobInProgress(db, TEKMETRIC_SYNC_JOB, { trigger: 'manual' });

export async function readSyncLog(db: Database, limit = 50): Promise<SyncLog> {
  const rows = await db
    .select({ log: tekmetricSyncLog, facilityName: repairFacilities.name })
    .from(tekmetricSyncLog)
    .leftJoin(repairFacilities, eq(repairFacilities.id, tekmetricSyncLog.facilityId))
    .orderBy(desc(tekmetricSyncLog.startedAt), desc(tekmetricSyncLog.seq))
    .limit(limit);
  return {
    syncInProgress: await syncInProgress(db),
    items: rows.map(({ log, facilityName }) => ({
      id: log.id,
      shopId: log.shopId,
      facilityName,
      trigger: log.trigger,
      status: log.status,
      startedAt: log.startedAt.toISOString(),
      durationMs: log.durationMs,
      updatedSince: log.updatedSince?.toISOString() ?? null,
      rosFetched: log.rosFetched,
      claimsCreated: log.claimsCreated,
      claimsUpdated: log.claimsUpdated,
      unchanged: log.unchanged,
      skipped: log.skipped as SyncLog['items'][number]['skipped'],
      errors: log.errors as SyncLog['items'][number]['errors'],
    })),
  };
}

const credentialKey = (credentials: TekmetricCredentials) =>
  createHash('sha256').update(JSON.stringify(credentials)).digest('hex');

/**
 * `tekmetric.sync`: every mapped shop, one after the other; one shop's failure does not stop the others. It runs
 * every N minutes of the setting, read by the runner (`ScheduleSetting`), once a client id is saved; and on
 * "Sync now". The runner's log keeps each run; `tekmetric_sync_log` its row per shop (decision 021).
 */
export function tekmetricSyncJob(options: TekmetricSyncJobOptions) {
  const clock = options.clock ?? (() => new Date());
  // One client per credentials for the life of the process: its token is reused until it expires.
  let cached: { key: string; client: TekmetricClient } | null = null;
  const clientFor = (credentials: TekmetricCredentials) => {
    const key = credentialKey(credentials);
    if (cached?.key !== key)
      cached = { key, client: new TekmetricClient(credentials, options.clientOptions) };
    return cached.client;
  };

  return defineJob<undefined, SyncState>({
    name: TEKMETRIC_SYNC_JOB,
    schedule: {
      read: async (db) => {
        const connection = await readConnection(db);
        return connection.clientId ? { everyMs: connection.syncEveryMinutes * 60_000 } : null;
      },
    },
    key: () => TEKMETRIC_SYNC_KEY,
    // A failed run is not retried: the next one (in N minutes, or "Sync now") starts from the same cursors.
    retry: { attempts: 1, backoffMs: 60_000 },
    leaseMs: 15 * 60_000,
    async handler({ db, actor, logger, state, saveState, run, signal }) {
      const connection = await readConnection(db);
      const cursors = { ...(state?.cursors ?? {}) };
      const credentials = await usableCredentials(connection, options.secretsKey, options.integrationUrls);
      if ('missing' in credentials && credentials.reason === 'not_configured')
        return { ran: false, reason: credentials.missing };
      const shops = await db
        .select({
          id: repairFacilities.id,
          name: repairFacilities.name,
          shopId: repairFacilities.tekmetricShopId,
        })
        .from(repairFacilities)
        .where(and(isNotNull(repairFacilities.tekmetricShopId), eq(repairFacilities.active, true)))
        .orderBy(asc(repairFacilities.tekmetricShopId), asc(repairFacilities.id));
      // A base URL the rule refuses fails every shop's run with the reason, in the log the admin reads.
      const client = 'missing' in credentials ? credentials.missing : clientFor(credentials);
      const summary: {
        shopId: string;
        status: 'succeeded' | 'failed';
        rosFetched: number;
        errors: number;
      }[] = [];
      const seen = new Set<string>();
      for (const shop of shops) {
        const shopId = shop.shopId!;
        // Two facilities mapped to one shop would sync it twice; the mapping screen prevents it, this too.
        if (seen.has(shopId)) continue;
        seen.add(shopId);
        const startedAt = clock();
        const started = performance.now();
        const cursor = cursors[shopId]
          ? new Date(Date.parse(cursors[shopId]) - CURSOR_OVERLAP_MS)
          : undefined;
        const outcome: ShopSyncOutcome = {
          rosFetched: 0,
          claimsCreated: 0,
          claimsUpdated: 0,
          unchanged: 0,
          skipped: [],
          errors: [],
        };
        let failed = false;
        try {
          if (typeof client === 'string') throw new Error(client);
          await syncShop(
            db,
            client,
            { actor, shopId, facility: shop, updatedSince: cursor, pageSize: options.pageSize, signal },
            outcome,
          );
        } catch (error) {
          failed = true;
          outcome.errors.push({
            roId: null,
            message: error instanceof Error ? error.message : String(error),
          });
          logger.warn(
            { shopId, err: error instanceof Error ? error.message : String(error) },
            'tekmetric sync of a shop failed',
          );
        }
        // The cursor moves only when every page and every RO went through; what failed is read again next time.
        if (!failed && outcome.errors.length === 0) cursors[shopId] = startedAt.toISOString();
        await writeSyncLog(db, {
          jobRunId: run.id,
          shopId,
          facilityId: shop.id,
          trigger: run.trigger,
          status: failed ? 'failed' : 'succeeded',
          startedAt,
          durationMs: Math.round(performance.now() - started),
          updatedSince: cursor ?? null,
          rosFetched: outcome.rosFetched,
          claimsCreated: outcome.claimsCreated,
          claimsUpdated: outcome.claimsUpdated,
          unchanged: outcome.unchanged,
          skipped: outcome.skipped,
          errors: outcome.errors,
        });
        await saveState({ cursors });
        summary.push({
          shopId,
          status: failed ? 'failed' : 'succeeded',
          rosFetched: outcome.rosFetched,
          errors: outcome.errors.length,
        });
      }
      return { ran: true, shops: summary };
    },
  });
}
