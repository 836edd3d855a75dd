import {
  Column,
  DrizzleQueryError,
  getTableName,
  is,
  fillPlaceholders,
  noopDecoder,
  SQL,
  Subquery,
} from 'drizzle-orm';
import { NoopCache } from 'drizzle-orm/cache/core';

/** What Drizzle keeps on a prepared select (internal fields, the same for node-postgres and PGlite). */
interface PreparedSelectInternals {
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** An SQL expression's decoder (`sql<T>` with `.mapWith`, or the identity), internal in Drizzle's types. */
const decoderOf = (expression: SQL) => (expression as unknown as { decoder: Decoder }).decoder;

/** Whether a decoder gives back what the driver gave (text, uuid, integer and boolean columns; plain `sql`). */
const keepsValue = (decoder: Decoder) =>
  decoder.mapFromDriverValue === Column.prototype.mapFromDriverValue ||
  decoder.mapFromDriverValue === noopDecoder.mapFromDriverValue;

/** A result's shape: each key's column (its index in the row) or nested object, in the order Drizzle sets them. */
interface Shape {
  keys: Map<string, number | Shape>;
  /** A left-joined table's object: null when its first column is (Drizzle's rule), else undefined. */
  nullWhen?: number;
}

/** What Drizzle's node-postgres prepared query keeps besides (internal): its config, pool, parameters and cache. */
interface NodePgPreparedInternals {
  client: { query(config: object, values: unknown[]): Promise<{ rows: unknown[][] }> };
  queryConfig: { text: string; rowMode?: string; parsers?: unknown };
  params: unknown[];
  cache?: unknown;
  queryMetadata?: unknown;
  logger: { logQuery(query: string, params: unknown[]): void };
  execute(values?: Record<string, unknown>): Promise<unknown[]>;
}

/**
 * A prepared select run many times, as cheaply as Drizzle allows: its rows mapped by a function written once
 * (below), and on node-postgres run by an `execute` of its own that fills the parameters as Drizzle does
 * (`fillPlaceholders`) and sends Drizzle's own query config to its pool, without the three async layers Drizzle's
 * `execute` wraps it in (tracing spans, a cache that is off): a few µs of the session lookup every request makes
 * (issue 30, decision 054). What it keeps: the query logger, and a failure thrown as Drizzle throws it (a
 * `DrizzleQueryError` whose cause is the driver's error). PGlite's prepared query, or one with a cache configured,
 * keeps Drizzle's own `execute`.
 */
export function hotStatement<T extends object>(prepared: T): T {
  mapRowsOnce(prepared);
  const internals = prepared as unknown as NodePgPreparedInternals & PreparedSelectInternals;
  const { client, queryConfig, params, logger, customResultMapper: mapRows } = internals;
  const cacheOff =
    internals.cache === undefined || is(internals.cache, NoopCache) || internals.queryMetadata === undefined;
  const nodePostgres =
    queryConfig?.rowMode === 'array' &&
    queryConfig.parsers === undefined &&
    typeof client?.query === 'function';
  if (!mapRows || !cacheOff || !nodePostgres || !Array.isArray(params)) return prepared;
  internals.execute = async (values = {}) => {
    const driverValues = fillPlaceholders(params, values);
    logger.logQuery(queryConfig.text, driverValues);
    let result;
    try {
      result = await client.query(queryConfig, driverValues);
    } catch (error) {
      throw new DrizzleQueryError(queryConfig.text, driverValues, error as Error);
    }
    return mapRows(result.rows) as unknown[];
  };
  return prepared;
}

/**
 * Maps a prepared select's rows as Drizzle does (nested objects, decoded values, a left-joined table's object
 * null when its first column is), by a function written once for the statement's fields: each row becomes one
 * object literal, every object of a statement has one hidden class, and each decoder is called from a call
 * site of its own, only on values it changes. Drizzle's own mapper asks, for every value, what kind of field it
 * came from (`is`, walking the prototype chain), and sets each key through a path: on a page of 26 claims of
 * 33 columns that was about a sixth of the list's CPU time in the server; a loop over the paths worked out once
 * still took 13 % of the server's busy time on a search (issue 30, decision 051). `hotStatement` gives it.
 */
function mapRowsOnce<T extends object>(prepared: T): T {
  const internals = prepared as unknown as PreparedSelectInternals;
  const fields = internals.fields;
  if (!fields || internals.customResultMapper) return prepared;
  internals.customResultMapper = compileRowMapper(fields, internals.joinsNotNullableMap);
  return prepared;
}

function compileRowMapper(
  fields: NonNullable<PreparedSelectInternals['fields']>,
  joins: Record<string, boolean> | undefined,
): (rows: unknown[][]) => unknown[] {
  const decoders: (Decoder | undefined)[] = [];
  const root: Shape = { keys: new Map() };
  // The table of each top-level object's columns, or false once they come from more than one (never nulled).
  const tables = new Map<string, string | false>();
  fields.forEach(({ path, field }, index) => {
    const decoder: Decoder = is(field, Column)
      ? field
      : is(field, SQL)
        ? decoderOf(field)
        : is(field, Subquery)
          ? decoderOf((field as unknown as { _: { sql: SQL } })._.sql)
          : decoderOf((field as { sql: SQL }).sql);
    decoders.push(keepsValue(decoder) ? undefined : decoder);
    let shape = root;
    for (const key of path.slice(0, -1)) {
      let inner = shape.keys.get(key);
      if (inner === undefined || typeof inner === 'number')
        shape.keys.set(key, (inner = { keys: new Map() }));
      shape = inner;
    }
    shape.keys.set(path.at(-1)!, index);
    if (joins && is(field, Column) && path.length === 2) {
      const table = getTableName(field.table);
      const object = root.keys.get(path[0]!) as Shape;
      if (!tables.has(path[0]!)) {
        tables.set(path[0]!, table);
        object.nullWhen = index;
      } else if (tables.get(path[0]!) !== table) tables.set(path[0]!, false);
    }
  });
  for (const [object, table] of tables) {
    // A table joined as not nullable, or an object of several tables' columns, is always an object.
    if (table === false || joins![table]) delete (root.keys.get(object) as Shape).nullWhen;
  }
  const valueOf = (index: number) =>
    decoders[index]
      ? `(row[${index}] === null ? null : d${index}.mapFromDriverValue(row[${index}]))`
      : `row[${index}]`;
  const literalOf = (shape: Shape): string => {
    // Quoted keys: a key named `__proto__` then sets the prototype as Drizzle's assignment does.
    const entries = [...shape.keys].map(
      ([key, value]) =>
        `${JSON.stringify(key)}: ${typeof value === 'number' ? valueOf(value) : literalOf(value)}`,
    );
    const literal = `{ ${entries.join(', ')} }`;
    return shape.nullWhen === undefined ? literal : `(row[${shape.nullWhen}] === null ? null : ${literal})`;
  };
  const decoderNames = decoders.flatMap((decoder, index) =>
    decoder ? [`d${index} = decoders[${index}]`] : [],
  );
  const source = `
    ${decoderNames.length ? `const ${decoderNames.join(', ')};` : ''}
    return function mapRows(rows) {
      const mapped = new Array(rows.length);
      for (let at = 0; at < rows.length; at++) {
        const row = rows[at];
        mapped[at] = ${literalOf(root)};
      }
      return mapped;
    };`;
  // The source holds only column indexes and JSON-quoted key names from the statement's own fields.
  return new Function('decoders', source)(decoders) as (rows: unknown[][]) => unknown[];
}
