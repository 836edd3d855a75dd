/**
 * The demo users' notifications (used by seed-demo.ts): what the app told each of them lately, in the titles and
 * messages its services write. A manager was assigned the claims the admin reported for them and mentioned in
 * the admin's notes on their open claims; the admin and the viewers were told of each move of the claims they
 * watch. The last two days' are unread. Each one's cause is in the data too: the notes with their mention and
 * the watchers are returned to be inserted with the rest (the claims the admin reported are the seeder's).
 */
import { assignedToYouTitle, mentionedYouTitle } from '../src/shared/claims.js';
import { isOpenStatus, type ClaimStatus } from '../src/shared/workflows.js';
import type { claimNotes, claimWatchers, notifications } from '../src/server/db/schema/index.js';
import { displayName } from '../src/server/modules/authorizations/index.js';
import { statusChangeNotice } from '../src/server/modules/claims/index.js';

/** About how many notifications each user has, the newest first (a bounded scan of the newest claims). */
const PER_USER = 12;
/** How many of a manager's notifications are the admin's mentions. */
const MENTIONS_PER_MANAGER = 3;
const DAY = 86_400_000;
const MENTIONS = [
  'can you chase the shop for an updated ETA? The driver needs the van back.',
  'please confirm the rental is still needed.',
  'the insurer asked for photos of the damage; can you upload them?',
  'is the estimate approved? Finance is asking.',
];

export interface DemoUser {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  role: 'admin' | 'manager' | 'viewer';
  /** The companies the user sees (an admin sees all). */
  companyIds: readonly string[];
}

export interface DemoFollowedClaim {
  id: string;
  number: number;
  companyId: string;
  assigneeId: string;
  reportedById: string;
  status: ClaimStatus;
  unitNumber: string;
  /** "2021 Ford Transit 250" */
  vehicle: string;
  createdAt: Date;
  /** Its status history, oldest first. */
  moves(): { fromStatus?: ClaimStatus | null; toStatus: ClaimStatus; createdAt?: Date | null }[];
}

export interface DemoNotificationRows {
  notifications: (typeof notifications.$inferInsert)[];
  notes: (typeof claimNotes.$inferInsert)[];
  watchers: (typeof claimWatchers.$inferInsert)[];
}

/**
 * The notifications of `users` about `newestFirst` (the claims, newest first; read only as far as each user's
 * share needs). `admin` is who reported for the managers and mentions them.
 */
export function demoNotifications(
  newestFirst: readonly DemoFollowedClaim[],
  users: readonly DemoUser[],
  admin: DemoUser,
  now = new Date(),
): DemoNotificationRows {
  const rows: DemoNotificationRows = { notifications: [], notes: [], watchers: [] };
  const notice = (
    user: DemoUser,
    claim: DemoFollowedClaim,
    at: Date,
    content: Pick<typeof notifications.$inferInsert, 'type' | 'title' | 'message'>,
  ) => {
    const read = now.getTime() - at.getTime() > 2 * DAY;
    rows.notifications.push({
      userId: user.id,
      ...content,
      relatedVehicleId: claim.id,
      isRead: read,
      readAt: read ? new Date(at.getTime() + DAY / 4) : null,
      createdAt: at,
    });
  };
  users.forEach((user, index) => {
    const sees = (claim: DemoFollowedClaim) =>
      user.role === 'admin' || user.companyIds.includes(claim.companyId);
    let count = 0;
    let mentions = 0;
    for (const claim of newestFirst) {
      if (count >= PER_USER) break;
      if (!sees(claim)) continue;
      if (user.role === 'manager') {
        const told = managerNotices(user, claim, mentions < MENTIONS_PER_MANAGER);
        count += told.count;
        if (told.mentioned) mentions++;
      }
      // The admin and the viewers watch every third claim they see, each a different third.
      else if ((claim.number + index) % 3 === 0) count += moveNotices(user, claim);
    }
  });
  // A claim the admin both watches and mentioned someone on is watched once.
  const watching = new Set<string>();
  rows.watchers = rows.watchers.filter(({ claimId, userId }) => {
    const key = `${claimId} ${userId}`;
    return !watching.has(key) && !!watching.add(key);
  });
  return rows;

  /** A claim the admin reported for `manager` (assigned at once), and the admin's mention on every other open one. */
  function managerNotices(manager: DemoUser, claim: DemoFollowedClaim, mayMention: boolean) {
    if (claim.assigneeId !== manager.id) return { count: 0, mentioned: false };
    let count = 0;
    if (claim.reportedById === admin.id) {
      notice(manager, claim, claim.createdAt, {
        type: 'assignment',
        title: assignedToYouTitle(claim.number),
        message: `${claim.unitNumber} · ${claim.vehicle}`,
      });
      count++;
    }
    const mentioned = mayMention && isOpenStatus(claim.status) && claim.number % 2 === 0;
    if (mentioned) {
      const since = claim.moves().at(-1)?.createdAt ?? claim.createdAt;
      const at = new Date((since.getTime() + now.getTime()) / 2);
      const body = `@${manager.username} ${MENTIONS[claim.number % MENTIONS.length]}`;
      rows.notes.push({
        claimId: claim.id,
        authorId: admin.id,
        body,
        mentionedUserIds: [manager.id],
        createdAt: at,
      });
      rows.watchers.push({ claimId: claim.id, userId: admin.id });
      notice(manager, claim, at, {
        type: 'mention',
        title: mentionedYouTitle(displayName(admin), claim.number),
        message: body,
      });
      count++;
    }
    return { count, mentioned };
  }

  /** Each move of a claim `user` watches (made by its assignee, so never by them). */
  function moveNotices(user: DemoUser, claim: DemoFollowedClaim): number {
    rows.watchers.push({ claimId: claim.id, userId: user.id });
    const moves = claim.moves().slice(1);
    for (const move of moves) {
      const { title, message } = statusChangeNotice(claim, claim.unitNumber, move.fromStatus!, move.toStatus);
      notice(user, claim, move.createdAt!, { type: 'status_change', title, message });
    }
    return moves.length;
  }
}
