import { vehicleLine } from '@shared/claim-vehicles.js';
import { formatClaimNumber } from '@shared/claims.js';
import { AppError } from '@shared/errors.js';
import type { Permission } from '@shared/permissions.js';
import {
  SHOP_ETA_REASON_MESSAGE,
  SHOP_LINK_DAYS_AFTER_END,
  SHOP_LINK_ENDED_MESSAGE,
  SHOP_LINK_EXPIRED_MESSAGE,
  SHOP_LINK_NOT_FOUND_MESSAGE,
  SHOP_LINK_OTHER_FACILITY_MESSAGE,
  SHOP_LINK_RATE_MESSAGE,
  SHOP_LINK_REVOKED_MESSAGE,
  SHOP_LINK_UPDATES_PER_HOUR,
  SHOP_UPLOAD_KIND_MESSAGE,
  etaSlips,
  shopLinkActorLabel,
  shopUploadKind,
  type ShopClaim as ShopClaimWithLimit,
} from '@shared/shop-links.js';
import { isOpenStatus } from '@shared/workflows.js';
import type { LinkActor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import type { Log } from '../../logger.js';
import type { FileStorage } from '../../storage/file-storage.js';
import {
  ATTACHMENT_NOT_FOUND,
  listAttachments,
  loadAttachment,
  uploadAttachment,
  type ReceivedUpload,
} from '../attachments/index.js';
import {
  addLinkNote,
  loadClaimRow,
  movesFor,
  transitionClaim,
  updateClaim,
  type ClaimRow,
} from '../claims/index.js';
import { recordOutsideLinkUse, usableOutsideLink, type OutsideLinkRow } from '../outside-links/index.js';
import { enforceRateLimit } from '../rate-limit/index.js';

/**
 * What a repair shop does through its link (issue 32), without an account: it acts as a `LinkActor` named
 * "Shop: <facility> via link", on the link's one claim, through the same paths as a person: `transitionClaim` for a
 * move, `updateClaim` for the ETA, `uploadAttachment` for a file, and a note its followers are told of.
 */

/** What a shop's link lets it do, on its one claim (the claim service checks each as for anyone). */
const SHOP_LINK_PERMISSIONS: readonly Permission[] = [
  'vehicles.view',
  'vehicles.edit',
  'claims.transition',
  'attachments.upload',
  'notes.create',
];
const MESSAGES = {
  revoked: SHOP_LINK_REVOKED_MESSAGE,
  expired: SHOP_LINK_EXPIRED_MESSAGE,
  notFound: SHOP_LINK_NOT_FOUND_MESSAGE,
};
const DAY_MS = 24 * 60 * 60 * 1000;

/** The claim as the shop sees it; the routes add the upload limit. */
type ShopClaim = Omit<ShopClaimWithLimit, 'maxBytes'>;

export interface OpenedLink {
  link: OutsideLinkRow;
  actor: LinkActor;
  row: ClaimRow;
}

/**
 * The shop link of `token`, usable now, with its claim and the actor acting through it: 404 when unknown, 410 when
 * revoked, when its claim ended more than `SHOP_LINK_DAYS_AFTER_END` days ago, or when the claim moved to another
 * repair facility (the link was the first shop's).
 */
async function openShopLink(db: Database, token: string, ip: string | null): Promise<OpenedLink> {
  const link = await usableOutsideLink(db, 'shop', token, MESSAGES);
  const row = await loadClaimRow(db, 'all', link.claimId);
  const { claim } = row;
  // Counted from when the claim first ended: closing a completed claim later does not open its links again.
  const endedAt = claim.completedAt ?? claim.statusChangedAt;
  if (!isOpenStatus(claim.status) && endedAt.getTime() + SHOP_LINK_DAYS_AFTER_END * DAY_MS <= Date.now()) {
    throw new AppError('gone', SHOP_LINK_ENDED_MESSAGE);
  }
  if (claim.repairFacilityId !== link.facilityId)
    throw new AppError('gone', SHOP_LINK_OTHER_FACILITY_MESSAGE);
  const actor: LinkActor = {
    kind: 'link',
    linkId: link.id,
    label: shopLinkActorLabel(row.facilityName ?? 'repair shop'),
    permissions: SHOP_LINK_PERMISSIONS,
    companyId: claim.companyId,
    ip,
  };
  return { link, actor, row };
}

/** Opens the link for an update: counts it against the link's hourly limit (429 past it). */
async function openForUpdate(db: Database, token: string, ip: string | null): Promise<OpenedLink> {
  const opened = await openShopLink(db, token, ip);
  await enforceRateLimit(db, {
    key: `shop-link:${opened.link.id}`,
    windowMs: 60 * 60 * 1000,
    limit: SHOP_LINK_UPDATES_PER_HOUR,
    message: SHOP_LINK_RATE_MESSAGE,
  });
  return opened;
}

/** What the shop's page shows for `token`. */
export async function shopClaim(db: Database, token: string, ip: string | null): Promise<ShopClaim> {
  return present(db, await openShopLink(db, token, ip));
}

async function present(db: Database, { link, actor, row }: OpenedLink): Promise<ShopClaim> {
  const { claim } = row;
  const files = (await listAttachments(db, claim.id)).filter(({ attachment }) => shopSeesFile(attachment));
  return {
    claimNumber: formatClaimNumber(claim.number),
    companyName: row.companyName,
    facilityName: row.facilityName ?? 'Repair shop',
    vehicle: vehicleLine(row.vehicle),
    vin: row.vehicle.vin,
    licensePlate: row.vehicle.plate,
    workflow: claim.workflow,
    status: claim.status,
    description: claim.description,
    eta: claim.eta,
    version: claim.version,
    moves: movesFor(actor, { ...claim, pendingAuthorization: false }),
    files: files.map(({ attachment }) => ({
      id: attachment.id,
      fileName: attachment.fileName,
      kind: attachment.kind,
      contentType: attachment.contentType,
      hasThumbnail: attachment.thumbnailKey !== null,
      fromShop: attachment.outsideLinkId !== null,
      createdAt: attachment.createdAt.toISOString(),
    })),
    lastUpdatedAt: link.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * What of the claim's files a shop sees: the photos and what shops uploaded through their links; not the fleet's
 * invoices, estimates from elsewhere or documents (amounts and personal data are the fleet's).
 */
const shopSeesFile = (attachment: { kind: string; outsideLinkId: string | null }) =>
  attachment.kind === 'photo' || attachment.outsideLinkId !== null;

/** The claim as the update left it, with the update counted on the link. */
async function afterUpdate(db: Database, opened: OpenedLink): Promise<ShopClaim> {
  const [link, row] = await Promise.all([
    recordOutsideLinkUse(db, opened.link.id),
    loadClaimRow(db, 'all', opened.link.claimId),
  ]);
  return present(db, { ...opened, link, row });
}

/** Moves the claim along a shop's move (`shopMovesFor`), through the one move path (409 on a stale version). */
export async function shopMove(
  db: Database,
  token: string,
  ip: string | null,
  input: { to: ClaimRow['claim']['status']; note?: string; version: number },
): Promise<ShopClaim> {
  const opened = await openForUpdate(db, token, ip);
  await transitionClaim(db, opened.actor, opened.row.claim.id, input);
  return afterUpdate(db, opened);
}

const dayName = (isoDay: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${isoDay}T00:00:00Z`),
  );

/**
 * Sets the ETA through the claim's one edit path, with a reason when it moves later (400 without), and tells the
 * claim's followers in a note: "ETA moved from Dec 3, 2026 to Dec 5, 2026: waiting for the bumper". The same ETA
 * again changes nothing and is no update.
 */
export async function shopSetEta(
  db: Database,
  token: string,
  ip: string | null,
  input: { eta: string; reason?: string; version: number },
): Promise<ShopClaim> {
  const opened = await openForUpdate(db, token, ip);
  const { claim } = opened.row;
  const reason = input.reason?.trim() || null;
  if (input.eta === claim.eta) return present(db, opened);
  if (etaSlips(claim.eta, input.eta) && !reason) {
    throw new AppError('validation', SHOP_ETA_REASON_MESSAGE, {
      fieldErrors: { reason: [SHOP_ETA_REASON_MESSAGE] },
    });
  }
  {
    const body = claim.eta
      ? `ETA moved from ${dayName(claim.eta)} to ${dayName(input.eta)}${reason ? `: ${reason}` : ''}`
      : `ETA set to ${dayName(input.eta)}${reason ? `: ${reason}` : ''}`;
    await db.transaction(async (tx) => {
      await updateClaim(tx, opened.actor, claim.id, { eta: input.eta, version: input.version });
      await addLinkNote(tx, opened.actor, claim, body, {
        title: `${formatClaimNumber(claim.number)}: ETA ${dayName(input.eta)} from ${opened.row.facilityName ?? 'the shop'}`,
      });
    });
  }
  return afterUpdate(db, opened);
}

/** Posts the shop's note on the claim; its assignee and watchers are told. */
export async function shopNote(
  db: Database,
  token: string,
  ip: string | null,
  body: string,
): Promise<ShopClaim> {
  const opened = await openForUpdate(db, token, ip);
  const { claim } = opened.row;
  await db.transaction((tx) =>
    addLinkNote(tx, opened.actor, claim, body, {
      title: `${formatClaimNumber(claim.number)}: a note from ${opened.row.facilityName ?? 'the shop'}`,
    }),
  );
  return afterUpdate(db, opened);
}

/**
 * Opens the link for an upload, before the file is received: an unknown, ended or over-limit link costs no upload.
 */
export const openShopUpload = openForUpdate;

/** Adds a photo or a PDF estimate to the claim (any other type: 415), checked as every upload is. */
export async function shopUpload(
  db: Database,
  storage: FileStorage,
  opened: OpenedLink,
  upload: ReceivedUpload,
  log: Log,
): Promise<ShopClaim> {
  await uploadAttachment(db, storage, opened.actor, opened.row.claim.id, upload, log, {
    kindOf: shopUploadKind,
    refused: SHOP_UPLOAD_KIND_MESSAGE,
  });
  return afterUpdate(db, opened);
}

/** A file of the link's claim; any other file answers 404, as one that does not exist. */
export async function shopFile(db: Database, token: string, fileId: string) {
  const { link, actor } = await openShopLink(db, token, null);
  const { attachment } = await loadAttachment(db, [actor.companyId], fileId);
  if (attachment.claimId !== link.claimId || !shopSeesFile(attachment)) {
    throw new AppError('not_found', ATTACHMENT_NOT_FOUND);
  }
  return attachment;
}
