import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { emailTemplates, mailOutbox } from '../../db/schema/index.js';
import { DEFAULT_TEMPLATES, renderTemplate, type EmailTemplateKey } from './templates.js';

/** The template an admin saved for `key`, else the default. */
export async function loadTemplate(db: Database, key: EmailTemplateKey) {
  const [custom] = await db.select().from(emailTemplates).where(eq(emailTemplates.key, key));
  return custom ?? DEFAULT_TEMPLATES[key];
}

/**
 * Renders a template and puts the mail in the outbox, inside the caller's transaction when given one; the
 * outbox worker sends it (plugins/mail-worker.ts).
 */
export async function queueMail(
  db: Database,
  input: { to: string; template: EmailTemplateKey; values: Record<string, string> },
) {
  const rendered = renderTemplate(await loadTemplate(db, input.template), input.values);
  const [mail] = await db
    .insert(mailOutbox)
    .values({ to: input.to, templateKey: input.template, ...rendered })
    .returning({ id: mailOutbox.id });
  return mail!.id;
}
