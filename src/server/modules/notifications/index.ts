// The door of the notifications module: what other modules and the app may use; every other file here is its own.
// Kept by scripts/module-doors.mjs (docs/architecture.md, "Module doors").
export { dailyDigestJob } from './notification-digest.job.js';
export { setNotificationLinkBase } from './notification-mail.js';
export { notificationsEtag, notificationsRoutes } from './notifications.routes.js';
export { notify } from './notifications.service.js';
export type { NotifyInput } from './notifications.service.js';
