import { eq, sql } from 'drizzle-orm';
import { AppError } from '@shared/errors.js';
import { UNCHANGED_PASSWORD_MESSAGE } from '@shared/passwords.js';
import type { UserActor, VisitorActor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { recordAudit } from '../audit/index.js';
import { dummyPasswordHash, verifyPassword } from './password.js';
import { allowPasswordGuess } from './password-throttle.js';
import type { UserRow } from './session.service.js';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password';

export async function findUserByUsername(db: Database, username: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  return user;
}

/**
 * Checks a username and password. Throttled per username and per address, the check counted before the
 * password is verified (password-throttle.ts); the answers never tell whether the username exists.
 */
export async function authenticate(
  db: Database,
  actor: UserActor | VisitorActor,
  credentials: { username: string; password: string },
): Promise<UserRow> {
  const guess = await allowPasswordGuess(db, {
    username: credentials.username,
    ip: actor.ip,
    kind: 'login',
  });
  const user = await findUserByUsername(db, credentials.username);
  const passwordMatches = await verifyPassword(
    user?.passwordHash ?? (await dummyPasswordHash()),
    credentials.password,
  );
  if (!user || !user.active || !passwordMatches) {
    await recordAudit(db, actor, {
      action: 'login.failed',
      entityType: 'user',
      entityId: user?.id ?? null,
      actorId: null,
      after: {
        username: credentials.username,
        reason: !user ? 'unknown user' : !user.active ? 'inactive' : 'password',
      },
    });
    throw new AppError('unauthorized', INVALID_CREDENTIALS_MESSAGE);
  }

  await guess.succeeded();
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  await recordAudit(db, actor, {
    action: 'login.succeeded',
    entityType: 'user',
    entityId: user.id,
    actorId: user.id,
  });
  return user;
}

/**
 * Refuses (400, under the new password) a new password equal to the user's current one: the forced first change
 * asks no current password, and the temporary or printed one must not stay valid through it. With `counted` (the
 * forced change, where no current password was checked before) each comparison takes a hit of the login's throttle,
 * given back when the passwords differ: the refusal says whether a password is the current one, so it is a guess
 * like any other.
 */
export async function refuseUnchangedPassword(
  db: Database,
  actor: UserActor,
  newPassword: string,
  { counted }: { counted: boolean },
) {
  const guess =
    counted &&
    (await allowPasswordGuess(db, { username: actor.user.username, ip: actor.ip, kind: 'password change' }));
  const [stored] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, actor.user.id));
  if (stored?.passwordHash && (await verifyPassword(stored.passwordHash, newPassword))) {
    throw new AppError('validation', UNCHANGED_PASSWORD_MESSAGE, {
      fieldErrors: { newPassword: [UNCHANGED_PASSWORD_MESSAGE] },
    });
  }
  if (guess) await guess.succeeded();
}

/**
 * Checks the current password of a password change (spec §4: not asked at the forced first change), under the
 * login's throttle: the same budget per username and per address, counted before the password is verified.
 */
export async function verifyCurrentPassword(db: Database, actor: UserActor, currentPassword: string) {
  const guess = await allowPasswordGuess(db, {
    username: actor.user.username,
    ip: actor.ip,
    kind: 'password change',
  });
  // The hash is read here, not with every request's session (actor.ts, ActorUser).
  const [stored] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, actor.user.id));
  if (!(await verifyPassword(stored?.passwordHash ?? null, currentPassword))) {
    throw new AppError('validation', 'Current password is incorrect', {
      fieldErrors: { currentPassword: ['Current password is incorrect'] },
    });
  }
  await guess.succeeded();
}
