import { vehicleLine } from '@shared/claim-vehicles.js';
import { formatClaimNumber } from '@shared/claims.js';
import { AppError } from '@shared/errors.js';
import type { Permission } from '@shared/permissions.js';
import {
  SHOP_ETA_REASON_MESSAGE,
  SHOP_LINK_DAYS_AFTER_END,
  SHOP_LINK_EXPIRED_MESSAGE,
  SHOP_LINK_NOT_FOUND_MESSAGE,
  SHOP_LINK_OTHER_FACILITY_MESSAGE,
  SHOP_LINK_RATE_MESSAGE,
  SHOP_LINK_REVOKED_MESSAGE,
  SHOP_LINK_UPDATES_PER_HOUR,
  SHOP_UPLOAD_KIND_MESSAGE,
  shopLinkActorLabel,
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
import { hitRateLimit, retryAfterSeconds } from '../rate-limit/index.js';

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

interface OpenedLink {
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
  if (
    !isOpenStatus(claim.status) &&
    claim.statusChangedAt.getTime() + SHOP_LINK_DAYS_AFTER_END * DAY_MS <= Date.now()
  ) {
    throw new AppError('gone', SHOP_LINK_EXPIRED_MESSAGE);
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
  const window = await hitRateLimit(db, `shop-link:${opened.link.id}`, 60 * 60 * 1000);
  if (window.count > SHOP_LINK_UPDATES_PER_HOUR) {
    throw new AppError('rate_limited', SHOP_LINK_RATE_MESSAGE, {
      headers: { 'retry-after': String(retryAfterSeconds(window)) },
    });
  }
  return opened;
}

/** What the shop's page shows for `token`. */
export async function shopClaim(db: Database, token: string, ip: string | null): Promise<ShopClaim> {
  return present(db, await openShopLink(db, token, ip));
}

async function present(db: Database, { link, actor, row }: OpenedLink): Promise<ShopClaim> {
  const { claim } = row;
  const files = await listAttachments(db, claim.id);
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

/** Reads the link again after an update, with the update counted. */
async function afterUpdate(db: Database, token: string, opened: OpenedLink): Promise<ShopClaim> {
  await recordOutsideLinkUse(db, opened.link.id);
  return present(db, await openShopLink(db, token, opened.actor.ip));
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
  return afterUpdate(db, token, opened);
}

const dayName = (isoDay: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${isoDay}T00:00:00Z`),
  );

/**
 * Sets the ETA through the claim's one edit path, with a reason when it moves later (422 without), and tells the
 * claim's followers in a note: "ETA moved from Dec 3, 2026 to Dec 5, 2026: waiting for the bumper".
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
  if (claim.eta && input.eta > claim.eta && !reason) {
    throw new AppError('validation', SHOP_ETA_REASON_MESSAGE, {
      fieldErrors: { reason: [SHOP_ETA_REASON_MESSAGE] },
    });
  }
  if (input.eta !== claim.eta) {
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
  return afterUpdate(db, token, opened);
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
  return afterUpdate(db, token, opened);
}

/** Adds a photo or an estimate to the claim, checked as every upload is. */
export async function shopUpload(
  db: Database,
  storage: FileStorage,
  token: string,
  ip: string | null,
  upload: ReceivedUpload,
  log: Log,
): Promise<ShopClaim> {
  const opened = await openForUpdate(db, token, ip);
  const kind = upload.fields.kind;
  if (kind !== undefined && kind !== 'photo' && kind !== 'estimate') {
    throw new AppError('validation', SHOP_UPLOAD_KIND_MESSAGE, {
      fieldErrors: { kind: [SHOP_UPLOAD_KIND_MESSAGE] },
    });
  }
  await uploadAttachment(db, storage, opened.actor, opened.row.claim.id, upload, log);
  return afterUpdate(db, token, opened);
}

/** A file of the link's claim; any other file answers 404, as one that does not exist. */
export async function shopFile(db: Database, token: string, fileId: string) {
  const { link, actor } = await openShopLink(db, token, null);
  const { attachment } = await loadAttachment(db, [actor.companyId], fileId);
  if (attachment.claimId !== link.claimId) throw new AppError('not_found', ATTACHMENT_NOT_FOUND);
  return attachment;
}
