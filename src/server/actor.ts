import { roleHasPermission, type Permission } from '@shared/permissions.js';
import type { users } from './db/schema/index.js';

type UserRow = typeof users.$inferSelect;

/**
 * The acting user as every request's session lookup loads it (modules/auth/session.service.ts): not the password
 * hash, nor the columns no request reads from its own user (each one more value mapped on every request, issue 30).
 */
export type ActorUser = Omit<UserRow, 'passwordHash' | 'lastLoginAt' | 'createdAt' | 'updatedAt'>;

/** Every company (admins and the system), or the ids of the companies a manager or viewer is linked to. */
export type CompanyScope = 'all' | string[];

/** The API token a request came with (issue 33): what it may do, narrower than its creator. */
export interface ActorApiToken {
  id: string;
  name: string;
  /** The permissions it may use; the creator's role must hold them too (`actorHolds`). */
  scopes: readonly Permission[];
  /** The companies it may reach; null for every company its creator may reach. */
  companyIds: readonly string[] | null;
}

/**
 * A logged-in user acting through the API, possibly impersonated by an admin, or an API token acting for the user
 * who created it (never as more: its scopes and companies narrow the user's).
 */
export interface UserActor {
  kind: 'user';
  user: ActorUser;
  /** The companies the user is linked to; `scope` is what the user may see (an admin sees every company). */
  companyIds: string[];
  scope: CompanyScope;
  impersonator: { id: string; username: string } | null;
  /** The client address, for the audit log. */
  ip: string | null;
  /** The token the request came with; null for a browser session. */
  apiToken: ActorApiToken | null;
}

/** Someone not logged in (a login attempt, a password reset, the contact form). Sees no company. */
export interface VisitorActor {
  kind: 'visitor';
  ip: string | null;
}

/** Background work: a named job of the job runner, an import or a sync. Sees every company. */
export interface SystemActor {
  kind: 'system';
  job: string;
}

/**
 * Someone outside the office acting through a link, without an account (a repair shop, issue 32): reaches the
 * link's one claim (its service passes only that claim's id), holds the permissions the link gives, and is named by
 * `label` in the history, the audit log and the mail ("Shop: <facility> via link").
 */
export interface LinkActor {
  kind: 'link';
  linkId: string;
  label: string;
  /** What the link lets its holder do, on its one claim (a shop's: `SHOP_LINK_PERMISSIONS`). */
  permissions: readonly Permission[];
  /** The company of the link's claim: the only one it sees. */
  companyId: string;
  ip: string | null;
}

/** Who acts: made once at the route (or by the job runner) and passed to services, audit and notifications. */
export type Actor = UserActor | VisitorActor | SystemActor | LinkActor;

export function userActor(input: {
  user: ActorUser;
  companyIds: string[];
  impersonator?: { id: string; username: string } | null;
  ip?: string | null;
  apiToken?: ActorApiToken | null;
}): UserActor {
  const apiToken = input.apiToken ?? null;
  const userScope: CompanyScope = input.user.role === 'admin' ? 'all' : input.companyIds;
  // A token's companies narrow its creator's: those the creator still reaches.
  const scope: CompanyScope =
    apiToken?.companyIds == null
      ? userScope
      : apiToken.companyIds.filter((id) => userScope === 'all' || userScope.includes(id));
  return {
    kind: 'user',
    user: input.user,
    companyIds: scope === 'all' ? input.companyIds : scope,
    scope,
    impersonator: input.impersonator ?? null,
    ip: input.ip ?? null,
    apiToken,
  };
}

/**
 * Whether the actor may use a permission: a user's role holds it (and, through a token, the token's scopes do too);
 * the system holds every one; a link those it was given; a visitor none. Routes check it (plugins/access.ts), and so do the policies.
 */
export function actorHolds(actor: Actor, permission: Permission): boolean {
  if (actor.kind === 'system') return true;
  if (actor.kind === 'link') return actor.permissions.includes(permission);
  if (actor.kind !== 'user' || !roleHasPermission(actor.user.role, permission)) return false;
  return !actor.apiToken || actor.apiToken.scopes.includes(permission);
}

/** The API token the actor acts through, written beside the actor in the history and the audit log. */
export function actorApiTokenId(actor: Actor): string | null {
  return actor.kind === 'user' ? (actor.apiToken?.id ?? null) : null;
}

export function visitorActor(ip: string | null): VisitorActor {
  return { kind: 'visitor', ip };
}

export function systemActor(job: string): SystemActor {
  return { kind: 'system', job };
}

/** The user id written as `created_by` / `updated_by` / the audit actor; null for a visitor or the system. */
export function actorUserId(actor: Actor): string | null {
  return actor.kind === 'user' ? actor.user.id : null;
}

/** The company scope of any actor: a visitor sees none, the system every company, a link its claim's company. */
export function actorScope(actor: Actor): CompanyScope {
  if (actor.kind === 'user') return actor.scope;
  if (actor.kind === 'link') return [actor.companyId];
  return actor.kind === 'system' ? 'all' : [];
}

/** The outside link the actor acts through, written beside the record in the history and the audit log. */
export function actorOutsideLinkId(actor: Actor): string | null {
  return actor.kind === 'link' ? actor.linkId : null;
}

/** The impersonating admin's id, written beside the actor in the history and the audit log. */
export function actorImpersonatorId(actor: Actor): string | null {
  return actor.kind === 'user' ? (actor.impersonator?.id ?? null) : null;
}

/** The client address (none for the system). */
export function actorIp(actor: Actor): string | null {
  return actor.kind === 'system' ? null : actor.ip;
}
