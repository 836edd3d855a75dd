import type { Query, SQL } from 'drizzle-orm';
import type { Database } from './client.js';

/** What Drizzle keeps on a database or transaction handle to run a raw statement (as `db.execute` does). */
interface Handle {
  dialect: { sqlToQuery(sql: SQL): Query };
  session: {
    prepareQuery(
      query: Query,
      fields: undefined,
      name: undefined,
      arrayMode: false,
    ): { execute(values: Record<string, unknown>): Promise<unknown> };
  };
}

/**
 * A raw SQL statement whose text and parameter order are worked out once, with `sql.placeholder(name)` for the
 * values that change, then run on any handle (a pool's or a transaction's) with those values: what `db.execute`
 * does, without writing the text again on every request (`sqlToQuery` over every fragment). Drizzle's work, most of it
 * writing statements, was 11 % of the server's busy time on the aging and 4.5 % on a kept report (issue 30,
 * decision 051). Unnamed, so
 * PostgreSQL plans each run for its values. `shape` names each form the statement can take (its fragments chosen
 * by the caller, never by a value): each is written once.
 */
export function sqlBuiltOnce<Shape extends string, Row>(build: (shape: Shape) => SQL) {
  const built = new Map<Shape, Query>();
  return async (db: Database, shape: Shape, values: Record<string, unknown>): Promise<Row[]> => {
    const handle = db as unknown as Handle;
    let query = built.get(shape);
    if (query === undefined) built.set(shape, (query = handle.dialect.sqlToQuery(build(shape))));
    const result = await handle.session.prepareQuery(query, undefined, undefined, false).execute(values);
    return (result as { rows: Row[] }).rows;
  };
}
