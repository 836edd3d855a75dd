import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { AppError } from '@shared/errors.js';
import type { Database } from '../../db/client.js';
import { personName } from '../../db/person-name.js';
import { outsideLinks, repairFacilities, users } from '../../db/schema/index.js';
import { hashToken } from '../auth/index.js';

/**
 * Links for people outside the office (issue 32, migration 0044): a token of 192 random bits in the address,
 * of which only the SHA-256 is kept, found by its hash and compared in constant time, never logged
 * (`log-redaction.ts`). A link reaches its one claim; revoked or expired, it answers 410 with the kind's message.
 */

export type OutsideLinkKind = 'claim_pack' | 'shop';
export type OutsideLinkRow = typeof outsideLinks.$inferSelect;

/** 24 bytes: 192 bits, as 32 base64url characters. */
const TOKEN_BYTES = 24;

export interface LinkMessages {
  revoked: string;
  expired: string;
  notFound: string;
}

/**
 * Creates a link to `claimId` sent to `sentTo` (null when copied), for the repair shop `facilityId` if a shop's,
 * valid for `days`; answers its row and the token (shown only now).
 */
export async function createOutsideLink(
  db: Database,
  input: {
    kind: OutsideLinkKind;
    claimId: string;
    sentTo: string | null;
    facilityId?: string | null;
    createdById: string;
    days: number;
  },
): Promise<{ link: OutsideLinkRow; token: string }> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const [link] = await db
    .insert(outsideLinks)
    .values({
      kind: input.kind,
      tokenHash: hashToken(token),
      claimId: input.claimId,
      sentTo: input.sentTo,
      facilityId: input.facilityId ?? null,
      createdById: input.createdById,
      // Whole days of 24 hours, whatever the session's time zone does with daylight saving.
      expiresAt: sql`now() + make_interval(hours => ${input.days * 24})`,
    })
    .returning();
  return { link: link!, token };
}

/**
 * The link of `token`, usable now: 404 when there is none of this kind (a malformed token is looked up like any
 * other and not found), 410 when revoked or expired.
 */
export async function usableOutsideLink(
  db: Database,
  kind: OutsideLinkKind,
  token: string,
  messages: LinkMessages,
): Promise<OutsideLinkRow> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ link: outsideLinks, expired: sql<boolean>`${outsideLinks.expiresAt} <= now()` })
    .from(outsideLinks)
    .where(and(eq(outsideLinks.tokenHash, tokenHash), eq(outsideLinks.kind, kind)));
  if (!row || !timingSafeEqual(Buffer.from(row.link.tokenHash), Buffer.from(tokenHash))) {
    throw new AppError('not_found', messages.notFound);
  }
  if (row.link.revokedAt) throw new AppError('gone', messages.revoked);
  if (row.expired) throw new AppError('gone', messages.expired);
  return row.link;
}

/** Counts a use of the link (a download, a shop's update); answers the link as it now is. */
export async function recordOutsideLinkUse(db: Database, id: string): Promise<OutsideLinkRow> {
  const [link] = await db
    .update(outsideLinks)
    .set({ uses: sql`${outsideLinks.uses} + 1`, lastUsedAt: sql`now()` })
    .where(eq(outsideLinks.id, id))
    .returning();
  return link!;
}

/** A claim's links of `kind` (or the one link `id` of them), newest first, with who sent each and to which shop. */
export function listOutsideLinks(db: Database, kind: OutsideLinkKind, claimId: string, id?: string) {
  return db
    .select({ link: outsideLinks, sentBy: personName(users), facilityName: repairFacilities.name })
    .from(outsideLinks)
    .innerJoin(users, eq(users.id, outsideLinks.createdById))
    .leftJoin(repairFacilities, eq(repairFacilities.id, outsideLinks.facilityId))
    .where(
      and(
        eq(outsideLinks.claimId, claimId),
        eq(outsideLinks.kind, kind),
        id === undefined ? undefined : eq(outsideLinks.id, id),
      ),
    )
    .orderBy(desc(outsideLinks.createdAt), desc(outsideLinks.id));
}

/** Revokes the link `id` of `claimId` (404 for another claim's); revoking twice keeps the first moment. */
export async function revokeOutsideLink(
  db: Database,
  input: { kind: OutsideLinkKind; claimId: string; id: string; revokedById: string },
): Promise<OutsideLinkRow> {
  const [row] = await db
    .update(outsideLinks)
    .set({
      revokedAt: sql`coalesce(${outsideLinks.revokedAt}, now())`,
      revokedById: sql`coalesce(${outsideLinks.revokedById}, ${input.revokedById}::uuid)`,
    })
    .where(
      and(
        eq(outsideLinks.id, input.id),
        eq(outsideLinks.claimId, input.claimId),
        eq(outsideLinks.kind, input.kind),
      ),
    )
    .returning();
  if (!row) throw new AppError('not_found', 'Link not found');
  return row;
}
