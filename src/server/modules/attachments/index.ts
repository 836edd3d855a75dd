// The door of the attachments module: what other modules and the app may use; every other file here is its own.
// Kept by scripts/module-doors.mjs (docs/architecture.md, "Module doors").
export { inspectUpload, makeThumbnail } from './attachment-content.js';
export { addPhotoCopies } from './attachment-copies.js';
export { sendAttachmentFile, sendAttachmentThumbnail } from './attachment-files.routes.js';
export { removeStaleUploads } from './attachment-upload.js';
export type { ReceivedUpload } from './attachment-upload.js';
export { presentAttachment } from './attachments.presenter.js';
export type { AttachmentWithUploader } from './attachments.presenter.js';
export { attachmentsRoutes } from './attachments.routes.js';
export {
  ATTACHMENT_NOT_FOUND,
  listAttachments,
  loadAttachment,
  uploadAttachment,
} from './attachments.service.js';
export { cleanFileName, contentDisposition } from './file-names.js';
