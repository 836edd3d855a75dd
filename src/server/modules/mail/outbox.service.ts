import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { RESET_PASSWORD_PATH } from '@shared/constants.js';
import { AppError } from '@shared/errors.js';
import { OUTBOX_STATUSES, type ListOutboxQuery, type OutboxMail } from '@shared/mail-outbox.js';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { pageOf, selectPage } from '../../db/paging.js';
import { mailOutbox } from '../../db/schema/index.js';
import { enqueueJob } from '../../jobs/runner/index.js';
import { recordAudit } from '../audit/index.js';

type MailRow = typeof mailOutbox.$inferSelect;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** What replaces a link's token in the outbox. */
const MASKED_TOKEN = '[hidden]';
// The path holds no character a pattern reads specially; the token runs to the next space or quote.
const tokenLink = new RegExp(`(${RESET_PASSWORD_PATH})[^\\s"'<>]+`, 'g');

/**
 * A body as the outbox shows it: every reset and set-password link's token masked. Such a link signs its holder in
 * as the recipient, so an administrator reading the outbox must not get it (issue 28: one admin could take over
 * another's account); Resend sends the original to the recipient.
 */
export const maskTokenLinks = (text: string) => text.replace(tokenLink, `$1${MASKED_TOKEN}`);

/** Every outbox answer (the list and Resend's) goes through here: no answer carries a token. */
function presentOutboxMail(row: MailRow): OutboxMail {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: maskTokenLinks(row.text),
    templateKey: row.templateKey,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The mail that did not leave (held without a mail server, or failed for good), newest first. */
export async function listOutbox(db: Database, query: ListOutboxQuery) {
  const search = query.search && `%${escapeLike(query.search)}%`;
  const where = and(
    query.status ? eq(mailOutbox.status, query.status) : inArray(mailOutbox.status, [...OUTBOX_STATUSES]),
    search ? or(ilike(mailOutbox.to, search), ilike(mailOutbox.subject, search)) : undefined,
  );
  const rows = db
    .select()
    .from(mailOutbox)
    .where(where)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .$dynamic();
  const page = await selectPage(db, rows, { table: mailOutbox, where }, query);
  return pageOf(page.rows.map(presentOutboxMail), page.total, query);
}

/**
 * Queues a held or failed mail again, as new (its attempts start over), and wakes the delivery job; audited.
 * Without a mail server nothing could send it: it stays held (a failed one becomes held), unaudited, and the
 * answer says so (status `held`), so an administrator resends once SMTP_URL is set.
 */
export async function resendOutboxMail(
  db: Database,
  actor: Actor,
  id: string,
  mailConfigured: boolean,
): Promise<OutboxMail> {
  return db.transaction(async (tx) => {
    const [resent] = await tx
      .update(mailOutbox)
      .set(
        mailConfigured
          ? { status: 'pending', attempts: 0, lastError: null, nextAttemptAt: sql`now()` }
          : { status: 'held' },
      )
      .where(and(eq(mailOutbox.id, id), inArray(mailOutbox.status, [...OUTBOX_STATUSES])))
      .returning();
    if (!resent) {
      const [exists] = await tx
        .select({ status: mailOutbox.status })
        .from(mailOutbox)
        .where(eq(mailOutbox.id, id));
      if (!exists) throw new AppError('not_found', 'Mail not found');
      throw new AppError(
        'conflict',
        'Only held or failed mail can be sent again: this one is on its way or sent',
      );
    }
    if (!mailConfigured) return presentOutboxMail(resent);
    await enqueueJob(tx, 'mail.deliver');
    await recordAudit(tx, actor, {
      action: 'mail.resent',
      entityType: 'mail',
      entityId: resent.id,
      after: { to: resent.to, subject: resent.subject },
    });
    return presentOutboxMail(resent);
  });
}
