import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { formatClaimNumber, mentionedYouTitle, parseMentions, type Note } from '@shared/claims.js';
import { AppError } from '@shared/errors.js';
import { shopLinkActorLabel } from '@shared/shop-links.js';
import { actorImpersonatorId, type LinkActor, type UserActor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { claimNotes, claimWatchers, outsideLinks, repairFacilities, users } from '../../db/schema/index.js';
import { likePattern, likePrefix } from '../../db/like-pattern.js';
import { recordAudit } from '../audit/index.js';
import { notify } from '../notifications/index.js';
import { emitWebhookEvent } from '../webhooks/index.js';
import { activeUserSeesCompany } from '../users/index.js';
import { usersWhoCanSee } from './claim-references.js';
import { claimFollowers } from './claim-workflow.service.js';
import { person } from './claim.presenter.js';
import { personName, type ClaimRow } from './claim-queries.js';

const displayName = (user: { firstName: string | null; lastName: string | null; username: string }) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;

/**
 * Adds a note, written by the actor's user and, while an admin impersonates, naming that admin too (its row and
 * its `note.added` audit row). `@username` mentions must name active users who can see the claim (anyone else
 * is refused, so a note never leaks a claim); each mentioned user gets a `mention` notification linking to it.
 */
export async function addNote(db: Database, actor: UserActor, row: ClaimRow, body: string): Promise<Note> {
  const author = actor.user;
  const names = parseMentions(body);
  const mentioned = names.length
    ? await db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(inArray(sql`lower(${users.username})`, names))
    : [];
  const visible = await usersWhoCanSee(
    db,
    row.claim.companyId,
    mentioned.map((user) => user.id),
  );
  const refused = names.filter(
    (name) => !mentioned.some((user) => user.username.toLowerCase() === name && visible.has(user.id)),
  );
  if (refused.length) {
    const list = refused.map((name) => `@${name}`).join(', ');
    const message = `${list} cannot be mentioned: only active users who can see this claim can be mentioned`;
    throw new AppError('validation', message, { fieldErrors: { body: [message] } });
  }
  const mentionIds = mentioned.map((user) => user.id);
  const note = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(claimNotes)
      .values({
        claimId: row.claim.id,
        authorId: author.id,
        impersonatorId: actorImpersonatorId(actor),
        body,
        mentionedUserIds: mentionIds,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'note.added',
      entityType: 'claim',
      entityId: row.claim.id,
      after: { noteId: created!.id, mentionedUserIds: mentionIds },
    });
    await tx.insert(claimWatchers).values({ claimId: row.claim.id, userId: author.id }).onConflictDoNothing();
    await emitWebhookEvent(tx, {
      type: 'claim.note_added',
      companyId: row.claim.companyId,
      claimId: row.claim.id,
      data: () => ({
        claimId: row.claim.id,
        claimNumber: formatClaimNumber(row.claim.number),
        note: {
          id: created!.id,
          body,
          author: { id: author.id, username: author.username, name: displayName(author) },
          mentions: mentioned,
          createdAt: created!.createdAt.toISOString(),
        },
      }),
    });
    const recipients = mentionIds.filter((id) => id !== author.id);
    await notify(tx, actor, recipients, {
      type: 'mention',
      title: mentionedYouTitle(displayName(author), row.claim.number),
      message: body.length > 200 ? `${body.slice(0, 197)}…` : body,
      relatedVehicleId: row.claim.id,
      mail: {
        template: 'mention',
        values: { author: displayName(author), claimNumber: formatClaimNumber(row.claim.number), note: body },
      },
    });
    return created!;
  });
  return {
    id: note.id,
    body: note.body,
    author: { id: author.id, username: author.username, name: displayName(author) },
    impersonator: await impersonatorOf(db, actor),
    via: null,
    mentions: mentioned,
    createdAt: note.createdAt.toISOString(),
  };
}

/** The impersonating admin as a person (the actor carries only the id and username). */
async function impersonatorOf(db: Database, actor: UserActor): Promise<Note['impersonator']> {
  if (!actor.impersonator) return null;
  const [admin] = await db
    .select({ id: users.id, username: users.username, name: personName(users) })
    .from(users)
    .where(eq(users.id, actor.impersonator.id));
  return admin ?? null;
}

/**
 * Adds a note written through a link by someone outside the office (a shop, issue 32): no author but the link, no
 * mentions (its text is kept as typed), and the claim's assignee and watchers are told, as of a move.
 */
export async function addLinkNote(
  db: Database,
  actor: LinkActor,
  claim: { id: string; number: number; companyId: string; assigneeId: string | null },
  body: string,
  notice: { title: string },
): Promise<void> {
  const [created] = await db
    .insert(claimNotes)
    .values({ claimId: claim.id, authorId: null, outsideLinkId: actor.linkId, body, mentionedUserIds: [] })
    .returning();
  await recordAudit(db, actor, {
    action: 'note.added',
    entityType: 'claim',
    entityId: claim.id,
    after: { noteId: created!.id, mentionedUserIds: [] },
  });
  await emitWebhookEvent(db, {
    type: 'claim.note_added',
    companyId: claim.companyId,
    claimId: claim.id,
    data: () => ({
      claimId: claim.id,
      claimNumber: formatClaimNumber(claim.number),
      note: {
        id: created!.id,
        body,
        author: null,
        via: actor.label,
        mentions: [],
        createdAt: created!.createdAt.toISOString(),
      },
    }),
  });
  await notify(db, actor, await claimFollowers(db, claim), {
    type: 'shop_update',
    title: notice.title,
    message: body.length > 200 ? `${body.slice(0, 197)}…` : body,
    relatedVehicleId: claim.id,
  });
}

const authors = alias(users, 'authors');
const impersonators = alias(users, 'impersonators');

export async function listNotes(db: Database, claimId: string): Promise<Note[]> {
  const rows = await db
    .select({
      note: claimNotes,
      authorUsername: authors.username,
      authorName: personName(authors),
      impersonatorUsername: impersonators.username,
      impersonatorName: personName(impersonators),
      shopName: repairFacilities.name,
    })
    .from(claimNotes)
    .leftJoin(authors, eq(authors.id, claimNotes.authorId))
    .leftJoin(impersonators, eq(impersonators.id, claimNotes.impersonatorId))
    .leftJoin(outsideLinks, eq(outsideLinks.id, claimNotes.outsideLinkId))
    .leftJoin(repairFacilities, eq(repairFacilities.id, outsideLinks.facilityId))
    .where(eq(claimNotes.claimId, claimId))
    .orderBy(asc(claimNotes.createdAt), asc(claimNotes.id));
  const mentionIds = [...new Set(rows.flatMap((row) => row.note.mentionedUserIds))];
  const mentioned = mentionIds.length
    ? await db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(inArray(users.id, mentionIds))
    : [];
  const byId = new Map(mentioned.map((user) => [user.id, user]));
  return rows.map(({ note, ...people }) => ({
    id: note.id,
    body: note.body,
    author: person(note.authorId, people.authorUsername, people.authorName),
    impersonator: person(note.impersonatorId, people.impersonatorUsername, people.impersonatorName),
    via: note.outsideLinkId ? shopLinkActorLabel(people.shopName ?? 'repair shop') : null,
    mentions: note.mentionedUserIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
    createdAt: note.createdAt.toISOString(),
  }));
}

/**
 * Users who can be @mentioned on a claim or assigned it (the autocomplete, the assignee picker): `canWorkOnClaimsOf`.
 * With a search, those whose username starts with it come first, then those whose first or last name does, then the
 * rest that contain it: "@mi" offers Mike before Ada Admin, and Enter takes the first.
 */
export async function mentionableUsers(db: Database, companyId: string, search: string | undefined) {
  const startsWith = search && likePrefix(search);
  const rows = await db
    .select({ id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(
      and(
        activeUserSeesCompany(db, companyId),
        search
          ? or(
              ilike(users.username, likePattern(search)),
              ilike(users.firstName, likePattern(search)),
              ilike(users.lastName, likePattern(search)),
            )
          : undefined,
      ),
    )
    .orderBy(
      ...(startsWith
        ? [
            sql`case when ${users.username} ilike ${startsWith} then 0
              when ${users.firstName} ilike ${startsWith} or ${users.lastName} ilike ${startsWith} then 1 else 2 end`,
          ]
        : []),
      asc(users.username),
    )
    .limit(10);
  return rows.map((user) => ({ id: user.id, username: user.username, name: displayName(user) }));
}

export async function setWatching(db: Database, claimId: string, userId: string, watching: boolean) {
  if (watching) await db.insert(claimWatchers).values({ claimId, userId }).onConflictDoNothing();
  else
    await db
      .delete(claimWatchers)
      .where(and(eq(claimWatchers.claimId, claimId), eq(claimWatchers.userId, userId)));
}
