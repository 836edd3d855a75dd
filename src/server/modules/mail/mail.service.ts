import { eq } from 'drizzle-orm';
import type { QueuedMailResponse } from '@shared/mail-outbox.js';
import type { Database } from '../../db/client.js';
import { emailTemplates, mailAttachments, mailOutbox } from '../../db/schema/index.js';
import { DEFAULT_TEMPLATES, renderTemplate, type EmailTemplateKey } from './templates.js';

/** The template an admin saved for `key`, else the default. */
export async function loadTemplate(db: Database, key: EmailTemplateKey) {
  const [custom] = await db.select().from(emailTemplates).where(eq(emailTemplates.key, key));
  return custom ?? DEFAULT_TEMPLATES[key];
}

/** A file sent with a mail: an invoice's PDF, a report. */
export interface MailAttachment {
  fileName: string;
  contentType: string;
  content: Buffer;
}

/**
 * Renders a template and puts the mail, with its attachments, in the outbox, inside the caller's transaction
 * when given one; the `mail.deliver` job sends it (jobs/mail-outbox.ts).
 */
export async function queueMail(
  db: Database,
  input: {
    to: string;
    template: EmailTemplateKey;
    values: Record<string, string>;
    attachments?: readonly MailAttachment[];
  },
) {
  const rendered = renderTemplate(await loadTemplate(db, input.template), input.values);
  const [mail] = await db
    .insert(mailOutbox)
    .values({ to: input.to, templateKey: input.template, ...rendered })
    .returning({ id: mailOutbox.id });
  const mailId = mail!.id;
  if (input.attachments?.length) {
    await db
      .insert(mailAttachments)
      .values(input.attachments.map((attachment, position) => ({ mailId, position, ...attachment })));
  }
  return mailId;
}

/**
 * The answer of a request that queued one mail (`mail`: "test mail", "password reset email"): queued for the
 * mail server, or held in the outbox because none is configured — never "sent" (issue 31).
 */
export function queuedMailAnswer(mailConfigured: boolean, mail: string, to: string): QueuedMailResponse {
  return mailConfigured
    ? { message: `The ${mail} to ${to} is queued: it goes out on the next delivery.`, delivery: 'queued' }
    : {
        message: `No mail server is configured, so the ${mail} to ${to} is held in the outbox.`,
        delivery: 'held',
      };
}
