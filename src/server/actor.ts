import type { users } from './db/schema/index.js';

type UserRow = typeof users.$inferSelect;

/** Every company (admins and the system), or the ids of the companies a manager or viewer is linked to. */
export type CompanyScope = 'all' | string[];

/** A logged-in user acting through the API, possibly impersonated by an admin. */
export interface UserActor {
  kind: 'user';
  user: UserRow;
  /** The companies the user is linked to; `scope` is what the user may see (an admin sees every company). */
  companyIds: string[];
  scope: CompanyScope;
  impersonator: { id: string; username: string } | null;
  /** The client address, for the audit log. */
  ip: string | null;
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

/** Who acts: made once at the route (or by the job runner) and passed to services, audit and notifications. */
export type Actor = UserActor | VisitorActor | SystemActor;

export function userActor(input: {
  user: UserRow;
  companyIds: string[];
  impersonator?: { id: string; username: string } | null;
  ip?: string | null;
}): UserActor {
  return {
    kind: 'user',
    user: input.user,
    companyIds: input.companyIds,
    scope: input.user.role === 'admin' ? 'all' : input.companyIds,
    impersonator: input.impersonator ?? null,
    ip: input.ip ?? null,
  };
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

/** The company scope of any actor: a visitor sees none, the system every company. */
export function actorScope(actor: Actor): CompanyScope {
  if (actor.kind === 'user') return actor.scope;
  return actor.kind === 'system' ? 'all' : [];
}

/** The impersonating admin's id, written beside the actor in the history and the audit log. */
export function actorImpersonatorId(actor: Actor): string | null {
  return actor.kind === 'user' ? (actor.impersonator?.id ?? null) : null;
}

/** The client address (none for the system). */
export function actorIp(actor: Actor): string | null {
  return actor.kind === 'system' ? null : actor.ip;
}
