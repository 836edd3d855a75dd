import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EMAIL_TEMPLATE_KEYS,
  emailTemplateContentSchema,
  emailTemplateKeySchema,
  emailTemplateSchema,
  renderedEmailSchema,
  type EmailTemplate,
  type EmailTemplateKey,
} from '@shared/email-templates.js';
import { AppError } from '@shared/errors.js';
import { queuedMailResponseSchema } from '@shared/mail-outbox.js';
import type { Database } from '../../db/client.js';
import { emailTemplates, mailOutbox } from '../../db/schema/index.js';
import { recordAudit } from '../audit/index.js';
import { queuedMailAnswer } from './mail.service.js';
import { DEFAULT_TEMPLATES, renderTemplate } from './templates.js';
import { actorOf } from '../../plugins/actor.js';

const keyParams = z.object({ key: emailTemplateKeySchema });

function present(
  key: EmailTemplateKey,
  custom: typeof emailTemplates.$inferSelect | undefined,
): EmailTemplate {
  const fallback = DEFAULT_TEMPLATES[key];
  return {
    key,
    name: fallback.name,
    description: fallback.description,
    placeholders: fallback.placeholders,
    subject: custom?.subject ?? fallback.subject,
    html: custom?.html ?? fallback.html,
    text: custom?.text ?? fallback.text,
    customized: custom !== undefined,
    updatedAt: custom?.updatedAt.toISOString() ?? null,
  };
}

async function readTemplate(db: Database, key: EmailTemplateKey) {
  const [custom] = await db.select().from(emailTemplates).where(eq(emailTemplates.key, key));
  return present(key, custom);
}

/** Email templates (admins): every key with its default, edit, live preview with sample data, test mail, reset. */
export const emailTemplatesRoutes: FastifyPluginAsyncZod<{
  db: Database;
  /** Whether SMTP_URL is set: without it a test mail is held in the outbox, and the answer says so. */
  mailConfigured: boolean;
}> = async (app, { db, mailConfigured }) => {
  const access = 'system.email.templates.manage' as const;

  app.get(
    '/api/email-templates',
    { config: { access }, schema: { response: { 200: z.array(emailTemplateSchema) } } },
    async () => {
      const customs = new Map((await db.select().from(emailTemplates)).map((row) => [row.key, row]));
      return EMAIL_TEMPLATE_KEYS.map((key) => present(key, customs.get(key)));
    },
  );

  app.get(
    '/api/email-templates/:key',
    { config: { access }, schema: { params: keyParams, response: { 200: emailTemplateSchema } } },
    async (request) => readTemplate(db, request.params.key),
  );

  app.put(
    '/api/email-templates/:key',
    {
      config: { access },
      schema: { params: keyParams, body: emailTemplateContentSchema, response: { 200: emailTemplateSchema } },
    },
    async (request) => {
      const { key } = request.params;
      const before = await readTemplate(db, key);
      await db
        .insert(emailTemplates)
        .values({ key, ...request.body })
        .onConflictDoUpdate({ target: emailTemplates.key, set: { ...request.body, updatedAt: new Date() } });
      await recordAudit(db, actorOf(request), {
        action: 'email_template.updated',
        entityType: 'email_template',
        entityId: key,
        before: { subject: before.subject, html: before.html, text: before.text },
        after: request.body,
      });
      return readTemplate(db, key);
    },
  );

  app.delete(
    '/api/email-templates/:key',
    { config: { access }, schema: { params: keyParams, response: { 200: emailTemplateSchema } } },
    async (request) => {
      await db.delete(emailTemplates).where(eq(emailTemplates.key, request.params.key));
      await recordAudit(db, actorOf(request), {
        action: 'email_template.reset',
        entityType: 'email_template',
        entityId: request.params.key,
      });
      return readTemplate(db, request.params.key);
    },
  );

  app.post(
    '/api/email-templates/:key/preview',
    {
      config: { access },
      schema: { params: keyParams, body: emailTemplateContentSchema, response: { 200: renderedEmailSchema } },
    },
    async (request) => renderTemplate(request.body, DEFAULT_TEMPLATES[request.params.key].sample),
  );

  app.post(
    '/api/email-templates/:key/test',
    {
      config: { access },
      schema: {
        params: keyParams,
        body: emailTemplateContentSchema,
        response: { 200: queuedMailResponseSchema },
      },
    },
    async (request) => {
      const email = request.auth!.user.email;
      if (!email)
        throw new AppError('conflict', 'Add an email address to your profile to receive test mails');
      const rendered = renderTemplate(request.body, DEFAULT_TEMPLATES[request.params.key].sample);
      await db.insert(mailOutbox).values({
        to: email,
        templateKey: request.params.key,
        ...rendered,
        subject: `[Test] ${rendered.subject}`,
      });
      return queuedMailAnswer(mailConfigured, 'test mail', email);
    },
  );
};
