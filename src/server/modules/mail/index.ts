// The door of the mail module: what other modules and the app may use; every other file here is its own.
// Kept by scripts/module-doors.mjs (docs/architecture.md, "Module doors").
export { emailTemplatesRoutes } from './email-templates.routes.js';
export { queueMail, queuedMailAnswer } from './mail.service.js';
export type { MailAttachment } from './mail.service.js';
export { outboxRoutes } from './outbox.routes.js';
export type { EmailTemplateKey } from './templates.js';
