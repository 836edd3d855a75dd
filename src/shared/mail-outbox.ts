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

/**
 * What became of a mail, as the screens that queue one say it (issue 31): `queued` for the mail server,
 * `held` because none is configured (SMTP_URL), then `sent` once the delivery job sent it, or `failed`.
 */
export const MAIL_DELIVERIES = ['queued', 'held', 'sent', 'failed'] as const;
export type MailDelivery = (typeof MAIL_DELIVERIES)[number];

export const MAIL_DELIVERY_LABELS: Record<MailDelivery, string> = {
  queued: 'queued',
  held: 'held: no mail server',
  sent: 'sent',
  failed: 'failed',
};

/** A mail's status as its delivery: pending mail is queued with a mail server, and held without one. */
export function mailDelivery(status: (typeof MAIL_STATUSES)[number], mailConfigured: boolean): MailDelivery {
  if (status === 'pending') return mailConfigured ? 'queued' : 'held';
  return status;
}

/** Where a mail a record queued has got to (an invoice's history entry): its delivery, and when it was sent. */
export const mailProgressSchema = z.object({
  delivery: z.enum(MAIL_DELIVERIES),
  sentAt: z.iso.datetime({ offset: true }).nullable().describe('When the delivery job sent it'),
});
export type MailProgress = z.infer<typeof mailProgressSchema>;

/** The answer of a request that queued one mail: what it says, and whether the mail is queued or held. */
export const queuedMailResponseSchema = z.object({
  message: z.string(),
  delivery: z
    .enum(['queued', 'held'])
    .describe('queued: the mail server gets it on the next delivery; held: no mail server is configured'),
});
export type QueuedMailResponse = z.infer<typeof queuedMailResponseSchema>;

/** A toast's or history's title for a mail: "Reset email queued", "Test email held: no mail server". */
export const mailDeliveryTitle = (mail: string, delivery: MailDelivery) =>
  `${mail} ${MAIL_DELIVERY_LABELS[delivery]}`;
