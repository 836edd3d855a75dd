// The door of the attachments module: what other modules and the app may use; every other file here is its own.
// Kept by scripts/module-doors.mjs (docs/architecture.md, "Module doors").
export { removeStaleUploads } from './attachment-upload.js';
export type { ReceivedUpload } from './attachment-upload.js';
export { presentAttachment } from './attachments.presenter.js';
export type { AttachmentWithUploader } from './attachments.presenter.js';
export { attachmentsRoutes } from './attachments.routes.js';
export { listAttachments } from './attachments.service.js';
export { cleanFileName, contentDisposition } from './file-names.js';
