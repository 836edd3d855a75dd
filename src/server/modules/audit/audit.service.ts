import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

export interface AuditEntry {
  action: string;
  entityType: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
  /** Overrides the actor taken from the request (e.g. a failed login has no session yet). */
  actorId?: string | null;
}

/** Appends to the audit log: who (and the impersonating admin), what, on which record, before/after, from where. */
export async function recordAudit(db: Database, request: FastifyRequest | null, entry: AuditEntry) {
  await db.insert(auditLog).values({
    actorId: entry.actorId !== undefined ? entry.actorId : (request?.auth?.user.id ?? null),
    impersonatorId: request?.auth?.impersonator?.id ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: request?.ip ?? null,
  });
}
