import { sql, type Placeholder } from 'drizzle-orm';
import type { CompanyScope } from '../../actor.js';
import { queryRows, type Database } from '../../db/client.js';
import { sqlBuiltOnce } from '../../db/built-sql.js';
import type { KeptAnswerDatabases } from './kept-answers.js';

/** Reading a kept answer (decision 035; kept-answers.ts keeps them): its row, and whether it is still current. */

/** How long a kept answer is reused when nothing it counts changed: the time open claims' days move meanwhile. */
export const KEPT_ANSWER_FRESH_MINUTES = 10;

export const scopeIds = (scope: CompanyScope) => (scope === 'all' ? null : [...scope].sort());

/**
 * The data versions of a scope's companies and of what every company reads, as one comparable text: per scope,
 * the sum of its changes, which grows with every committed change (in whatever order they commit). `ids`: the
 * scope's company ids as a text[] literal (`scopeIdsText`), or null for every company.
 */
function versionsSql(ids: string | Placeholder<'ids'> | null) {
  return sql`(select coalesce(string_agg(scope || ':' || total, ',' order by scope), '') from (
      select scope, sum(changes) as total from report_data_changes
      ${ids ? sql`where scope = '*' or scope = any(${ids}::text[])` : sql``}
      group by scope) as versions)`;
}
const scopeIdsText = (ids: string[]) => `{${ids.join(',')}}`;

export async function versionsOf(db: Database, scope: CompanyScope): Promise<string> {
  const ids = scopeIds(scope);
  const [row] = await queryRows<{ versions: string }>(
    db,
    sql`select ${versionsSql(ids && scopeIdsText(ids))} as versions`,
  );
  return row!.versions;
}

/** An answer as JSON text: a kept answer is sent as it is kept, never parsed and serialized again. */
export type AnswerJson<T> = string & { readonly answerOf?: T };

export interface Kept<T> {
  json: AnswerJson<T>;
  /** Computed from the data as it is, less than KEPT_ANSWER_FRESH_MINUTES ago, today. */
  current: boolean;
  /** Computed today (the database's day): good enough to show while another request computes it again. */
  ofToday: boolean;
}

type KeptShape = `${'read' | 'peek'} ${'here' | 'replica'} ${'some' | 'all'}`;

/**
 * The kept answer's row. A reader marks the answer read: once after each computation, then at most once a minute (a
 * write per read would cost the kept path); the refresh job computes again only what was read since it was computed.
 * Without a replica the versions are compared in the same statement.
 */
const keptStatement = sqlBuiltOnce<
  KeptShape,
  { json: string; versions: string; current: boolean; of_today: boolean }
>((shape) => {
  const [by, where, companies] = shape.split(' ');
  const key = sql.placeholder('key');
  const marked =
    by === 'read'
      ? sql`with marked as (
          update report_answers set read_at = now()
          where key = ${key} and (read_at is null or read_at < as_of or read_at < now() - interval '1 minute')
          returning key
        )`
      : sql``;
  const versions = versionsSql(companies === 'some' ? sql.placeholder('ids') : null);
  return sql`${marked}
        select answer::text as json, versions, as_of::date = current_date as of_today,
          as_of > now() - make_interval(mins => ${KEPT_ANSWER_FRESH_MINUTES}) and as_of::date = current_date
            ${where === 'here' ? sql`and versions = ${versions}` : sql``} as current
        from report_answers where key = ${key}`;
});

/**
 * The answer kept under `key`, and whether it is current: in one query, or, with a replica, comparing the versions
 * it was computed from (the replica's) with the replica's now.
 */
export async function readKept<T>(
  { db, readDb }: KeptAnswerDatabases,
  key: string,
  scope: CompanyScope,
  { byReader }: { byReader: boolean },
) {
  const here = readDb === db;
  const ids = scopeIds(scope);
  const [row] = await keptStatement(
    db,
    `${byReader ? 'read' : 'peek'} ${here ? 'here' : 'replica'} ${ids ? 'some' : 'all'}`,
    {
      key,
      ids: ids && scopeIdsText(ids),
    },
  );
  if (!row) return null;
  const current = row.current && (here || row.versions === (await versionsOf(readDb, scope)));
  return { json: row.json as AnswerJson<T>, current, ofToday: row.of_today } satisfies Kept<T>;
}
