import { z } from 'zod';

/** Every state of a mail in the outbox (`mail_outbox.status`). */
export const MAIL_STATUSES = ['pending', 'sent', 'failed', 'held'] as const;
/**
 * The mail the Outbox screen lists: kept because no mail server is configured (held), or given up on after
 * its retries (failed). Pending mail is on its way and sent mail is gone.
 */
export const OUTBOX_STATUSES = ['held', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = {
  held: 'Held: no mail server',
  failed: 'Failed',
};

export const outboxMailSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  /**
   * The plain-text body, for an administrator to read, with every reset and set-password link masked
   * (`…/reset-password/[hidden]`): Resend sends the original to its recipient, nobody else reads the link.
   */
  text: z.string(),
  templateKey: z.string().nullable().describe('The template the mail was written from, if any'),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int().describe('Delivery attempts so far'),
  lastError: z.string().nullable().describe('What the mail server answered on the last failed attempt'),
  createdAt: z.iso.datetime({ offset: true }),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const listOutboxQuerySchema = z.object({
  search: z.string().trim().max(100).optional().describe('Part of the recipient or the subject'),
  status: z.enum(OUTBOX_STATUSES).optional().describe('Held or failed; both when absent'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type ListOutboxQuery = z.infer<typeof listOutboxQuerySchema>;

export const outboxPageSchema = z.object({
  items: z.array(outboxMailSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
