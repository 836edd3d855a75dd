import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CompanyScope } from '../../actor.js';
import { perDatabase, type Database } from '../../db/client.js';

/** The dashboard's statements, prepared once per database for a company scope (dashboard.service.ts). */

/** `column` (a company id) is one of the placeholder `companyIds` (an empty list matches nothing). */
export const inCompanies = (column: AnyPgColumn, scoped: boolean) =>
  scoped ? sql`${column} = any(${sql.placeholder('companyIds')}::uuid[])` : undefined;

/**
 * Statements built once per database in two forms: scoped to the placeholder `companyIds` (`inCompanies`), or
 * every company (an admin). Answers the form for `scope` and the values that scope it.
 */
export function scopedStatements<T>(prepare: (db: Database, scoped: boolean) => T) {
  const forms = perDatabase((db) => ({ scoped: prepare(db, true), all: prepare(db, false) }));
  return (db: Database, scope: CompanyScope) =>
    scope === 'all'
      ? { statements: forms(db).all, scopeValues: {} }
      : { statements: forms(db).scoped, scopeValues: { companyIds: scope } };
}
