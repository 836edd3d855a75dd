// The door of the webhooks module: what other modules and the app may use; every other file here is its own.
// Kept by scripts/module-doors.mjs (docs/architecture.md, "Module doors").
export { deliverDueWebhooks, signWebhook, webhookDeliveryJob } from './webhook-delivery.js';
export { emitWebhookEvent } from './webhook-events.js';
export { webhooksRoutes } from './webhooks.routes.js';
