import { z } from 'zod';
import { PERMISSIONS, ROLE_PERMISSIONS, type Permission } from './permissions.js';

/**
 * API tokens (issue 33, decision 043): another system calls `/api` with `Authorization: Bearer <token>` and acts as
 * the person who created the token (an admin, or a manager once an admin allows it), never as more: only through
 * routes whose permission is among the token's scopes (and still the creator's), only in the token's companies.
 */

/** Every token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_TOKEN_PREFIX = 'fct_';

/** What the listing shows of a token: its prefix and this many characters after it. */
export const API_TOKEN_HINT_LENGTH = API_TOKEN_PREFIX.length + 6;

/** Requests a token may make per window, shared by every app process (the counter is in PostgreSQL). */
export const API_TOKEN_RATE_LIMIT = 600;
export const API_TOKEN_RATE_WINDOW_MS = 60_000;

/** The longest a token may live; an integration is expected to rotate it within a year. */
export const API_TOKEN_MAX_DAYS = 366;

/**
 * What no token may be granted: impersonation (a session of another user) and the management of tokens and webhooks
 * themselves (a token that mints tokens outlives its revocation).
 */
const NEVER_SCOPES: readonly Permission[] = ['users.impersonate', 'system.api.manage', 'api.tokens.own'];

/** What a token may be granted: every other permission. */
export const API_TOKEN_SCOPES = PERMISSIONS.filter((permission) => !NEVER_SCOPES.includes(permission));
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/**
 * The scopes whose routes read and write within a company scope: a manager's permissions. A token narrowed to some
 * companies may hold only these; the administrators' other routes (accounting, users, system settings) are not
 * divided by company, so a narrowed token cannot be let into them.
 */
export const COMPANY_SCOPED_PERMISSIONS: readonly Permission[] = ROLE_PERMISSIONS.manager.filter(
  (permission) => !NEVER_SCOPES.includes(permission),
);

export const API_TOKEN_MESSAGES = {
  nameRequired: 'Name the token (what uses it)',
  scopesRequired: 'Choose at least one scope',
  companiesRequired: 'Choose at least one company, or every company',
  expiryInPast: 'The expiry must be a day after today or later',
  expiryTooFar: `A token can live at most ${API_TOKEN_MAX_DAYS} days`,
  narrowedScopes: 'A token limited to some companies can only hold the scopes managers hold',
  invalid: 'The API token is not valid',
  revoked: 'The API token was revoked',
  expired: 'The API token has expired',
  routeRefused: 'API tokens cannot use this route',
  scopeMissing: "The API token's scopes do not allow this",
  rateLimited: 'Too many requests with this API token; try again shortly',
  managersNotAllowed: 'An administrator has not allowed managers to create API tokens',
  companiesChosen: 'Choose the companies the token may reach',
  notWhileImpersonating: 'Return to your own account before creating an API token',
} as const;

/** The label of what a token did, in the audit log and a claim's history. */
export const apiTokenActorLabel = (name: string) => `API: ${name}`;

export const createApiTokenRequestSchema = z.object({
  name: z.string().trim().min(1, API_TOKEN_MESSAGES.nameRequired).max(100),
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES))
    .min(1, API_TOKEN_MESSAGES.scopesRequired)
    .transform((scopes) => [...new Set(scopes)]),
  /** The companies it may reach, or null for every company the creator may reach. */
  companyIds: z.array(z.uuid()).min(1, API_TOKEN_MESSAGES.companiesRequired).nullable(),
  /** The last day it works (through the end of that day, UTC). */
  expiresOn: z.iso.date(),
});
export type CreateApiTokenRequest = z.input<typeof createApiTokenRequestSchema>;

export const API_TOKEN_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ApiTokenStatus = (typeof API_TOKEN_STATUSES)[number];

export const apiTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  hint: z
    .string()
    .describe('The token’s first characters, to tell tokens apart; the token itself is never shown again'),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
  companies: z
    .array(z.object({ id: z.uuid(), name: z.string() }))
    .nullable()
    .describe('Null: every company'),
  createdBy: z.object({ id: z.uuid(), username: z.string() }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso
    .datetime({ offset: true })
    .describe('When it stops working: the start of the day after `expiresOn`, UTC'),
  expiresOn: z.iso.date().describe('The last day it works'),
  revokedAt: z.iso.datetime({ offset: true }).nullable(),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
  lastUsedIp: z.string().nullable(),
  status: z.enum(API_TOKEN_STATUSES),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer to creating a token: the only time the token itself is shown. */
export const createdApiTokenSchema = z.object({ apiToken: apiTokenSchema, token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

/** Scopes a token of these companies may not hold (none when it reaches every company). */
export function scopesBeyondCompanies(scopes: readonly string[], companyIds: readonly string[] | null) {
  if (companyIds === null) return [];
  return scopes.filter((scope) => !COMPANY_SCOPED_PERMISSIONS.includes(scope as Permission));
}
