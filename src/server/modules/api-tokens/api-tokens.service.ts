import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  API_TOKEN_MAX_DAYS,
  API_TOKEN_MESSAGES,
  scopesBeyondCompanies,
  type ApiToken,
  type ApiTokenScope,
  type CreatedApiToken,
  type createApiTokenRequestSchema,
} from '@shared/api-tokens.js';
import { AppError, type FieldErrors } from '@shared/errors.js';
import { roleHasPermission } from '@shared/permissions.js';
import type { z } from 'zod';
import { actorHolds, type UserActor } from '../../actor.js';
import { inScope } from '../../company-scope.js';
import type { Database } from '../../db/client.js';
import { apiTokens, companies, users } from '../../db/schema/index.js';
import { recordAudit } from '../audit/index.js';
import { readSetting } from '../settings/index.js';
import { newApiToken } from './api-token-auth.service.js';

type CreateInput = z.output<typeof createApiTokenRequestSchema>;
type TokenRow = typeof apiTokens.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A token made to last through `expiresOn` ends when the next day begins (UTC). */
const endOfDay = (isoDate: string) => new Date(Date.parse(`${isoDate}T00:00:00Z`) + DAY_MS);

function validationError(fieldErrors: FieldErrors): AppError {
  const [first] = Object.values(fieldErrors).flat();
  return new AppError('validation', first ?? 'The token could not be created', { fieldErrors });
}

/** Whether the actor manages every token (an administrator), not only their own. */
const managesEveryToken = (actor: UserActor) => actorHolds(actor, 'system.api.manage');

/**
 * What the creator may grant: scopes they hold, companies they reach (chosen ones, unless they manage every token),
 * an expiry within the limit.
 */
async function checkGrant(db: Database, actor: UserActor, input: CreateInput, expiresAt: Date) {
  const fieldErrors: FieldErrors = {};
  if (!managesEveryToken(actor) && !input.companyIds) {
    fieldErrors.companyIds = [API_TOKEN_MESSAGES.companiesChosen];
  }
  const now = Date.now();
  if (expiresAt.getTime() <= now + DAY_MS / 24) fieldErrors.expiresOn = [API_TOKEN_MESSAGES.expiryInPast];
  else if (expiresAt.getTime() > now + (API_TOKEN_MAX_DAYS + 1) * DAY_MS) {
    fieldErrors.expiresOn = [API_TOKEN_MESSAGES.expiryTooFar];
  }
  const notHeld = input.scopes.filter((scope) => !roleHasPermission(actor.user.role, scope));
  if (notHeld.length) fieldErrors.scopes = [`You do not hold ${notHeld.join(', ')}`];
  else if (scopesBeyondCompanies(input.scopes, input.companyIds).length) {
    fieldErrors.scopes = [API_TOKEN_MESSAGES.narrowedScopes];
  }
  if (input.companyIds) {
    const wanted = [...new Set(input.companyIds)];
    const found = await db.select({ id: companies.id }).from(companies).where(inArray(companies.id, wanted));
    const reachable = found.filter((company) => inScope(actor.scope, company.id));
    if (reachable.length !== wanted.length) fieldErrors.companyIds = ['Choose companies you can reach'];
  }
  if (Object.keys(fieldErrors).length) throw validationError(fieldErrors);
}

function statusOf(row: TokenRow): ApiToken['status'] {
  if (row.revokedAt) return 'revoked';
  return row.expiresAt.getTime() <= Date.now() ? 'expired' : 'active';
}

/** The tokens as the list shows them, with the names of their companies (one query for all of them). */
async function presentTokens(
  db: Database,
  rows: { token: TokenRow; creator: { id: string; username: string } | null }[],
): Promise<ApiToken[]> {
  const companyIds = [...new Set(rows.flatMap(({ token }) => token.companyIds ?? []))];
  const names = companyIds.length
    ? await db
        .select({ id: companies.id, name: companies.name })
        .from(companies)
        .where(inArray(companies.id, companyIds))
    : [];
  const nameOf = new Map(names.map((company) => [company.id, company.name]));
  return rows.map(({ token, creator }) => ({
    id: token.id,
    name: token.name,
    hint: token.hint,
    scopes: token.scopes as ApiTokenScope[],
    companies: token.companyIds?.map((id) => ({ id, name: nameOf.get(id) ?? 'Removed company' })) ?? null,
    createdBy: creator,
    createdAt: token.createdAt.toISOString(),
    expiresAt: token.expiresAt.toISOString(),
    expiresOn: new Date(token.expiresAt.getTime() - 1).toISOString().slice(0, 10),
    revokedAt: token.revokedAt?.toISOString() ?? null,
    lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: token.lastUsedIp,
    status: statusOf(token),
  }));
}

function selectTokens(db: Database) {
  return db
    .select({ token: apiTokens, creator: { id: users.id, username: users.username } })
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.createdById));
}

/** The tokens an actor manages: an administrator's, every one; a manager's, their own. */
const managedBy = (actor: UserActor) =>
  managesEveryToken(actor) ? undefined : eq(apiTokens.createdById, actor.user.id);

/** The tokens the actor manages, newest first: an organisation keeps a handful, so the list is not paged. */
export async function listApiTokens(db: Database, actor: UserActor): Promise<ApiToken[]> {
  const rows = await selectTokens(db)
    .where(managedBy(actor))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return presentTokens(db, rows);
}

/** Creates a token for the actor and answers it, the only time the token itself is shown. */
export async function createApiToken(
  db: Database,
  actor: UserActor,
  input: CreateInput,
): Promise<CreatedApiToken> {
  // A token made while impersonating would outlive the impersonation and act as the other person.
  if (actor.impersonator) throw new AppError('forbidden', API_TOKEN_MESSAGES.notWhileImpersonating);
  if (!managesEveryToken(actor) && !(await readSetting(db, 'managersCreateApiTokens'))) {
    throw new AppError('forbidden', API_TOKEN_MESSAGES.managersNotAllowed);
  }
  const expiresAt = endOfDay(input.expiresOn);
  await checkGrant(db, actor, input, expiresAt);
  const { token, tokenHash, hint } = newApiToken();
  const companyIds = input.companyIds && [...new Set(input.companyIds)];
  const [row] = await db
    .insert(apiTokens)
    .values({
      name: input.name,
      tokenHash,
      hint,
      scopes: input.scopes,
      companyIds,
      createdById: actor.user.id,
      expiresAt,
    })
    .returning();
  const [apiToken] = await presentTokens(db, [
    { token: row!, creator: { id: actor.user.id, username: actor.user.username } },
  ]);
  await recordAudit(db, actor, {
    action: 'api_token.created',
    entityType: 'api_token',
    entityId: row!.id,
    after: { name: input.name, scopes: input.scopes, companyIds, expiresAt: expiresAt.toISOString() },
  });
  return { apiToken: apiToken!, token };
}

/**
 * Revokes a token the actor manages at once: its next request answers 401. Revoking a revoked token changes nothing;
 * another manager's token is not found.
 */
export async function revokeApiToken(db: Database, actor: UserActor, id: string): Promise<ApiToken> {
  const [revoked] = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt), managedBy(actor)))
    .returning({ id: apiTokens.id, name: apiTokens.name });
  if (revoked) {
    await recordAudit(db, actor, {
      action: 'api_token.revoked',
      entityType: 'api_token',
      entityId: id,
      before: { name: revoked.name },
    });
  }
  const rows = await selectTokens(db).where(and(eq(apiTokens.id, id), managedBy(actor)));
  if (!rows.length) throw new AppError('not_found', 'API token not found');
  const [token] = await presentTokens(db, rows);
  return token!;
}
