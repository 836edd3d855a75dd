import { and, asc, eq } from 'drizzle-orm';
import { formatCents } from '@shared/money.js';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { companies, companyStatements } from '../../db/schema/index.js';
import { defineJob } from '../../jobs/runner/index.js';
import { recordAudit } from '../audit/index.js';
import { day } from '../claim-report/index.js';
import { queueMail } from '../mail/index.js';
import { addDays } from './accounting-dates.js';
import { companyStatement, renderStatementPdf, statementFileName } from './statement-pdf.js';

/** 06:00 UTC on the first of each month: the statements stand at the end of the month before (UTC). */
export const MONTHLY_STATEMENT_SCHEDULE = { cron: '0 6 1 * *' };

/** The day the statements of the month `moment` is in stand at: the last day of the month before (UTC). */
export const statementDayFor = (moment: Date) => addDays(`${moment.toISOString().slice(0, 7)}-01`, -1);

/**
 * Queues the `account_statement` mail, its statement PDF attached, for each company that asked for monthly
 * statements and has an open balance or unapplied credit at the end of `asOf`, to its billing email (else its
 * contact email; with neither it is skipped and not marked). The `company_statements` row of (company, asOf) is
 * written in the same transaction as the mail and the audit entry, so each company gets one statement a month
 * however many processes, slots or retries try.
 */
export async function sendMonthlyStatements(
  db: Database,
  actor: Actor,
  options: { asOf: string; generatedAt: Date },
) {
  const opted = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.monthlyStatementsEnabled, true))
    .orderBy(asc(companies.name), asc(companies.id));
  let queued = 0;
  let withoutAddress = 0;
  for (const { id } of opted) {
    const outcome = await db.transaction(async (tx) => {
      const statement = await companyStatement(tx, id, options.asOf);
      if (statement.openCents === 0 && statement.creditCents === 0) return 'nothing' as const;
      const to = statement.company.billingEmail ?? statement.company.contactEmail;
      if (!to) return 'no-address' as const;
      const [claimed] = await tx
        .insert(companyStatements)
        .values({
          companyId: id,
          asOf: options.asOf,
          openCents: statement.openCents,
          creditCents: statement.creditCents,
          sentTo: to,
        })
        .onConflictDoNothing()
        .returning({ companyId: companyStatements.companyId });
      if (!claimed) return 'taken' as const;
      const pdf = await renderStatementPdf(statement, options.generatedAt);
      const mailId = await queueMail(tx, {
        to,
        template: 'account_statement',
        values: {
          contactName: statement.company.contactName ?? statement.company.name,
          companyName: statement.company.name,
          asOf: day(options.asOf)!,
          openBalance: formatCents(statement.openCents),
          credit: formatCents(statement.creditCents),
        },
        attachments: [
          { fileName: statementFileName(statement), contentType: 'application/pdf', content: pdf },
        ],
      });
      await tx
        .update(companyStatements)
        .set({ mailId })
        .where(and(eq(companyStatements.companyId, id), eq(companyStatements.asOf, options.asOf)));
      await recordAudit(tx, actor, {
        action: 'company.statement_sent',
        entityType: 'company',
        entityId: id,
        after: {
          asOf: options.asOf,
          openCents: statement.openCents,
          creditCents: statement.creditCents,
          sentTo: to,
          mailId,
        },
      });
      return 'queued' as const;
    });
    if (outcome === 'queued') queued += 1;
    if (outcome === 'no-address') withoutAddress += 1;
  }
  return { asOf: options.asOf, queued, withoutAddress };
}

/** Monthly statements on the job runner: one run a month across all processes. */
export function monthlyStatementsJob() {
  return defineJob({
    name: 'accounting.monthly-statements',
    schedule: MONTHLY_STATEMENT_SCHEDULE,
    retry: { attempts: 3, backoffMs: 5 * 60_000 },
    // A manual run (no slot) sends the statements of the current month, if not sent yet.
    handler: async ({ db, actor, now, run }) =>
      sendMonthlyStatements(db, actor, { asOf: statementDayFor(run.slot ?? now()), generatedAt: now() }),
  });
}
