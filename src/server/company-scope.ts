import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { inArray, sql } from 'drizzle-orm';
import { AppError } from '@shared/errors.js';
import type { CompanyScope } from './actor.js';

// The rule of an Actor's company scope, which every module applies: it lives beside the Actor, below the
// modules (it was companies/company-scope.ts, which made claims and companies import each other).

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
