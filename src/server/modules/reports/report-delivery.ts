import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import { roleHasPermission } from '@shared/permissions.js';
import {
  REPORT_DELIVERY_HOUR,
  type ReportCadence,
  type ReportDeliveryStatus,
} from '@shared/report-subscriptions.js';
import {
  addDays,
  daysIn,
  reportFilterSchema,
  reportFilterSearch,
  type ReportFilter,
} from '@shared/reports.js';
import { dayIn } from '@shared/time-zones.js';
import { userActor, type UserActor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { reportDeliveries, reportSubscriptions, userCompanies, users } from '../../db/schema/index.js';
import { defineJob } from '../../jobs/runner/index.js';
import { day, pdfBuffer } from '../claim-report/index.js';
import { queueMail } from '../mail/index.js';
import { reportDocument, reportTimeZone } from './report-document.js';
import { reportFilterProblems, type ReportFilterProblems } from './report-filter-scope.js';

/**
 * Sends the report subscriptions (issue 14). A weekly subscription's period starts on Monday at 06:00, a monthly
 * one's on the 1st at 06:00, both in the time zone its report is counted in (the filter's company's, else the
 * user's first company's, else DEFAULT_TIME_ZONE — `reportTimeZone`). The hourly job delivers every running
 * subscription whose current period has no delivery yet, so each goes out in the first hour after its period
 * starts (and a process that was down catches up once, not once per missed period). A subscription made during
 * a period gets its first report when the next one starts.
 *
 * Each delivery is made as its user at that moment: their role's permissions and their companies now, the
 * preset resolved on that day. The (subscription, period) row is the once-only claim, inserted in the
 * transaction that queues the mail: of several processes or retries only one sends.
 */

/** A failed delivery is tried again at the next hourly run, this many times in all. */
export const REPORT_DELIVERY_ATTEMPTS = 3;
export const EMPTY_REPORT_REASON = 'No claims in the period matched the filters: nothing was sent.';

const hourIn = (timeZone: string, at: Date) =>
  Number(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(at));

/** '2026-W48': the ISO week of a Monday. */
function isoWeek(monday: string): string {
  const thursday = addDays(monday, 3);
  const year = thursday.slice(0, 4);
  const week = Math.floor((daysIn({ from: `${year}-01-01`, to: thursday }) - 1) / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The period in progress at `at` in `timeZone`: the latest Monday (or 1st) 06:00 at or before it. */
export function reportPeriod(cadence: ReportCadence, timeZone: string, at: Date): string {
  const today = dayIn(timeZone, at);
  const early = hourIn(timeZone, at) < REPORT_DELIVERY_HOUR;
  if (cadence === 'monthly') {
    const first = today.endsWith('-01');
    return (first && early ? addDays(today, -1) : today).slice(0, 7);
  }
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  const monday = addDays(today, -weekday - (weekday === 0 && early ? 7 : 0));
  return isoWeek(monday);
}

export interface ReportDeliveryOptions {
  /** The moment of the run (the job's slot): the period and the report's days are counted from it. */
  now: Date;
  defaultTimeZone: string;
  /** The app's address, for the link in the mail. */
  appUrl: string;
}

const UNSEEN: Record<keyof ReportFilterProblems, string> = {
  companyId: 'company',
  locationId: 'location',
  repairFacilityId: 'repair facility',
};

/** Why a subscription's user gets no report now, or null when they may have it. */
async function accessProblem(db: Database, actor: UserActor, filter: ReportFilter | null) {
  if (!actor.user.active) return 'The user is no longer active.';
  if (!roleHasPermission(actor.user.role, 'reports.view')) return 'The user may no longer view reports.';
  if (!actor.user.email) return 'The user has no email address.';
  if (!filter) return 'The saved filters are no longer valid.';
  // The report's own check of the filter's ids, as the user sees them now.
  const [unseen] = Object.keys(
    await reportFilterProblems(db, actor.scope, filter),
  ) as (keyof typeof UNSEEN)[];
  return unseen ? `The user no longer sees the ${UNSEEN[unseen]} of this report.` : null;
}

const claimsLabel = (count: number) => (count === 1 ? '1 claim' : `${count.toLocaleString('en-US')} claims`);

interface Subscriber {
  subscription: typeof reportSubscriptions.$inferSelect;
  actor: UserActor;
  filter: ReportFilter | null;
  period: string;
}

/** Claims the period and delivers it, in the caller's transaction. Null: another run has it already. */
async function deliverOne(
  tx: Database,
  { subscription, actor, filter, period }: Subscriber,
  options: ReportDeliveryOptions,
): Promise<ReportDeliveryStatus | null> {
  const [claimed] = await tx
    .insert(reportDeliveries)
    // 'failed' until the end of this transaction: no one else sees the row before it says what happened.
    .values({ subscriptionId: subscription.id, period, status: 'failed' })
    .onConflictDoUpdate({
      target: [reportDeliveries.subscriptionId, reportDeliveries.period],
      set: { attempts: sql`${reportDeliveries.attempts} + 1`, createdAt: sql`now()` },
      setWhere: and(
        eq(reportDeliveries.status, 'failed'),
        lt(reportDeliveries.attempts, REPORT_DELIVERY_ATTEMPTS),
      ),
    })
    .returning({ id: reportDeliveries.id });
  if (!claimed) return null;
  const record = (values: Partial<typeof reportDeliveries.$inferInsert>) =>
    tx.update(reportDeliveries).set(values).where(eq(reportDeliveries.id, claimed.id));

  const problem = await accessProblem(tx, actor, filter);
  if (problem || !filter) {
    await record({ status: 'skipped', reason: problem });
    return 'skipped';
  }
  const { report, doc, fileName } = await reportDocument(tx, actor.scope, filter, {
    now: options.now,
    defaultTimeZone: options.defaultTimeZone,
  });
  const pdf = await pdfBuffer(doc);
  const claims = report.meta.headline.claims.count;
  const kept = {
    spanFrom: report.meta.span.from,
    spanTo: report.meta.span.to,
    claims,
    pdf,
    pdfFileName: fileName,
  };
  if (claims === 0) {
    await record({ ...kept, status: 'empty', reason: EMPTY_REPORT_REASON });
    return 'empty';
  }
  const { user } = actor;
  const mailId = await queueMail(tx, {
    to: user.email!,
    template: 'report_digest',
    values: {
      firstName: user.firstName ?? user.username,
      reportName: subscription.name,
      cadence: subscription.cadence,
      period: `${day(report.meta.span.from)} – ${day(report.meta.span.to)}`,
      claims: claimsLabel(claims),
      reportUrl: `${options.appUrl}/reports?${reportFilterSearch(filter)}`,
    },
    attachments: [{ fileName, contentType: 'application/pdf', content: pdf }],
  });
  await record({ ...kept, status: 'sent', reason: null, mailId });
  return 'sent';
}

/** What went wrong, for the log: the database's own words rather than a query wrapper's (which quotes the mail). */
function failureReason(error: unknown): string {
  let root = error;
  while (root instanceof Error && root.cause instanceof Error) root = root.cause;
  const message = root instanceof Error ? root.message : String(root);
  return message.length > 500 ? `${message.slice(0, 499)}…` : message;
}

/** Notes a failed attempt (its transaction rolled back), so the log says so and the next run tries again. */
async function recordFailure(db: Database, subscriptionId: string, period: string, reason: string) {
  await db
    .insert(reportDeliveries)
    .values({ subscriptionId, period, status: 'failed', reason })
    .onConflictDoUpdate({
      target: [reportDeliveries.subscriptionId, reportDeliveries.period],
      set: { reason, attempts: sql`${reportDeliveries.attempts} + 1` },
      setWhere: eq(reportDeliveries.status, 'failed'),
    });
}

/** Delivers every running subscription due at `options.now`. Answers how many ended in each status. */
export async function deliverReportSubscriptions(db: Database, options: ReportDeliveryOptions) {
  const counts: Record<ReportDeliveryStatus, number> = { sent: 0, empty: 0, skipped: 0, failed: 0 };
  const rows = await db
    .select({
      subscription: reportSubscriptions,
      user: users,
      companyIds: sql<
        string[]
      >`array(select ${userCompanies.companyId} from ${userCompanies} where ${userCompanies.userId} = ${users.id})`,
      delivered: sql<string[]>`array(select ${reportDeliveries.period} from ${reportDeliveries}
        where ${reportDeliveries.subscriptionId} = ${reportSubscriptions.id}
          and (${reportDeliveries.status} <> 'failed' or ${reportDeliveries.attempts} >= ${REPORT_DELIVERY_ATTEMPTS}))`,
    })
    .from(reportSubscriptions)
    .innerJoin(users, eq(users.id, reportSubscriptions.userId))
    .where(isNull(reportSubscriptions.cancelledAt))
    .orderBy(asc(reportSubscriptions.createdAt), asc(reportSubscriptions.id));
  for (const { subscription, user, companyIds, delivered } of rows) {
    // The user as a request of theirs would see it now (src/server/plugins/actor.ts does the same per request).
    const actor = userActor({ user, companyIds });
    const parsed = reportFilterSchema.safeParse(subscription.filters);
    const filter = parsed.success ? parsed.data : null;
    const timeZone = await reportTimeZone(db, actor.scope, filter ?? {}, options.defaultTimeZone);
    const period = reportPeriod(subscription.cadence, timeZone, options.now);
    if (delivered.includes(period)) continue;
    if (reportPeriod(subscription.cadence, timeZone, subscription.createdAt) === period) continue;
    const subscriber = { subscription, actor, filter, period };
    try {
      const status = await db.transaction((tx) => deliverOne(tx, subscriber, options));
      if (status) counts[status] += 1;
    } catch (error) {
      await recordFailure(db, subscription.id, period, failureReason(error));
      counts.failed += 1;
    }
  }
  return counts;
}

/** The hourly run of the report subscriptions on the job runner: one slot an hour across all processes. */
export function reportSubscriptionsJob(options: Omit<ReportDeliveryOptions, 'now'>) {
  return defineJob({
    name: 'reports.subscriptions',
    schedule: { cron: '0 * * * *' },
    // A failed delivery is retried by the next hourly run; the run itself needs no retry.
    retry: { attempts: 1, backoffMs: 60_000 },
    leaseMs: 15 * 60_000,
    handler: async ({ db, now, run }) =>
      deliverReportSubscriptions(db, { ...options, now: run.slot ?? now() }),
  });
}
