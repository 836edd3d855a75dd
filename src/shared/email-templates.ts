import { z } from 'zod';

export const EMAIL_TEMPLATE_KEYS = [
  'password_reset',
  'welcome',
  'mention',
  'claim_status_changed',
  'authorization_requested',
  'invoice_sent',
  'invoice_reminder',
  'account_statement',
  'contact_received',
  'notification',
  'notification_digest',
  'report_digest',
  'claim_pack',
  'shop_link',
  'driver_report_claim',
] as const;
export type EmailTemplateKey = (typeof EMAIL_TEMPLATE_KEYS)[number];

export const emailTemplateKeySchema = z.enum(EMAIL_TEMPLATE_KEYS, { message: 'Unknown template' });

/** What an admin edits. */
export const emailTemplateContentSchema = z.object({
  subject: z.string().trim().min(1, 'Subject is required').max(300, 'Subject must be at most 300 characters'),
  html: z.string().min(1, 'The HTML body is required').max(100_000),
  text: z.string().min(1, 'The text body is required').max(100_000),
});
export type EmailTemplateContent = z.infer<typeof emailTemplateContentSchema>;

export const emailTemplateSchema = emailTemplateContentSchema.extend({
  key: emailTemplateKeySchema,
  name: z.string().describe('Human name of the template'),
  description: z.string().describe('When the product sends it'),
  placeholders: z.record(z.string(), z.string()).describe('{{placeholder}} → what it holds'),
  customized: z.boolean().describe('False while the default is in use'),
  updatedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

export const renderedEmailSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type RenderedEmail = z.infer<typeof renderedEmailSchema>;
