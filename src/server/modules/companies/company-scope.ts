import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AppError } from '@shared/errors.js';
import type { Database } from '../../db/client.js';

/** Every company (admins), or the ids of the companies a manager or viewer is linked to. */
export type CompanyScope = 'all' | string[];

/**
 * The company scope of the request's user. The session lookup already loaded the user's companies, so this
 * costs no query (`db` stays in the signature for callers that scope a query right after).
 */
export function companyScope(_db: Database, request: FastifyRequest): Promise<CompanyScope> {
  const { user, companyIds } = request.auth!;
  return Promise.resolve(user.role === 'admin' ? 'all' : companyIds);
}

/** A condition limiting `column` (a company id) to the scope; undefined when everything is visible. */
export function withinScope(scope: CompanyScope, column: PgColumn): SQL | undefined {
  if (scope === 'all') return undefined;
  // An empty scope must match nothing (inArray with [] would be invalid SQL).
  return scope.length ? inArray(column, scope) : sql`false`;
}

export function inScope(scope: CompanyScope, companyId: string): boolean {
  return scope === 'all' || scope.includes(companyId);
}

/**
 * A record of another company answers 404, exactly like a record that does not exist: its existence is not
 * revealed.
 */
export function assertInScope(scope: CompanyScope, companyId: string, notFoundMessage: string) {
  if (!inScope(scope, companyId)) throw new AppError('not_found', notFoundMessage);
}
