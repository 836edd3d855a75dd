import type { FastifyRequest } from 'fastify';
import { AppError } from '@shared/errors.js';
import { userActor, visitorActor, type UserActor, type VisitorActor } from '../actor.js';
import { NOT_LOGGED_IN_MESSAGE } from './access.js';

/**
 * Who acts in this request, made once at the route and passed to services: the logged-in user (with the
 * impersonating admin and the client address), or a visitor when no one is logged in.
 */
export function actorOf(request: FastifyRequest): UserActor | VisitorActor {
  const auth = request.auth;
  if (!auth) return visitorActor(request.ip);
  return userActor({
    user: auth.user,
    companyIds: auth.companyIds,
    impersonator: auth.impersonator,
    ip: request.ip,
    apiToken: request.apiToken,
  });
}

/** The logged-in user who acts, for a route that declared `authenticated` or a permission (access.ts). */
export function userActorOf(request: FastifyRequest): UserActor {
  const actor = actorOf(request);
  if (actor.kind !== 'user') throw new AppError('unauthorized', NOT_LOGGED_IN_MESSAGE);
  return actor;
}
