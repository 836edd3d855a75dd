import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  REPORT_LINK_NOT_FOUND_MESSAGE,
  REPORT_LINK_PATH,
  REPORT_LINK_REVOKED_MESSAGE,
  REPORT_LINK_TURNED_OFF_MESSAGE,
  type ReportLink,
} from '@shared/driver-reports.js';
import { AppError } from '@shared/errors.js';
import { actorScope, actorUserId, type Actor } from '../../actor.js';
import { inScope } from '../../company-scope.js';
import type { Database } from '../../db/client.js';
import { vehicleReportLinks, vehicles } from '../../db/schema/index.js';
import { openSecret, sealSecret } from '../../secret-box.js';
import { recordAudit } from '../audit/index.js';
import { hashToken } from '../auth/index.js';

/**
 * A vehicle's report link (issue 32, decision 048): 192 random bits in the address, found by their SHA-256 and
 * compared in constant time, never logged. Unlike a claim's links it is printed (window tag, vehicle card) again and
 * again, so the token is also kept sealed with SECRETS_KEY; without a key it is shown once, when made.
 */

type LinkRow = typeof vehicleReportLinks.$inferSelect;
type VehicleRow = typeof vehicles.$inferSelect;
const TOKEN_BYTES = 24;
const VEHICLE_NOT_FOUND = 'Vehicle not found';

export interface ReportLinkKeys {
  appUrl: string;
  secretsKey: Buffer | undefined;
}

const urlOf = (keys: ReportLinkKeys, token: string) => `${keys.appUrl}${REPORT_LINK_PATH}${token}`;

function present(keys: ReportLinkKeys, link: LinkRow, token?: string): ReportLink {
  const shown =
    token ?? (link.tokenSealed && keys.secretsKey ? openSecret(keys.secretsKey, link.tokenSealed) : null);
  return {
    active: link.revokedAt === null,
    url: shown && link.revokedAt === null ? urlOf(keys, shown) : null,
    createdAt: link.createdAt.toISOString(),
    reports: link.reports,
  };
}

/** The vehicle `id` in the actor's scope (404 otherwise). */
export async function vehicleInScope(db: Database, actor: Actor, id: string): Promise<VehicleRow> {
  const [vehicle] = await db.select().from(vehicles).where(eq(vehicles.id, id));
  if (!vehicle || !inScope(actorScope(actor), vehicle.companyId))
    throw new AppError('not_found', VEHICLE_NOT_FOUND);
  return vehicle;
}

const liveLink = async (db: Database, vehicleId: string) =>
  (
    await db
      .select()
      .from(vehicleReportLinks)
      .where(and(eq(vehicleReportLinks.vehicleId, vehicleId), isNull(vehicleReportLinks.revokedAt)))
  )[0];

async function makeLink(db: Database, keys: ReportLinkKeys, actor: Actor, vehicleId: string) {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const [link] = await db
    .insert(vehicleReportLinks)
    .values({
      vehicleId,
      tokenHash: hashToken(token),
      tokenSealed: keys.secretsKey ? sealSecret(keys.secretsKey, token) : null,
      createdById: actorUserId(actor),
    })
    // Two first prints at once: one link is made, the other reads it.
    .onConflictDoNothing()
    .returning();
  return link ? { link, token } : null;
}

/**
 * The vehicle's working report link, made on first use (one per vehicle: a window tag printed twice shows the same
 * code). A link turned off stays off (answered inactive, with no address) until it is renewed. `vehicleId` is
 * already checked to be the actor's.
 */
export async function ensureReportLink(
  db: Database,
  keys: ReportLinkKeys,
  actor: Actor,
  vehicleId: string,
): Promise<ReportLink> {
  const live = await liveLink(db, vehicleId);
  if (live) return present(keys, live);
  const [last] = await db
    .select()
    .from(vehicleReportLinks)
    .where(eq(vehicleReportLinks.vehicleId, vehicleId))
    .orderBy(desc(vehicleReportLinks.createdAt), desc(vehicleReportLinks.id))
    .limit(1);
  if (last) return present(keys, last);
  const made = await makeLink(db, keys, actor, vehicleId);
  if (made) return present(keys, made.link, made.token);
  return present(keys, (await liveLink(db, vehicleId))!);
}

/** Revokes the vehicle's link (old cards and tags answer 410) and makes a new one, shown now. */
export async function renewReportLink(
  db: Database,
  keys: ReportLinkKeys,
  actor: Actor,
  vehicleId: string,
): Promise<ReportLink> {
  return db.transaction(async (tx) => {
    // Two renewals at once (a double click, two admins): the second waits for the first, then renews its link.
    await tx.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.id, vehicleId)).for('update');
    await tx
      .update(vehicleReportLinks)
      .set({ revokedAt: sql`now()`, revokedById: actorUserId(actor) })
      .where(and(eq(vehicleReportLinks.vehicleId, vehicleId), isNull(vehicleReportLinks.revokedAt)));
    const made = (await makeLink(tx, keys, actor, vehicleId))!;
    await recordAudit(tx, actor, {
      action: 'vehicle.report_link_renewed',
      entityType: 'vehicle',
      entityId: vehicleId,
      after: { linkId: made.link.id },
    });
    return present(keys, made.link, made.token);
  });
}

/** Revokes the vehicle's link without a new one: its cards and tags answer 410 until it is renewed. */
export async function revokeReportLink(db: Database, actor: Actor, vehicleId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.id, vehicleId)).for('update');
    const revoked = await tx
      .update(vehicleReportLinks)
      .set({ revokedAt: sql`now()`, revokedById: actorUserId(actor) })
      .where(and(eq(vehicleReportLinks.vehicleId, vehicleId), isNull(vehicleReportLinks.revokedAt)))
      .returning({ id: vehicleReportLinks.id });
    if (revoked.length) {
      await recordAudit(tx, actor, {
        action: 'vehicle.report_link_revoked',
        entityType: 'vehicle',
        entityId: vehicleId,
        after: { linkId: revoked[0]!.id },
      });
    }
  });
}

/**
 * The report link of `token` with its vehicle: 404 when unknown (a malformed token is looked up like any other),
 * 410 when revoked.
 */
export async function openReportLink(
  db: Database,
  token: string,
): Promise<{ link: LinkRow; vehicle: VehicleRow }> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ link: vehicleReportLinks, vehicle: vehicles })
    .from(vehicleReportLinks)
    .innerJoin(vehicles, eq(vehicles.id, vehicleReportLinks.vehicleId))
    .where(eq(vehicleReportLinks.tokenHash, tokenHash));
  if (!row || !timingSafeEqual(Buffer.from(row.link.tokenHash), Buffer.from(tokenHash))) {
    throw new AppError('not_found', REPORT_LINK_NOT_FOUND_MESSAGE);
  }
  if (row.link.revokedAt) {
    // Replaced by a newer code, or turned off with none after it.
    const replaced = await liveLink(db, row.vehicle.id);
    throw new AppError('gone', replaced ? REPORT_LINK_REVOKED_MESSAGE : REPORT_LINK_TURNED_OFF_MESSAGE);
  }
  return row;
}

/**
 * The addresses to print on the cards of `vehicleIds` (already checked to be the actor's), in their order: each
 * vehicle's working link, made where there was never one. Null for a vehicle whose link was turned off, or whose code
 * cannot be shown again (made while SECRETS_KEY was not set): printing never renews a link, so the cards and tags
 * already printed keep working; the caller says what to do.
 */
export async function cardUrls(
  db: Database,
  keys: ReportLinkKeys,
  actor: Actor,
  vehicleIds: readonly string[],
): Promise<(string | null)[]> {
  // One read for every vehicle's newest link (a live one is always the newest); a link is made only where none was.
  const links = vehicleIds.length
    ? await db
        .select()
        .from(vehicleReportLinks)
        .where(inArray(vehicleReportLinks.vehicleId, [...vehicleIds]))
        .orderBy(desc(vehicleReportLinks.createdAt), desc(vehicleReportLinks.id))
    : [];
  const urls: (string | null)[] = [];
  for (const vehicleId of vehicleIds) {
    const newest = links.find((link) => link.vehicleId === vehicleId);
    urls.push(newest ? present(keys, newest).url : (await ensureReportLink(db, keys, actor, vehicleId)).url);
  }
  return urls;
}
