import { vehicleLine } from '@shared/claim-vehicles.js';
import { formatClaimNumber } from '@shared/claims.js';
import { AppError } from '@shared/errors.js';
import {
  SHOP_LINK_MAX_DAYS,
  SHOP_LINK_NEEDS_FACILITY_MESSAGE,
  SHOP_LINK_PATH,
  type CreatedShopLink,
  type ShopLink,
} from '@shared/shop-links.js';
import { actorScope, type UserActor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { recordAudit } from '../audit/index.js';
import { loadClaimRow } from '../claims/index.js';
import { queueMail } from '../mail/index.js';
import {
  createOutsideLink,
  listOutsideLinks,
  revokeOutsideLink,
  type OutsideLinkRow,
} from '../outside-links/index.js';

/**
 * The office's side of a repair shop's link (issue 32): sent from a claim to its repair facility, mailed through
 * the outbox or copied, listed with the shop's last update, revoked. What the shop does through it is in
 * `shop-link-actions.ts`.
 */

const presentShopLink = ({
  link,
  sentBy,
  facilityName,
}: {
  link: OutsideLinkRow;
  sentBy: string;
  facilityName: string | null;
}): ShopLink => ({
  id: link.id,
  facilityName: facilityName ?? 'Repair shop',
  sentTo: link.sentTo,
  sentBy,
  createdAt: link.createdAt.toISOString(),
  revokedAt: link.revokedAt?.toISOString() ?? null,
  updates: link.uses,
  lastUpdatedAt: link.lastUsedAt?.toISOString() ?? null,
});

/**
 * Makes a shop link for claim `claimId` (in the actor's scope) to its repair facility, mailed to `to` when given;
 * answers it with its address, which is shown only now. 422 when the claim has no repair facility.
 */
export async function createShopLink(
  db: Database,
  appUrl: string,
  actor: UserActor,
  claimId: string,
  to: string | undefined,
): Promise<CreatedShopLink> {
  const row = await loadClaimRow(db, actorScope(actor), claimId);
  const facilityId = row.claim.repairFacilityId;
  if (!facilityId) {
    throw new AppError('validation', SHOP_LINK_NEEDS_FACILITY_MESSAGE, {
      fieldErrors: { repairFacilityId: [SHOP_LINK_NEEDS_FACILITY_MESSAGE] },
    });
  }
  return db.transaction(async (tx) => {
    const { link, token } = await createOutsideLink(tx, {
      kind: 'shop',
      claimId: row.claim.id,
      sentTo: to ?? null,
      facilityId,
      createdById: actor.user.id,
      days: SHOP_LINK_MAX_DAYS,
    });
    const [listed] = await listOutsideLinks(tx, 'shop', row.claim.id, link.id);
    // Built from APP_URL, never from the request's Host header.
    const url = `${appUrl}${SHOP_LINK_PATH}${token}`;
    if (to) {
      await queueMail(tx, {
        to,
        template: 'shop_link',
        values: {
          companyName: row.companyName,
          facilityName: row.facilityName ?? 'your shop',
          claimNumber: formatClaimNumber(row.claim.number),
          vehicle: vehicleLine(row.vehicle),
          sentBy: listed!.sentBy,
          shopUrl: url,
        },
      });
    }
    await recordAudit(tx, actor, {
      action: 'claim.shop_link_sent',
      entityType: 'claim',
      entityId: row.claim.id,
      after: { linkId: link.id, facilityId, sentTo: to ?? null },
    });
    return { ...presentShopLink(listed!), url };
  });
}

/** The shop links of a claim the actor can see, newest first. */
export async function shopLinks(db: Database, actor: UserActor, claimId: string): Promise<ShopLink[]> {
  const row = await loadClaimRow(db, actorScope(actor), claimId);
  return (await listOutsideLinks(db, 'shop', row.claim.id)).map(presentShopLink);
}

/** Revokes a shop link of a claim the actor can see: its address answers 410 from now on. */
export async function revokeShopLink(
  db: Database,
  actor: UserActor,
  claimId: string,
  linkId: string,
): Promise<ShopLink> {
  const row = await loadClaimRow(db, actorScope(actor), claimId);
  const link = await revokeOutsideLink(db, {
    kind: 'shop',
    claimId: row.claim.id,
    id: linkId,
    revokedById: actor.user.id,
  });
  await recordAudit(db, actor, {
    action: 'claim.shop_link_revoked',
    entityType: 'claim',
    entityId: row.claim.id,
    after: { linkId: link.id },
  });
  const [listed] = await listOutsideLinks(db, 'shop', row.claim.id, link.id);
  return presentShopLink(listed!);
}
