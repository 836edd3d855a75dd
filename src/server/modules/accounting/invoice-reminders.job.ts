import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import { reminderStageReached } from '@shared/accounting.js';
import { dayIn } from '@shared/time-zones.js';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { companies, invoiceReminders, invoices } from '../../db/schema/index.js';
import { defineJob } from '../../jobs/runner/index.js';
import { recordAudit } from '../audit/index.js';
import { addDays, daysBetween, todayUtc } from './accounting-dates.js';
import { loadBilledCompany } from './accounting-pdf.js';
import { creditedCentsSql, paidCentsSql } from './invoice-balance.sql.js';
import { queueInvoiceMail } from './invoice-documents.js';

/** Hourly, so each company's reminders go out within the hour its own day (its time zone) begins. */
export const INVOICE_REMINDER_SCHEDULE = { cron: '5 * * * *' };

/** The days ahead of UTC the furthest time zone is (UTC+14): who may already be a day further than UTC. */
const MAX_ZONE_LEAD_DAYS = 1;

/**
 * Queues the `invoice_reminder` mail (the invoice's PDF attached) for each sent invoice with an open balance
 * whose company wants reminders and that has reached a reminder stage (days past its due date, counted in the
 * company's time zone at `now`) it has not had yet. A late run sends only the highest stage reached, so an
 * invoice found 65 days past due gets the 60-day reminder, not three at once. The mail goes to the company's
 * billing email, else its contact email; a company with neither is skipped and its invoices are not marked, so
 * they get the stage they have reached once an address is added. The `invoice_reminders` row of (invoice,
 * stage) is written in the same transaction as the mail and the audit entry (the invoice's history), so each
 * stage goes out once however many processes, slots or retries try.
 */
export async function sendInvoiceReminders(
  db: Database,
  actor: Actor,
  options: { now: Date; stages: readonly number[] },
) {
  const first = Math.min(...options.stages);
  const last = Math.max(...options.stages);
  if (!Number.isFinite(first)) return { queued: 0, withoutAddress: 0 };
  const balance = sql<number>`(${invoices.totalCents} - ${paidCentsSql()} - ${creditedCentsSql()})`;
  // Due at least `first` days before the furthest-ahead zone's today; the exact count is per company below.
  const latestDue = addDays(todayUtc(options.now), MAX_ZONE_LEAD_DAYS - first);
  const candidates = await db
    .select({
      id: invoices.id,
      companyId: invoices.companyId,
      dueDate: invoices.dueDate,
      timeZone: companies.timeZone,
      stagesSent: sql<
        number[]
      >`coalesce((select array_agg(r.stage) from invoice_reminders r where r.invoice_id = "invoices"."id"), '{}')`,
    })
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(
      and(
        eq(invoices.lifecycle, 'sent'),
        eq(companies.invoiceRemindersEnabled, true),
        lte(invoices.dueDate, latestDue),
        // One that had the last stage gets no more: the hourly scan does not grow with long-overdue invoices.
        sql`not exists (select 1 from invoice_reminders r where r.invoice_id = "invoices"."id" and r.stage >= ${last})`,
        gt(balance, 0),
      ),
    )
    .orderBy(asc(invoices.dueDate), asc(invoices.id));

  let queued = 0;
  let withoutAddress = 0;
  for (const candidate of candidates) {
    const today = dayIn(candidate.timeZone, options.now);
    const daysPastDue = daysBetween(candidate.dueDate!, today);
    const stage = reminderStageReached(daysPastDue, options.stages);
    if (stage === null || candidate.stagesSent.map(Number).includes(stage)) continue;
    const sent = await db.transaction(async (tx) => {
      const company = await loadBilledCompany(tx, candidate.companyId);
      const to = company.billingEmail ?? company.contactEmail;
      if (!to) return 'no-address' as const;
      const [claimed] = await tx
        .insert(invoiceReminders)
        .values({ invoiceId: candidate.id, stage, daysPastDue, sentTo: to })
        .onConflictDoNothing()
        .returning({ invoiceId: invoiceReminders.invoiceId });
      if (!claimed) return 'taken' as const;
      const mailId = await queueInvoiceMail(tx, {
        invoiceId: candidate.id,
        company,
        to,
        template: 'invoice_reminder',
        values: { daysPastDue: String(daysPastDue) },
        generatedAt: options.now,
      });
      await tx
        .update(invoiceReminders)
        .set({ mailId })
        .where(and(eq(invoiceReminders.invoiceId, candidate.id), eq(invoiceReminders.stage, stage)));
      await recordAudit(tx, actor, {
        action: 'invoice.reminder_sent',
        entityType: 'invoice',
        entityId: candidate.id,
        after: { stage, daysPastDue, sentTo: to, mailId },
      });
      return 'queued' as const;
    });
    if (sent === 'queued') queued += 1;
    if (sent === 'no-address') withoutAddress += 1;
  }
  return { queued, withoutAddress };
}

/** Overdue invoice reminders on the job runner: one run an hour across all processes. */
export function invoiceRemindersJob(options: { stages: readonly number[] }) {
  return defineJob({
    name: 'accounting.invoice-reminders',
    schedule: INVOICE_REMINDER_SCHEDULE,
    retry: { attempts: 3, backoffMs: 5 * 60_000 },
    handler: async ({ db, actor, now }) =>
      sendInvoiceReminders(db, actor, { now: now(), stages: options.stages }),
  });
}
