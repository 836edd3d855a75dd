import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { apiTokenActorLabel } from '@shared/api-tokens.js';
import type { StatusHistoryEntry } from '@shared/claims.js';
import { shopLinkActorLabel } from '@shared/shop-links.js';
import type { Database } from '../../db/client.js';
import { personName } from '../../db/person-name.js';
import {
  apiTokens,
  claimStatusHistory,
  outsideLinks,
  repairFacilities,
  users,
} from '../../db/schema/index.js';

/**
 * A claim's status history, oldest first, with who moved it (and as whom, and through which API token or shop
 * link).
 */
const actors = alias(users, 'actors');
const impersonators = alias(users, 'impersonators');

export async function statusHistory(db: Database, claimId: string): Promise<StatusHistoryEntry[]> {
  const rows = await db
    .select({
      entry: claimStatusHistory,
      actorUsername: actors.username,
      actorName: personName(actors),
      impersonatorUsername: impersonators.username,
      impersonatorName: personName(impersonators),
      apiTokenName: apiTokens.name,
      shopName: repairFacilities.name,
    })
    .from(claimStatusHistory)
    .leftJoin(actors, eq(actors.id, claimStatusHistory.actorId))
    .leftJoin(impersonators, eq(impersonators.id, claimStatusHistory.impersonatorId))
    .leftJoin(apiTokens, eq(apiTokens.id, claimStatusHistory.apiTokenId))
    .leftJoin(outsideLinks, eq(outsideLinks.id, claimStatusHistory.outsideLinkId))
    .leftJoin(repairFacilities, eq(repairFacilities.id, outsideLinks.facilityId))
    .where(eq(claimStatusHistory.claimId, claimId))
    .orderBy(asc(claimStatusHistory.createdAt), asc(claimStatusHistory.seq));
  return rows.map(({ entry, ...people }) => ({
    id: entry.id,
    fromStatus: entry.fromStatus,
    toStatus: entry.toStatus,
    actor:
      entry.actorId && people.actorUsername
        ? { id: entry.actorId, username: people.actorUsername, name: people.actorName }
        : null,
    impersonator:
      entry.impersonatorId && people.impersonatorUsername
        ? { id: entry.impersonatorId, username: people.impersonatorUsername, name: people.impersonatorName }
        : null,
    via: entry.outsideLinkId
      ? shopLinkActorLabel(people.shopName ?? 'repair shop')
      : people.apiTokenName === null
        ? null
        : apiTokenActorLabel(people.apiTokenName),
    note: entry.note,
    createdAt: entry.createdAt.toISOString(),
  }));
}
