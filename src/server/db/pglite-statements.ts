import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * Named statements for PGlite. PGlite's `query` sends every statement unnamed: parsed, planned and described again
 * on each call, in four round trips into the WebAssembly backend. A statement the app sends a second time is parsed
 * here once under a name, and from then on bound and executed in one round trip, as node-postgres runs Drizzle's
 * named statements on PostgreSQL. The session lookup every request makes: 0.51-0.75 ms -> 0.11 ms a call (one
 * run, 2026-11-29). Statements with options other than Drizzle's (`rowMode`, `parsers`) keep PGlite's own path.
 */
type Prepared = { name: string; paramTypes: number[] };
type Parsers = NonNullable<QueryOptions['parsers']>;
type PgliteParsers = Parameters<typeof parse.parseResults>[1];
/**
 * `named`: how many names the session has given, so that a name is never given twice. `parsers`: the client's parsers
 * with a statement's own over them, per statement options (parsersFor).
 */
type Statements = {
  seen: Set<string>;
  prepared: Map<string, Prepared>;
  named: number;
  parsers: WeakMap<Parsers, Parsers>;
};

/**
 * A statement with a pattern match stays unnamed, planned for its values on every call. Named, it would be given a
 * generic plan after five runs, made without the patterns: the claims search then read the claims in date order
 * instead of through the trigram indexes ("sprinter 2500" at 100,000 claims: 214 req/s unnamed, 22 named; planning
 * every named statement for its values instead cost the notification poll a third of its rate). PostgreSQL plans
 * them each time too: node-postgres names only the statements Drizzle prepares by name, and no search is one.
 */
const PATTERN_MATCH = /\b(?:i?like)\b/i;

/** Past this many named statements a client prepares no more; the texts seen once are forgotten past the second. */
const MAX_PREPARED = 1_000;
const MAX_SEEN = 5_000;
const statements = new WeakMap<PGlite, Statements>();
const { serialize } = protocol;

function stateOf(client: PGlite): Statements {
  let state = statements.get(client);
  if (!state) {
    state = { seen: new Set(), prepared: new Map(), named: 0, parsers: new WeakMap() };
    statements.set(client, state);
  }
  return state;
}

/**
 * The client's parsers with a statement's own over them. PGlite's `parseResults` spreads both into a new object on
 * every call when a statement brings parsers (Drizzle's bring theirs: dates kept as text), and the client has one per
 * type: that copy was 0.22 ms of every one-row session lookup (10,624 lookups of hostile-input.test.ts: 2,357 ms ->
 * 287 ms of parsing, one run each). Drizzle's options are its prepared query's own, so the merge is kept per options.
 */
function parsersFor(client: PGlite, parsers: Parsers | undefined): Parsers {
  if (!parsers) return client.parsers;
  const merged = stateOf(client).parsers;
  let both = merged.get(parsers);
  if (!both) merged.set(parsers, (both = { ...client.parsers, ...parsers }));
  return both;
}

/** Forgets the named statements of `client`: its session dropped them (`discard all`). */
export function forgetNamedStatements(client: PGlite) {
  statements.delete(client);
}

async function prepare(client: PGlite, text: string, name: string): Promise<Prepared> {
  const { messages } = await client.execProtocol(
    Buffer.concat([
      serialize.parse({ name, text, types: [] }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]),
  );
  const description = messages.find((message) => message.name === 'parameterDescription') as
    { dataTypeIDs: number[] } | undefined;
  return { name, paramTypes: description?.dataTypeIDs ?? [] };
}

/** The statement's name once it was seen before and could be parsed; undefined: PGlite's own `query` runs it. */
async function namedStatement(client: PGlite, text: string): Promise<Prepared | undefined> {
  const state = stateOf(client);
  const known = state.prepared.get(text);
  if (known) return known;
  if (!state.seen.has(text) || state.prepared.size >= MAX_PREPARED) {
    if (state.seen.size >= MAX_SEEN) state.seen.clear();
    state.seen.add(text);
    return undefined;
  }
  // A statement PostgreSQL cannot parse is left to `query`, which reports it with the statement.
  state.named += 1;
  const prepared = await prepare(client, text, `fc_${state.named}`).catch(() => undefined);
  if (prepared) state.prepared.set(text, prepared);
  return prepared;
}

/** PGlite's `query`, with a statement sent before run by name (its serializers and parsers, as `query` uses them). */
export async function queryByName<T>(
  client: PGlite,
  text: string,
  params: unknown[] = [],
  options?: QueryOptions,
): Promise<Results<T>> {
  const plain = !options || Object.keys(options).every((key) => key === 'rowMode' || key === 'parsers');
  const statement = plain && !PATTERN_MATCH.test(text) ? await namedStatement(client, text) : undefined;
  if (!statement || statement.paramTypes.length !== params.length)
    return client.query<T>(text, params, options);
  const values = params.map((value, index) => {
    if (value === null || value === undefined) return null;
    const serializer = client.serializers[statement.paramTypes[index]!];
    return serializer ? serializer(value as never) : String(value);
  });
  const bound = Buffer.concat([
    serialize.bind({ statement: statement.name, values }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  ]);
  const answer = await client.execProtocol(bound).catch((error: { code?: string }) => {
    // "cached plan must not change result type": a table under the statement changed its columns since.
    if (error.code !== '0A000') throw error;
    return undefined;
  });
  if (!answer) {
    // The name is closed and the statement prepared again under a new one when it is next sent.
    statements.get(client)?.prepared.delete(text);
    await client.execProtocol(
      Buffer.concat([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]),
    );
    return client.query<T>(text, params, options);
  }
  const rowMode = options?.rowMode ? { rowMode: options.rowMode } : undefined;
  return parse.parseResults(
    answer.messages,
    parsersFor(client, options?.parsers) as PgliteParsers,
    rowMode,
  )[0] as Results<T>;
}
