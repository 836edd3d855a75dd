import {
  CLAIM_PACK_EXPIRED_MESSAGE,
  CLAIM_PACK_LINK_DAYS,
  CLAIM_PACK_NOT_FOUND_MESSAGE,
  CLAIM_PACK_PATH,
  CLAIM_PACK_REVOKED_MESSAGE,
  type ClaimPackLink,
  type ClaimPackSummary,
} from '@shared/claim-pack.js';
import { vehicleLine } from '@shared/claim-vehicles.js';
import { actorScope, systemActor, type UserActor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { listAttachments } from '../attachments/index.js';
import { recordAudit } from '../audit/index.js';
import { loadClaimRow, showClaim } from '../claims/index.js';
import { companyTimeZone } from '../companies/index.js';
import { queueMail } from '../mail/index.js';
import {
  createOutsideLink,
  listOutsideLinks,
  recordOutsideLinkUse,
  revokeOutsideLink,
  usableOutsideLink,
  type OutsideLinkRow,
} from '../outside-links/index.js';
import { loadClaimReport, type ClaimReport } from './claim-report.service.js';

/**
 * The claim pack sent to an adjuster (issue 32): a link by e-mail, through the outbox, that downloads the pack
 * without an account (`outside_links`, kind 'claim_pack') until it expires or is revoked.
 */

const MESSAGES = {
  revoked: CLAIM_PACK_REVOKED_MESSAGE,
  expired: CLAIM_PACK_EXPIRED_MESSAGE,
  notFound: CLAIM_PACK_NOT_FOUND_MESSAGE,
};
/** Who reads a claim through a link: no user, every company (the link names its one claim). */
const LINK_READER = systemActor('claim-pack-link');

const presentLink = ({ link, sentBy }: { link: OutsideLinkRow; sentBy: string }): ClaimPackLink => ({
  id: link.id,
  sentTo: link.sentTo ?? '',
  sentBy,
  createdAt: link.createdAt.toISOString(),
  expiresAt: link.expiresAt.toISOString(),
  revokedAt: link.revokedAt?.toISOString() ?? null,
  downloads: link.uses,
  lastDownloadedAt: link.lastUsedAt?.toISOString() ?? null,
});

const dayOf = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'long' }).format(at);

/** Sends the pack of claim `claimId` (in the actor's scope) to `to`: a new link, mailed; answers the link. */
export async function sendClaimPack(
  db: Database,
  appUrl: string,
  actor: UserActor,
  claimId: string,
  to: string,
): Promise<ClaimPackLink> {
  const row = await loadClaimRow(db, actorScope(actor), claimId);
  const [claim, timeZone] = await Promise.all([
    showClaim(db, actor, row),
    companyTimeZone(db, row.claim.companyId),
  ]);
  return db.transaction(async (tx) => {
    const { link, token } = await createOutsideLink(tx, {
      kind: 'claim_pack',
      claimId: claim.id,
      sentTo: to,
      createdById: actor.user.id,
      days: CLAIM_PACK_LINK_DAYS,
    });
    // Named as every list of links names its sender.
    const [sent] = await listOutsideLinks(tx, 'claim_pack', claim.id, link.id);
    const { sentBy } = sent!;
    await queueMail(tx, {
      to,
      template: 'claim_pack',
      values: {
        companyName: claim.companyName,
        claimNumber: claim.claimNumber,
        vehicle: vehicleLine(claim.vehicle),
        insurerClaimNumber: claim.insurerClaimNumber ?? 'not given',
        sentBy,
        // Built from APP_URL, never from the request's Host header.
        packUrl: `${appUrl}${CLAIM_PACK_PATH}${token}`,
        expiresOn: dayOf(link.expiresAt, timeZone),
      },
    });
    await recordAudit(tx, actor, {
      action: 'claim.pack_sent',
      entityType: 'claim',
      entityId: claim.id,
      after: { sentTo: to, linkId: link.id, expiresAt: link.expiresAt.toISOString() },
    });
    return presentLink({ link, sentBy });
  });
}

/** The pack links of a claim the actor can see, newest first. */
export async function claimPackLinks(db: Database, actor: UserActor, claimId: string) {
  const row = await loadClaimRow(db, actorScope(actor), claimId);
  return (await listOutsideLinks(db, 'claim_pack', row.claim.id)).map(presentLink);
}

/** Revokes a pack link of a claim the actor can see: its address answers 410 from now on. */
export async function revokeClaimPackLink(db: Database, actor: UserActor, claimId: string, linkId: string) {
  const row = await loadClaimRow(db, actorScope(actor), claimId);
  const link = await revokeOutsideLink(db, {
    kind: 'claim_pack',
    claimId: row.claim.id,
    id: linkId,
    revokedById: actor.user.id,
  });
  await recordAudit(db, actor, {
    action: 'claim.pack_link_revoked',
    entityType: 'claim',
    entityId: row.claim.id,
    after: { sentTo: link.sentTo, linkId: link.id },
  });
  const [listed] = await listOutsideLinks(db, 'claim_pack', row.claim.id, link.id);
  return presentLink(listed!);
}

/** What the adjuster's page shows for `token` (404, or 410 when revoked or expired). */
export async function claimPackSummary(db: Database, token: string): Promise<ClaimPackSummary> {
  const link = await usableOutsideLink(db, 'claim_pack', token, MESSAGES);
  // The claim and its files' count: what the page shows, not the report the download draws.
  const row = await loadClaimRow(db, actorScope(LINK_READER), link.claimId);
  const [claim, files] = await Promise.all([
    showClaim(db, LINK_READER, row),
    listAttachments(db, link.claimId),
  ]);
  return {
    claimNumber: claim.claimNumber,
    companyName: claim.companyName,
    vehicle: vehicleLine(claim.vehicle),
    files: files.length,
    expiresAt: link.expiresAt.toISOString(),
  };
}

/** The claim report of `token`'s claim for its download, the use counted (404, or 410 when revoked or expired). */
export async function claimPackOfLink(
  db: Database,
  storage: FileStorage,
  token: string,
): Promise<ClaimReport> {
  const link = await usableOutsideLink(db, 'claim_pack', token, MESSAGES);
  const report = await loadClaimReport(db, storage, LINK_READER, link.claimId);
  await recordOutsideLinkUse(db, link.id);
  return report;
}
