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
 * Checks a password change under the login's throttle (the same budget per username and per address, counted
 * before any password is verified), with the hash read once (here, not with every request's session: actor.ts):
 * - the current password, except on the forced first change, which does not ask it (spec §4);
 * - that the new password differs from the current one (400 under the new password): through the forced change
 *   the temporary or printed password would otherwise stay valid for good. That refusal says whether a password is
 *   the current one, so it is a guess like a wrong current password.
 */
export async function checkPasswordChange(
  db: Database,
  actor: UserActor,
  { currentPassword, newPassword }: { currentPassword: string | null; newPassword: string },
) {
  const guess = await allowPasswordGuess(db, {
    username: actor.user.username,
    ip: actor.ip,
    kind: 'password change',
  });
  const [stored] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, actor.user.id));
  const hash = stored?.passwordHash ?? null;
  if (currentPassword !== null && !(await verifyPassword(hash, currentPassword))) {
    throw new AppError('validation', 'Current password is incorrect', {
      fieldErrors: { currentPassword: ['Current password is incorrect'] },
    });
  }
  if (hash && (await verifyPassword(hash, newPassword))) {
    throw new AppError('validation', UNCHANGED_PASSWORD_MESSAGE, {
      fieldErrors: { newPassword: [UNCHANGED_PASSWORD_MESSAGE] },
    });
  }
  await guess.succeeded();
}
