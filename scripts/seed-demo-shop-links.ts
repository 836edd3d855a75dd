/**
 * The demo's shop links (issue 32, used by seed-demo.ts): the newest open claims a shop is working on were sent to
 * their repair facility, which updated them through the link (a note each, counted on the link); one link was
 * revoked. The first link's address is printed, so that whoever runs the demo can open the shop's page.
 */
import { randomBytes } from 'node:crypto';
import { isOpenStatus, type ClaimStatus } from '../src/shared/workflows.js';
import type { claimNotes, claims, outsideLinks } from '../src/server/db/schema/index.js';
import { hashToken } from '../src/server/modules/auth/index.js';
import type { RandomStream } from './seed-demo-random.js';

/** How many claims have a shop link. */
const LINKED_CLAIMS = 10;
/** Where a shop has the vehicle. */
const AT_THE_SHOP: readonly ClaimStatus[] = [
  'estimate_pending',
  'diagnosis',
  'approved',
  'authorized',
  'parts_ordered',
  'in_repair',
  'ready_for_pickup',
];
const SHOP_NOTES = [
  'Vehicle is on our lot; estimate to follow tomorrow.',
  'Parts arrived this morning; starting the repair.',
  'ETA confirmed for Friday.',
  'Waiting on the door shell from the dealer.',
  'Repair done; ready for pickup after the road test.',
];
const HOUR = 3_600_000;

export function demoShopLinks(
  { random, between, pick }: RandomStream,
  claimRows: readonly (typeof claims.$inferInsert)[],
  facilityEmail: ReadonlyMap<string, string | null>,
) {
  const linked = claimRows
    .filter(
      (claim) => isOpenStatus(claim.status!) && AT_THE_SHOP.includes(claim.status!) && claim.repairFacilityId,
    )
    .slice(-LINKED_CLAIMS);
  const links: (typeof outsideLinks.$inferInsert)[] = [];
  const notes: (typeof claimNotes.$inferInsert)[] = [];
  let tryToken: string | null = null;
  linked.forEach((claim, index) => {
    const token = randomBytes(24).toString('base64url');
    // The last one works (only the first is revoked): its page is the one to try.
    tryToken = token;
    const sentAt = new Date(claim.statusChangedAt!.getTime() - between(2, 20) * HOUR);
    const updatedAt = new Date(Math.min(Date.now() - HOUR, sentAt.getTime() + between(4, 60) * HOUR));
    const id = crypto.randomUUID();
    const revoked = index === 0 && linked.length > 1;
    links.push({
      id,
      kind: 'shop',
      tokenHash: hashToken(token),
      claimId: claim.id!,
      sentTo: random() < 0.7 ? (facilityEmail.get(claim.repairFacilityId!) ?? null) : null,
      facilityId: claim.repairFacilityId!,
      createdById: claim.assigneeId ?? claim.createdById!,
      createdAt: sentAt,
      expiresAt: new Date(sentAt.getTime() + 365 * 24 * HOUR),
      revokedAt: revoked ? updatedAt : null,
      revokedById: revoked ? (claim.assigneeId ?? claim.createdById!) : null,
      uses: between(1, 4),
      lastUsedAt: updatedAt,
    });
    notes.push({
      claimId: claim.id!,
      authorId: null,
      outsideLinkId: id,
      body: pick(SHOP_NOTES),
      mentionedUserIds: [],
      createdAt: updatedAt,
    });
  });
  return { links, notes, tryToken };
}
