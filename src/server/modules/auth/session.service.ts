import { createHash, randomBytes } from 'node:crypto';
import { and, eq, getTableColumns, gt, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ActorUser } from '../../actor.js';
import { perDatabase, type Database } from '../../db/client.js';
import { hotStatement } from '../../db/row-mapper.js';
import { sessions, userCompanies, users } from '../../db/schema/index.js';

/** Sessions end after this long without activity (background polling does not count). */
export const SESSION_IDLE_TIMEOUT_MS = 2 * 60 * 60 * 1000;
/** …and this long after login, however active. */
export const SESSION_ABSOLUTE_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Activity is written at most this often per session, so a busy user costs no write per request. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type UserRow = typeof users.$inferSelect;

// The user's columns of ActorUser (actor.ts).
const {
  passwordHash: _passwordHash,
  lastLoginAt: _lastLoginAt,
  createdAt: _createdAt,
  updatedAt: _updatedAt,
  ...actorUserColumns
} = getTableColumns(users);

export interface ResolvedSession {
  tokenHash: string;
  user: ActorUser;
  /** The companies the user is linked to (an admin's scope is every company whatever this says). */
  companyIds: string[];
  impersonator: { id: string; username: string } | null;
  lastActiveAt: Date;
  expiresAt: Date;
}

/** Creates a session and answers the token for the cookie (never stored itself: only its hash is). */
export async function createSession(
  db: Database,
  input: { userId: string; impersonatorId?: string | null; ip?: string; userAgent?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_ABSOLUTE_LIFETIME_MS);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: input.userId,
    impersonatorId: input.impersonatorId ?? null,
    expiresAt,
    ip: input.ip ?? null,
    userAgent: input.userAgent?.slice(0, 512) ?? null,
  });
  return { token, expiresAt };
}

const impersonators = alias(users, 'impersonators');

/** The session lookup every authenticated request runs (exported for the bench's bare server, bench/bare-server.ts). */
export function prepareFindSession(db: Database) {
  return db
    .select({
      tokenHash: sessions.tokenHash,
      lastActiveAt: sessions.lastActiveAt,
      expiresAt: sessions.expiresAt,
      user: actorUserColumns,
      // Loaded with the session so that company-scoped requests need no query of their own for it.
      companyIds: sql<
        string[]
      >`array(select ${userCompanies.companyId} from ${userCompanies} where ${userCompanies.userId} = ${users.id})`,
      impersonatorId: impersonators.id,
      impersonatorUsername: impersonators.username,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(impersonators, eq(impersonators.id, sessions.impersonatorId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql`now()`),
        gt(
          sessions.lastActiveAt,
          sql`now() - ${sql.raw(`interval '${SESSION_IDLE_TIMEOUT_MS} milliseconds'`)}`,
        ),
        eq(users.active, true),
      ),
    )
    .limit(1)
    .prepare('find_session');
}

/**
 * Runs on every authenticated request, so the query is built once per database and only executed after
 * (building a Drizzle query costs more than PostgreSQL takes to answer this one).
 */
const findSessionStatement = perDatabase((db) => hotStatement(prepareFindSession(db)));

/** The live session for a cookie token with its active user, or null (unknown, expired, idle or inactive). */
export async function findSession(db: Database, token: string): Promise<ResolvedSession | null> {
  const [row] = await findSessionStatement(db).execute({ tokenHash: hashToken(token) });
  if (!row) return null;
  return {
    tokenHash: row.tokenHash,
    user: row.user,
    companyIds: row.companyIds,
    impersonator:
      row.impersonatorId && row.impersonatorUsername
        ? { id: row.impersonatorId, username: row.impersonatorUsername }
        : null,
    lastActiveAt: row.lastActiveAt,
    expiresAt: row.expiresAt,
  };
}

/** Records activity, at most once a minute per session. */
export async function touchSession(db: Database, session: ResolvedSession) {
  if (Date.now() - session.lastActiveAt.getTime() < SESSION_TOUCH_INTERVAL_MS) return;
  await db
    .update(sessions)
    .set({ lastActiveAt: new Date() })
    .where(eq(sessions.tokenHash, session.tokenHash));
}

export async function deleteSession(db: Database, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Ends every session of a user, including impersonations of them and by them. */
export async function deleteUserSessions(db: Database, userId: string) {
  await db.delete(sessions).where(or(eq(sessions.userId, userId), eq(sessions.impersonatorId, userId)));
}

export async function deleteExpiredSessions(db: Database) {
  const idleCutoff = new Date(Date.now() - SESSION_IDLE_TIMEOUT_MS);
  await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, sql`now()`), lt(sessions.lastActiveAt, idleCutoff)));
}
