import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../db/client.js';
import { mailAttachments, mailOutbox } from '../db/schema/index.js';
import type { MailAttachment } from '../modules/mail/index.js';
import { defineJob } from './runner/index.js';

export const MAIL_MAX_ATTEMPTS = 8;
/** A claimed mail that was neither sent nor failed by then (the process died) is tried again. */
const LEASE = sql`now() + interval '5 minutes'`;
const backoff = (attempts: number) =>
  sql`now() + ${`${Math.min(3600, 15 * 2 ** attempts)} seconds`}::interval`;

export interface MailSender {
  send(mail: {
    from: string;
    to: string;
    subject: string;
    html: string;
    text: string;
    attachments: readonly MailAttachment[];
  }): Promise<void>;
}

export function smtpSender(smtpUrl: string): MailSender & { close(): void } {
  const transport: Transporter = nodemailer.createTransport(smtpUrl);
  return {
    send: async ({ attachments, ...mail }) => {
      await transport.sendMail({
        ...mail,
        attachments: attachments.map((file) => ({
          filename: file.fileName,
          contentType: file.contentType,
          content: file.content,
        })),
      });
    },
    close: () => transport.close(),
  };
}

/**
 * Sends the mail that is due. Rows are claimed with SKIP LOCKED and a lease, so several processes share the
 * outbox without sending anything twice; a failure is retried with exponential backoff.
 */
export async function deliverDueMail(
  db: Database,
  sender: MailSender | null,
  options: { from: string; logger: FastifyBaseLogger; batchSize?: number },
): Promise<{ sent: number; failed: number }> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(options.batchSize ?? 20)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(mailOutbox)
    .set({ nextAttemptAt: LEASE, attempts: sql`${mailOutbox.attempts} + 1` })
    .where(inArray(mailOutbox.id, due))
    .returning();

  const attachments = await attachmentsOf(
    db,
    claimed.map((mail) => mail.id),
  );
  let sent = 0;
  let failed = 0;
  for (const mail of claimed) {
    if (!sender) {
      // Without SMTP_URL, mail is kept (status held) for an administrator to read on the Outbox screen, and
      // logged without its body: a body can hold a set-password or reset link, which no log may keep.
      options.logger.info(
        { to: mail.to, subject: mail.subject, mailId: mail.id },
        'mail held in the outbox (SMTP_URL is not set)',
      );
      await db.update(mailOutbox).set({ status: 'held' }).where(eq(mailOutbox.id, mail.id));
      continue;
    }
    try {
      await sender.send({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        attachments: attachments.get(mail.id) ?? [],
      });
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date(), lastError: null })
        .where(eq(mailOutbox.id, mail.id));
      sent += 1;
    } catch (error) {
      failed += 1;
      const message = error instanceof Error ? error.message : String(error);
      const gaveUp = mail.attempts >= MAIL_MAX_ATTEMPTS;
      options.logger.warn(
        { to: mail.to, attempts: mail.attempts, err: message },
        gaveUp ? 'mail failed for good' : 'mail failed; will retry',
      );
      await db
        .update(mailOutbox)
        .set({
          status: gaveUp ? 'failed' : 'pending',
          lastError: message.slice(0, 1000),
          nextAttemptAt: backoff(mail.attempts),
        })
        .where(eq(mailOutbox.id, mail.id));
    }
  }
  return { sent, failed };
}

/** The attachments of a batch of mails, in one query, by mail id and in their order. */
async function attachmentsOf(db: Database, mailIds: string[]): Promise<Map<string, MailAttachment[]>> {
  const byMail = new Map<string, MailAttachment[]>();
  if (mailIds.length === 0) return byMail;
  const rows = await db
    .select()
    .from(mailAttachments)
    .where(inArray(mailAttachments.mailId, mailIds))
    .orderBy(asc(mailAttachments.mailId), asc(mailAttachments.position));
  for (const { mailId, fileName, contentType, content } of rows) {
    byMail.set(mailId, [...(byMail.get(mailId) ?? []), { fileName, contentType, content }]);
  }
  return byMail;
}

export const MAIL_BATCH_SIZE = 20;

/**
 * The job that sends due mail. Queuing a mail wakes it in the same transaction (the `mail_outbox_wake_delivery`
 * trigger of migration 0014), so mail leaves within a poll of the runner; the schedule each minute picks up
 * retries whose back-off has passed. It sends batch after batch until the outbox has nothing more due.
 */
export function mailDeliveryJob(options: { sender: MailSender | null; from: string }) {
  return defineJob({
    name: 'mail.deliver',
    schedule: { everyMs: 60_000 },
    // A mail carries its own attempts and back-off; a failed run is retried by the next wake or slot.
    retry: { attempts: 1, backoffMs: 0 },
    async handler({ db, logger, signal }) {
      const total = { sent: 0, failed: 0 };
      for (;;) {
        const batch = await deliverDueMail(db, options.sender, {
          from: options.from,
          logger,
          batchSize: MAIL_BATCH_SIZE,
        });
        total.sent += batch.sent;
        total.failed += batch.failed;
        if (batch.sent + batch.failed < MAIL_BATCH_SIZE || signal.aborted) return total;
      }
    },
  });
}
