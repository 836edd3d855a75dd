import { z } from 'zod';

/**
 * Webhooks (issue 33, decision 044): an administrator registers an https endpoint for some events of some companies;
 * each event is POSTed to it as JSON, signed the Standard Webhooks way, by the job runner, retried for about a day.
 */

/** The events an endpoint may choose, each emitted by the one write path of its record. */
export const WEBHOOK_EVENTS = [
  'claim.created',
  'claim.status_changed',
  'claim.note_added',
  'estimate.added',
  'estimate.updated',
  'estimate.approved',
  'authorization.decided',
  'invoice.sent',
  'invoice.paid',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'claim.created': 'A claim is opened',
  'claim.status_changed': 'A claim moves to another status',
  'claim.note_added': 'A note is added to a claim',
  'estimate.added': 'An estimate or supplement is added (typed, CCC or Tekmetric)',
  'estimate.updated':
    'An estimate awaiting review is replaced (edited, CCC’s committed copy, Tekmetric’s changed RO)',
  'estimate.approved': 'An estimate is approved',
  'authorization.decided': 'An authorization request is approved, partly approved or declined',
  'invoice.sent': 'An invoice is sent',
  'invoice.paid': 'An invoice is paid in full (payments and credit notes)',
};

/**
 * Seconds to wait after each failed attempt (the Standard Webhooks schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h,
 * 10 h): eight attempts over about 27 hours, then the delivery has failed.
 */
export const WEBHOOK_RETRY_SECONDS = [5, 300, 1800, 7200, 18000, 36000, 36000] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_SECONDS.length + 1;

/** An endpoint that has failed every delivery for this long is disabled, and the administrators told. */
export const WEBHOOK_DISABLE_AFTER_MS = 24 * 60 * 60 * 1000;

/** How long the endpoint has to answer one delivery. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

export const WEBHOOK_MESSAGES = {
  eventsRequired: 'Choose at least one event',
  companiesRequired: 'Choose at least one company, or every company',
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
} as const;

export const webhookEndpointRequestSchema = z.object({
  url: z.string().trim().min(1, 'Enter the URL that receives the events').max(2000),
  description: z.string().trim().max(200).default(''),
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1, WEBHOOK_MESSAGES.eventsRequired)
    .transform((events) => [...new Set(events)]),
  /** The companies whose events it receives; null for every company. */
  companyIds: z.array(z.uuid()).min(1, WEBHOOK_MESSAGES.companiesRequired).nullable(),
});
export type WebhookEndpointRequest = z.input<typeof webhookEndpointRequestSchema>;

export const updateWebhookEndpointSchema = webhookEndpointRequestSchema
  .extend({ enabled: z.boolean().describe('Turning an endpoint on again clears its failures') })
  .partial();

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  companies: z
    .array(z.object({ id: z.uuid(), name: z.string() }))
    .nullable()
    .describe('Null: every company'),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  failingSince: z.iso.datetime({ offset: true }).nullable().describe('Every delivery has failed since then'),
  createdAt: z.iso.datetime({ offset: true }),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer to registering an endpoint: the only time its signing secret is shown. */
export const createdWebhookEndpointSchema = z.object({
  endpoint: webhookEndpointSchema,
  secret: z.string().describe('whsec_…: verify each delivery’s webhook-signature with it'),
});

export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  eventId: z
    .uuid()
    .describe('The webhook-id header: the same on every attempt and resend, for de-duplication'),
  eventType: z.enum(WEBHOOK_EVENTS),
  claimId: z.uuid().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: z.iso.datetime({ offset: true }).nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastLatencyMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  deliveredAt: z.iso.datetime({ offset: true }).nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const listDeliveriesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

export const webhookDeliveryPageSchema = z.object({
  items: z.array(webhookDeliverySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
