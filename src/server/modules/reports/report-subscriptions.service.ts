import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { AppError } from '@shared/errors.js';
import { mailDelivery } from '@shared/mail-outbox.js';
import {
  type createReportSubscriptionSchema,
  type ReportDelivery,
  type ReportSubscription,
} from '@shared/report-subscriptions.js';
import { reportFilterFieldsSchema, type ReportFilter } from '@shared/reports.js';
import type { z } from 'zod';
import type { UserActor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { mailOutbox, reportDeliveries, reportSubscriptions } from '../../db/schema/index.js';
import { assertReportFilterVisible } from './report-filter-scope.js';
import { assertMaySubscribe, assertRoomForSubscription } from './report-subscriptions.policy.js';
import { reportFilterNamesOf } from './reports.service.js';

/**
 * A user's report subscriptions (issue 14). Each is personal: only its owner lists, cancels or downloads it —
 * an admin included (another user's answers 404 like one that does not exist). Deliveries: report-delivery.ts.
 */

const NOT_FOUND = 'Subscription not found';

type SubscriptionRow = typeof reportSubscriptions.$inferSelect;
/** The delivery columns a list shows (everything but the PDF's bytes), with its mail's status from the outbox. */
const deliveryColumns = {
  id: reportDeliveries.id,
  subscriptionId: reportDeliveries.subscriptionId,
  period: reportDeliveries.period,
  status: reportDeliveries.status,
  reason: reportDeliveries.reason,
  mailId: reportDeliveries.mailId,
  spanFrom: reportDeliveries.spanFrom,
  spanTo: reportDeliveries.spanTo,
  claims: reportDeliveries.claims,
  pdfFileName: reportDeliveries.pdfFileName,
  attempts: reportDeliveries.attempts,
  createdAt: reportDeliveries.createdAt,
  mailStatus: mailOutbox.status,
  mailSentAt: mailOutbox.sentAt,
};

/** Deliveries with their mail; `lastPerSubscription`: one row per subscription (order it newest first). */
const deliveriesWithMail = (db: Database, { lastPerSubscription = false } = {}) =>
  (lastPerSubscription
    ? db.selectDistinctOn([reportDeliveries.subscriptionId], deliveryColumns)
    : db.select(deliveryColumns)
  )
    .from(reportDeliveries)
    .leftJoin(mailOutbox, eq(mailOutbox.id, reportDeliveries.mailId));

type DeliveryRow = Awaited<ReturnType<typeof deliveriesWithMail>>[number];

/** A delivery as the log shows it; without a mail server (`mailConfigured`) its queued mail is held. */
function presentDelivery(row: DeliveryRow, mailConfigured: boolean): ReportDelivery {
  return {
    id: row.id,
    period: row.period,
    status: row.status,
    reason: row.reason,
    span: row.spanFrom && row.spanTo ? { from: row.spanFrom, to: row.spanTo } : null,
    claims: row.claims,
    hasPdf: row.pdfFileName !== null,
    mail: row.mailStatus
      ? {
          delivery: mailDelivery(row.mailStatus, mailConfigured),
          sentAt: row.mailSentAt?.toISOString() ?? null,
        }
      : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The stored filter as the page reads it (a filter saved by an older version keeps its known fields). */
export function storedFilter(row: Pick<SubscriptionRow, 'filters'>): ReportFilter {
  return reportFilterFieldsSchema.parse(row.filters);
}

/**
 * The subscriptions as the page shows them, each with its newest delivery and the names its filter points at:
 * three queries for the names and one for the last deliveries (DISTINCT ON the subscription), whatever the count.
 */
async function presentAll(
  db: Database,
  rows: SubscriptionRow[],
  mailConfigured: boolean,
): Promise<ReportSubscription[]> {
  if (rows.length === 0) return [];
  const filters = rows.map(storedFilter);
  const names = await reportFilterNamesOf(db, filters);
  const ids = rows.map((row) => row.id);
  const lastDeliveries = await deliveriesWithMail(db, { lastPerSubscription: true })
    .where(inArray(reportDeliveries.subscriptionId, ids))
    .orderBy(reportDeliveries.subscriptionId, desc(reportDeliveries.period), desc(reportDeliveries.id));
  const lastOf = new Map(lastDeliveries.map((delivery) => [delivery.subscriptionId, delivery]));
  return rows.map((row, index) => {
    const last = lastOf.get(row.id);
    return {
      id: row.id,
      name: row.name,
      cadence: row.cadence,
      filter: filters[index]!,
      filterNames: names[index]!,
      createdAt: row.createdAt.toISOString(),
      lastDelivery: last ? presentDelivery(last, mailConfigured) : null,
    };
  });
}

/** The actor's subscriptions still running, newest first. */
export async function listReportSubscriptions(
  db: Database,
  actor: UserActor,
  mailConfigured: boolean,
): Promise<ReportSubscription[]> {
  const rows = await db
    .select()
    .from(reportSubscriptions)
    .where(and(eq(reportSubscriptions.userId, actor.user.id), isNull(reportSubscriptions.cancelledAt)))
    .orderBy(desc(reportSubscriptions.createdAt), desc(reportSubscriptions.id));
  return presentAll(db, rows, mailConfigured);
}

/**
 * Saves "email me this report": the filter as validated by the report's own schema, the preset kept (not the
 * days). The filter's company must be one the user sees; the user needs an email address.
 */
export async function createReportSubscription(
  db: Database,
  actor: UserActor,
  input: z.output<typeof createReportSubscriptionSchema>,
  mailConfigured: boolean,
): Promise<ReportSubscription> {
  assertMaySubscribe(actor);
  // The report's own check of the filter's ids (issue 28): another company's location is not found here either.
  await assertReportFilterVisible(db, actor.scope, input.filter, 'filter.');
  const row = await db.transaction(async (tx) => {
    const [held] = await tx
      .select({ count: count() })
      .from(reportSubscriptions)
      .where(and(eq(reportSubscriptions.userId, actor.user.id), isNull(reportSubscriptions.cancelledAt)));
    assertRoomForSubscription(held?.count ?? 0);
    // Undefined fields are left out, so the stored JSON is the filter's own keys.
    const filters = Object.fromEntries(
      Object.entries(input.filter).filter(([, value]) => value !== undefined),
    );
    const [created] = await tx
      .insert(reportSubscriptions)
      .values({ userId: actor.user.id, name: input.name, cadence: input.cadence, filters })
      .returning();
    return created!;
  });
  const [subscription] = await presentAll(db, [row], mailConfigured);
  return subscription!;
}

/** The actor's own subscription, running or not; anyone else's answers 404. */
async function ownSubscription(db: Database, actor: UserActor, id: string) {
  const [row] = await db
    .select()
    .from(reportSubscriptions)
    .where(and(eq(reportSubscriptions.id, id), eq(reportSubscriptions.userId, actor.user.id)));
  if (!row) throw new AppError('not_found', NOT_FOUND);
  return row;
}

/** Stops a subscription (its deliveries stay in the log). Cancelling twice answers 404. */
export async function cancelReportSubscription(db: Database, actor: UserActor, id: string, now = new Date()) {
  const [cancelled] = await db
    .update(reportSubscriptions)
    .set({ cancelledAt: now })
    .where(
      and(
        eq(reportSubscriptions.id, id),
        eq(reportSubscriptions.userId, actor.user.id),
        isNull(reportSubscriptions.cancelledAt),
      ),
    )
    .returning({ id: reportSubscriptions.id });
  if (!cancelled) throw new AppError('not_found', NOT_FOUND);
}

/** A subscription's delivery log, newest first. */
export async function listReportDeliveries(
  db: Database,
  actor: UserActor,
  subscriptionId: string,
  mailConfigured: boolean,
): Promise<ReportDelivery[]> {
  await ownSubscription(db, actor, subscriptionId);
  const rows = await deliveriesWithMail(db)
    .where(eq(reportDeliveries.subscriptionId, subscriptionId))
    .orderBy(desc(reportDeliveries.period), desc(reportDeliveries.id));
  return rows.map((row) => presentDelivery(row, mailConfigured));
}

/** The PDF a delivery made (sent or not), for its owner. */
export async function reportDeliveryPdf(db: Database, actor: UserActor, deliveryId: string) {
  const [row] = await db
    .select({ pdf: reportDeliveries.pdf, fileName: reportDeliveries.pdfFileName })
    .from(reportDeliveries)
    .innerJoin(reportSubscriptions, eq(reportSubscriptions.id, reportDeliveries.subscriptionId))
    .where(and(eq(reportDeliveries.id, deliveryId), eq(reportSubscriptions.userId, actor.user.id)));
  if (!row?.pdf || !row.fileName) throw new AppError('not_found', 'Report not found');
  return { pdf: row.pdf, fileName: row.fileName };
}
