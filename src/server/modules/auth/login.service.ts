import { eq, sql } from 'drizzle-orm';
import { AppError } from '@shared/errors.js';
import type { UserActor, VisitorActor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { recordAudit } from '../audit/index.js';
import {
  clearRateLimit,
  hitRateLimit,
  peekRateLimit,
  retryAfterSeconds,
  type RateWindow,
} from '../rate-limit/index.js';
import { dummyPasswordHash, verifyPassword } from './password.js';
import type { UserRow } from './session.service.js';

/** Failed logins allowed per username, and per client address, in each window. */
export const LOGIN_FAILURES_PER_USERNAME = 5;
export const LOGIN_FAILURES_PER_ADDRESS = 30;
export const LOGIN_THROTTLE_WINDOW_MS = 15 * 60 * 1000;

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password';

const usernameKey = (username: string) => `login:user:${username.toLowerCase()}`;
const addressKey = (ip: string) => `login:ip:${ip}`;

function tooManyAttempts(window: RateWindow): AppError {
  const seconds = retryAfterSeconds(window);
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    'rate_limited',
    `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { headers: { 'retry-after': String(seconds) } },
  );
}

export async function findUserByUsername(db: Database, username: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  return user;
}

/**
 * Checks a username and password. Throttled per username and per address (counts in PostgreSQL, shared by
 * every process); the answers never tell whether the username exists.
 */
export async function authenticate(
  db: Database,
  actor: UserActor | VisitorActor,
  credentials: { username: string; password: string },
): Promise<UserRow> {
  for (const [key, limit] of [
    [usernameKey(credentials.username), LOGIN_FAILURES_PER_USERNAME],
    [addressKey(actor.ip ?? ''), LOGIN_FAILURES_PER_ADDRESS],
  ] as const) {
    const window = await peekRateLimit(db, key);
    if (window && window.count >= limit) throw tooManyAttempts(window);
  }

  const user = await findUserByUsername(db, credentials.username);
  const passwordMatches = await verifyPassword(
    user?.passwordHash ?? (await dummyPasswordHash()),
    credentials.password,
  );
  if (!user || !user.active || !passwordMatches) {
    await hitRateLimit(db, usernameKey(credentials.username), LOGIN_THROTTLE_WINDOW_MS);
    await hitRateLimit(db, addressKey(actor.ip ?? ''), LOGIN_THROTTLE_WINDOW_MS);
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

  await clearRateLimit(db, usernameKey(credentials.username));
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  await recordAudit(db, actor, {
    action: 'login.succeeded',
    entityType: 'user',
    entityId: user.id,
    actorId: user.id,
  });
  return user;
}
