import { actorApiTokenId, actorIp, actorOutsideLinkId, actorUserId, type Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

export interface AuditEntry {
  action: string;
  entityType: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
  /** Overrides the actor's user (e.g. a failed login has no session yet; an automatic move names no one). */
  actorId?: string | null;
}

/** What the system did is recorded with no user, and the job that did it beside the record's new state. */
function afterWithJob(actor: Actor, after: unknown): unknown {
  if (actor.kind !== 'system') return after ?? null;
  if (after === undefined || after === null) return { job: actor.job };
  if (typeof after === 'object' && !Array.isArray(after)) return { ...after, job: actor.job };
  return { value: after, job: actor.job };
}

/** Appends to the audit log: who (and the impersonating admin), what, on which record, before/after, from where. */
export async function recordAudit(db: Database, actor: Actor, entry: AuditEntry) {
  await db.insert(auditLog).values({
    actorId: entry.actorId !== undefined ? entry.actorId : actorUserId(actor),
    impersonatorId: actor.kind === 'user' ? (actor.impersonator?.id ?? null) : null,
    apiTokenId: actorApiTokenId(actor),
    outsideLinkId: actorOutsideLinkId(actor),
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    before: entry.before ?? null,
    after: afterWithJob(actor, entry.after),
    ip: actorIp(actor),
  });
}
