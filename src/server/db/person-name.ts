import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** "First Last", or the username when no name is set: a person as every list and history names them. */
export const personName = (table: { firstName: AnyPgColumn; lastName: AnyPgColumn; username: AnyPgColumn }) =>
  sql<string>`coalesce(nullif(trim(concat_ws(' ', ${table.firstName}, ${table.lastName})), ''), ${table.username})`;
