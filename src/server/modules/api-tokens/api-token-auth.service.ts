import { randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  API_TOKEN_HINT_LENGTH,
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  type ApiTokenScope,
} from '@shared/api-tokens.js';
import { AppError } from '@shared/errors.js';
import { perDatabase, type Database } from '../../db/client.js';
import { hotStatement } from '../../db/row-mapper.js';
import { apiTokens, userCompanies, users } from '../../db/schema/index.js';
import { hashToken, type UserRow } from '../auth/index.js';

/** The last use is written at most this often per token, so a busy integration costs no write per request. */
export const API_TOKEN_TOUCH_INTERVAL_MS = 60 * 1000;

/** What a request made with a token may do: the token's grant, beside its creator (`request.auth`). */
export interface ApiTokenGrant {
  id: string;
  name: string;
  scopes: readonly ApiTokenScope[];
  /** The companies it may reach; null for every company its creator may reach. */
  companyIds: readonly string[] | null;
}

export interface ResolvedApiToken {
  grant: ApiTokenGrant;
  tokenHash: string;
  user: UserRow;
  /** The creator's linked companies. */
  userCompanyIds: string[];
  expiresAt: Date;
  lastUsedAt: Date | null;
}

/** A new token: 32 random bytes (256 bits) after the prefix; only its SHA-256 is stored. */
export function newApiToken(): { token: string; tokenHash: string; hint: string } {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, tokenHash: hashToken(token), hint: token.slice(0, API_TOKEN_HINT_LENGTH) };
}

/** A bearer value shaped like one of ours: the prefix and 43 base64url characters. */
const TOKEN_SHAPE = new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);

function prepareFindApiToken(db: Database) {
  return db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      tokenHash: apiTokens.tokenHash,
      scopes: apiTokens.scopes,
      companyIds: apiTokens.companyIds,
      expired: sql<boolean>`${apiTokens.expiresAt} <= now()`,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      lastUsedAt: apiTokens.lastUsedAt,
      user: users,
      userCompanyIds: sql<
        string[]
      >`array(select ${userCompanies.companyId} from ${userCompanies} where ${userCompanies.userId} = ${users.id})`,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.createdById))
    .where(eq(apiTokens.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('find_api_token');
}

/** Built once per database, like the session lookup: it runs on every request a token makes. */
const findApiTokenStatement = perDatabase((db) => hotStatement(prepareFindApiToken(db)));

const unauthorized = (message: string) => new AppError('unauthorized', message);

/**
 * The token of a bearer request with its creator, or a 401 that says why: not one of ours, revoked, expired, or its
 * creator deactivated. The stored hash is compared again in constant time after the indexed lookup.
 */
export async function resolveApiToken(db: Database, token: string): Promise<ResolvedApiToken> {
  if (!TOKEN_SHAPE.test(token)) throw unauthorized(API_TOKEN_MESSAGES.invalid);
  const tokenHash = hashToken(token);
  const [row] = await findApiTokenStatement(db).execute({ tokenHash });
  if (!row || !timingSafeEqual(Buffer.from(row.tokenHash), Buffer.from(tokenHash))) {
    throw unauthorized(API_TOKEN_MESSAGES.invalid);
  }
  if (row.revokedAt) throw unauthorized(API_TOKEN_MESSAGES.revoked);
  if (row.expired) throw unauthorized(API_TOKEN_MESSAGES.expired);
  if (!row.user.active) throw unauthorized(API_TOKEN_MESSAGES.invalid);
  return {
    grant: {
      id: row.id,
      name: row.name,
      scopes: row.scopes as ApiTokenScope[],
      companyIds: row.companyIds,
    },
    tokenHash,
    user: row.user,
    userCompanyIds: row.userCompanyIds,
    expiresAt: row.expiresAt,
    lastUsedAt: row.lastUsedAt,
  };
}

/** Records the token's last use (time and address), at most once a minute per token. */
export async function touchApiToken(db: Database, token: ResolvedApiToken, ip: string) {
  const last = token.lastUsedAt?.getTime() ?? 0;
  if (Date.now() - last < API_TOKEN_TOUCH_INTERVAL_MS) return;
  await db
    .update(apiTokens)
    .set({ lastUsedAt: new Date(), lastUsedIp: ip })
    .where(eq(apiTokens.id, token.grant.id));
}
