import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { reportFilterSchema } from '@shared/reports.js';
import { queryRows, type Database } from '../../db/client.js';
import { defineJob } from '../../jobs/runner/index.js';
import { computeFleetFigures, fleetShape } from './fleet-dashboard.service.js';
import {
  computeAndKeep,
  keptQuestionOf,
  placeOf,
  readKept,
  type Compute,
  type KeptQuestion,
  type StoredQuestion,
} from './kept-answers.js';
import { computeReport, reportShape } from './reports.service.js';

/**
 * Kept answers computed again ahead of their readers (issue 30, decision 035). A kept answer is reused while nothing
 * it counts has changed; after a change, the first reader waited for the whole computation (seconds for a year of a
 * large fleet). So every minute, once across all processes, the answers read in the last hour, and read since they
 * were last computed, that are no longer current (their data changed, or they are older than
 * KEPT_ANSWER_FRESH_MINUTES) are computed again, the most recently read first, exactly as a reader's request
 * computes them (the same `compute`, the same lock, in a report slot): the Monday report and the meeting-room Fleet
 * Dashboard are current when they are next opened. An answer nobody read since its last computation is left: the
 * job never computes more often than readers ask.
 */

/** A question read within this many minutes is kept current by the refresh job. */
export const KEPT_ANSWER_READ_WITHIN_MINUTES = 60;
/** At most this many answers are computed again per run (a large fleet's year takes seconds each). */
export const KEPT_ANSWERS_REFRESHED_PER_RUN = 10;

const reportQuestionSchema = z.object({ kind: z.literal('report'), shape: z.string(), today: z.string() });
const fleetQuestionSchema = z.object({
  kind: z.literal('fleet-dashboard'),
  shape: z.string(),
  companyId: z.uuid(),
});

/**
 * How the question kept as `asked` is computed, or null when it is not asked any more in this form (an answer of a
 * shape this build does not answer: its readers now ask a new question).
 */
export function computeOf({ question, scope }: KeptQuestion): Compute<unknown> | null {
  const report = reportQuestionSchema.safeParse(question);
  if (report.success) {
    const filter = reportFilterSchema.safeParse(question.filter);
    if (report.data.shape !== reportShape() || !filter.success) return null;
    return computeReport(scope, filter.data, report.data.today);
  }
  const fleet = fleetQuestionSchema.safeParse(question);
  if (fleet.success && fleet.data.shape === fleetShape()) return computeFleetFigures(fleet.data.companyId);
  return null;
}

export interface RefreshCounts {
  /** Computed again and kept. */
  refreshed: number;
  /** Already current (a reader computed it meanwhile). */
  current: number;
  /** Being computed by a reader's request (its lock held). */
  busy: number;
  /** Of a form no longer asked. */
  skipped: number;
}

/** Computes again the kept answers read lately that are no longer current; what it did. */
export async function refreshKeptAnswers(db: Database, signal?: AbortSignal): Promise<RefreshCounts> {
  const databases = { db, readDb: db };
  const rows = await queryRows<{ key: string; question: StoredQuestion }>(
    db,
    sql`select key, question from report_answers
        where question is not null and as_of::date = current_date and read_at >= as_of
          and read_at > now() - make_interval(mins => ${KEPT_ANSWER_READ_WITHIN_MINUTES})
        order by read_at desc, key limit ${KEPT_ANSWERS_REFRESHED_PER_RUN}`,
  );
  const counts: RefreshCounts = { refreshed: 0, current: 0, busy: 0, skipped: 0 };
  for (const row of rows) {
    if (signal?.aborted) break;
    const asked = keptQuestionOf(row.question);
    const compute = computeOf(asked);
    const place = placeOf(asked, false);
    if (!compute || place.key !== row.key) {
      counts.skipped += 1;
      continue;
    }
    const kept = await readKept(databases, place.key, asked.scope, { byReader: false });
    if (kept?.current) {
      counts.current += 1;
      continue;
    }
    const made = await computeAndKeep(databases, place, asked.scope, compute);
    counts[made === null ? 'busy' : 'refreshed'] += 1;
  }
  return counts;
}

/** The refresh of kept answers on the job runner: every minute, once across all processes. */
export function keptAnswersRefreshJob() {
  return defineJob({
    name: 'reports.refresh-kept-answers',
    schedule: { everyMs: 60_000 },
    // The next minute's run is the retry.
    retry: { attempts: 1, backoffMs: 60_000 },
    leaseMs: 10 * 60_000,
    handler: ({ db, signal }) => refreshKeptAnswers(db, signal),
  });
}
