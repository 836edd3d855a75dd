import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { CompanyScope } from '../../actor.js';
import { queryRows, type Database } from '../../db/client.js';
import { databaseFailureOf } from '../../db/availability.js';
import { momentOf } from './report-sql.js';
import { inReportSlot, inReportTransaction } from './report-transaction.js';
import { readKept, scopeIds, versionsOf, type AnswerJson } from './kept-answer-read.js';

export { KEPT_ANSWER_FRESH_MINUTES, readKept, type AnswerJson } from './kept-answer-read.js';

/**
 * Kept report answers (decision 035). A report over a year of a large fleet takes seconds to aggregate, and the
 * same answer is asked for again and again (a manager's Monday report, the Fleet Dashboard on the meeting-room
 * screen). So the whole answer is kept, per report filter, company scope and day, with the data versions of its
 * companies (`report_data_changes`, written by the triggers of migration 0033 whenever anything a report reads
 * changes) and the moment it is as of. It is reused while those versions are unchanged and it is less than
 * `KEPT_ANSWER_FRESH_MINUTES` old (open claims' days move with the clock), and computed again otherwise, by one
 * request at a time per answer (an advisory lock); meanwhile the others are given the previous answer, with the
 * moment it is as of, or, when there is none yet, wait for it.
 *
 * The answer is computed as it was on request, in one snapshot, at the moment it is as of (`compute(tx, asOf)`),
 * so computing it again at that moment gives the same answer: `kept-answers.test.ts` checks that after every kind
 * of change, on both databases.
 */

/** Kept answers older than this are removed by the hourly clean-up (every key holds its day, so none is read). */
export const KEPT_ANSWER_RETENTION_DAYS = 2;
/** How many answers of custom periods are kept per kind and company scope; the oldest are dropped. */
export const KEPT_CUSTOM_ANSWERS = 20;
/** The advisory lock of one answer's computation (beside 7243–7246 of the triggers). */
const KEPT_ANSWER_LOCK = 7247;
/** How many times a request waits for another's computation of the answer it needs before computing its own. */
const KEPT_ANSWER_WAIT_ROUNDS = 3;

export interface KeptAnswerDatabases {
  /** Where answers are kept and computations locked: the primary. */
  db: Database;
  /** Where they are computed: a replica when DATABASE_READ_URL is set, else `db`. */
  readDb: Database;
}

export interface KeptQuestion {
  /** What is asked, as plain data: the kind, its shape (`shapeOf`), filter and day. The scope is added to it. */
  question: Record<string, unknown>;
  scope: CompanyScope;
  /**
   * A group of questions without a natural bound (a report's custom periods), of which only the latest
   * KEPT_CUSTOM_ANSWERS are kept per scope; absent for questions bounded by the data (presets, the dashboard).
   */
  bounded?: string;
}

/** JSON with every object's keys in order, so that one question always makes one key. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonical(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * A fingerprint of an answer's schema, for its questions: a deploy that changes the answer's shape asks new
 * questions instead of reading answers of the old shape. Worked out once, when first asked for (~0.1 s).
 */
export function shapeOf(schema: z.ZodType): () => string {
  let shape: string | undefined;
  return () =>
    (shape ??= createHash('sha256')
      .update(JSON.stringify(z.toJSONSchema(schema, { unrepresentable: 'any' })))
      .digest('base64url')
      .slice(0, 16));
}

export const keptAnswerKey = ({ question, scope }: KeptQuestion) =>
  createHash('sha256')
    .update(canonical({ ...question, scope: scopeIds(scope) ?? 'all' }))
    .digest('base64url');

/** The bucket of a bounded question: its group in its scope. */
const bucketOf = ({ bounded, scope }: KeptQuestion) =>
  bounded === undefined
    ? null
    : createHash('sha256')
        .update(canonical({ bounded, scope: scopeIds(scope) ?? 'all' }))
        .digest('base64url');

interface Place {
  key: string;
  bucket: string | null;
  /** What was asked, as kept beside the answer (`storedQuestion`). */
  asked: StoredQuestion;
  /** Computed for a reader (who has just read it), not ahead of readers by the refresh job. */
  byReader: boolean;
}

/** A question as kept beside its answer: what `refreshKeptAnswers` asks again. */
export interface StoredQuestion {
  question: Record<string, unknown>;
  scope: string[] | 'all';
  bounded: string | null;
}
const storedQuestion = ({ question, scope, bounded }: KeptQuestion): StoredQuestion => ({
  question,
  scope: scopeIds(scope) ?? 'all',
  bounded: bounded ?? null,
});
export const keptQuestionOf = ({ question, scope, bounded }: StoredQuestion): KeptQuestion => ({
  question,
  scope,
  bounded: bounded ?? undefined,
});
export const placeOf = (asked: KeptQuestion, byReader: boolean): Place => ({
  key: keptAnswerKey(asked),
  bucket: bucketOf(asked),
  asked: storedQuestion(asked),
  byReader,
});

/** Keeps an answer; in a bucket, the oldest beyond KEPT_CUSTOM_ANSWERS are dropped in the same statement's wake. */
async function keep(db: Database, place: Place, versions: string, asOf: string, json: string) {
  const { key, bucket, asked, byReader } = place;
  await db.execute(
    sql`insert into report_answers (key, versions, as_of, answer, bucket, question, read_at)
        values (${key}, ${versions}, ${asOf}::timestamptz, ${json}::jsonb, ${bucket}, ${JSON.stringify(asked)}::jsonb,
          ${byReader ? sql`now()` : sql`null`})
        on conflict (key) do update set versions = excluded.versions, as_of = excluded.as_of, answer = excluded.answer,
          question = excluded.question, read_at = coalesce(excluded.read_at, report_answers.read_at)
        where report_answers.as_of <= excluded.as_of`,
  );
  if (bucket === null) return;
  await db.execute(
    sql`delete from report_answers where key in (
          select key from report_answers where bucket = ${bucket}
          order by as_of desc, key offset ${KEPT_CUSTOM_ANSWERS})`,
  );
}

const tryLock = async (db: Database, key: string) =>
  (
    await queryRows<{ locked: boolean }>(
      db,
      sql`select pg_try_advisory_xact_lock(${KEPT_ANSWER_LOCK}, hashtext(${key})) as locked`,
    )
  )[0]!.locked;

export type Compute<T> = (tx: Database, asOf: string) => Promise<T>;

/**
 * Computes the answer and keeps it, unless another request is computing it (null). Without a replica, in one
 * repeatable-read transaction: the lock, the versions, the answer and keeping it. With one, the lock and keeping
 * are on the primary (read committed) around the computation in a snapshot of the replica, with the replica's versions.
 */
export async function computeAndKeep<T>(
  { db, readDb }: KeptAnswerDatabases,
  place: Place,
  scope: CompanyScope,
  compute: Compute<T>,
): Promise<AnswerJson<T> | null> {
  const computeIn = async (tx: Database) => {
    const versions = await versionsOf(tx, scope);
    const asOf = await momentOf(tx);
    return { versions, asOf, json: JSON.stringify(await compute(tx, asOf)) as AnswerJson<T> };
  };
  if (readDb === db) {
    return inReportTransaction(
      db,
      async (tx) => {
        if (!(await tryLock(tx, place.key))) return null;
        const made = await computeIn(tx);
        try {
          // In a savepoint: another process may have kept this answer after this snapshot began (it released the
          // lock just before this request took it), which repeatable read refuses to overwrite; this answer is
          // returned all the same, and the next request reads theirs.
          await tx.transaction((savepoint) => keep(savepoint, place, made.versions, made.asOf, made.json));
        } catch (error) {
          if (databaseFailureOf(error) !== 'contention') throw error;
        }
        return made.json;
      },
      { write: true },
    );
  }
  // In a report slot of the primary too: its connection is held while the replica computes.
  return inReportSlot(db, () =>
    db.transaction(async (tx) => {
      if (!(await tryLock(tx, place.key))) return null;
      const made = await inReportTransaction(readDb, computeIn);
      await keep(tx, place, made.versions, made.asOf, made.json);
      return made.json;
    }),
  );
}

/**
 * The kept answer to `question` in `scope`, as JSON text, computed by `compute` when there is none, when something
 * it counts has changed since, or when it is older than KEPT_ANSWER_FRESH_MINUTES. `compute` runs in a report
 * transaction, must count open claims' time at `asOf` (`figureClock(asOf)`) and answer plain JSON data, checked
 * against its schema (a kept answer is sent as it is, not through the route's response schema).
 */
export async function keptAnswer<T>(
  databases: KeptAnswerDatabases,
  asked: KeptQuestion,
  compute: Compute<T>,
): Promise<AnswerJson<T>> {
  const { db, readDb } = databases;
  const { scope } = asked;
  const place = placeOf(asked, true);
  const { key } = place;
  for (let round = 0; round < KEPT_ANSWER_WAIT_ROUNDS; round++) {
    const kept = await readKept<T>(databases, key, scope, { byReader: true });
    if (kept?.current) return kept.json;
    const made = await computeAndKeep(databases, place, scope, compute);
    if (made !== null) return made;
    // Another request is computing it: the previous answer of today (it says when it is as of), or wait for theirs.
    if (kept?.ofToday) return kept.json;
    // In a report slot: a burst of requests for one answer must not take every connection waiting for it.
    await inReportSlot(db, () =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${KEPT_ANSWER_LOCK}, hashtext(${key}))`);
      }),
    );
  }
  // Others kept computing it first (its data changing all the while): this request computes its own.
  return inReportTransaction(readDb, async (tx) =>
    JSON.stringify(await compute(tx, await momentOf(tx))),
  ) as Promise<AnswerJson<T>>;
}
