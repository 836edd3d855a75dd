import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { recordAudit } from '../modules/audit/index.js';
import { actorOf } from './actor.js';
import { hookRoutesAnswering, WRITE_METHODS } from './route-hooks.js';

/**
 * Every write an admin makes while impersonating is audited, whichever module handles it: a successful
 * non-GET request of an impersonation session adds an `impersonation.write` row naming the user acted as
 * (`actor_id`), the admin (`impersonator_id`), the route, its path parameters and the status answered (never
 * the body, which may hold a password). It is the floor under the modules' own rows (`claim.moved`,
 * `note.added`, …, which name the admin too): a write no module audits (watching a claim, subscribing to a
 * report, notification preferences) is still attributable. Written before the answer is sent, so the row
 * exists when the client has the answer; a failure to write it is logged and does not change the answer (the
 * write itself is already committed).
 */
export function auditImpersonatedWrites(app: FastifyInstance, options: { db: Database }) {
  const audit = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await recordAudit(options.db, actorOf(request), {
        action: 'impersonation.write',
        entityType: 'request',
        after: {
          method: request.method,
          route: request.routeOptions.url ?? null,
          params: request.params ?? {},
          statusCode: reply.statusCode,
        },
      });
    } catch (error) {
      request.log.error({ err: error }, 'Could not audit a write made while impersonating');
    }
  };
  // A callback hook, on the routes that write only (route-hooks.ts): an answer to anyone not impersonating (nearly
  // all) passes without a promise (issue 30).
  hookRoutesAnswering(app, WRITE_METHODS, 'onSend', (request, reply, payload, done) => {
    if (!request.auth?.impersonator || !WRITE_METHODS.has(request.method) || reply.statusCode >= 400) {
      return done(null, payload);
    }
    void audit(request, reply).then(() => done(null, payload));
  });
}
