import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { attachmentPreview } from '@shared/attachments.js';
import { AppError } from '@shared/errors.js';
import type { FileStorage } from '../../storage/file-storage.js';
import type { AttachmentRow } from './attachments.presenter.js';
import { contentDisposition } from './file-names.js';

/** A file never changes under its id, so the browser may keep it (privately: it is behind a login or a link). */
const CACHE_FOREVER = 'private, max-age=31536000, immutable';

/**
 * Answers an attachment's stored file: pictures and PDFs open in the browser, anything else is saved (never
 * rendered from our origin), or saved anyway when `download`. The one way a file leaves, by session or by link.
 */
export async function sendAttachmentFile(
  reply: FastifyReply,
  storage: FileStorage,
  attachment: Pick<AttachmentRow, 'storageKey' | 'contentType' | 'sizeBytes' | 'fileName'>,
  { download, log }: { download: boolean; log: FastifyBaseLogger },
) {
  const stream = await storage.get(attachment.storageKey);
  if (!stream) {
    log.error({ key: attachment.storageKey }, 'the stored file of an attachment is missing');
    throw new AppError('not_found', 'The file of this attachment is missing');
  }
  const inline = !download && attachmentPreview(attachment.contentType) !== 'none';
  const type = attachment.contentType.startsWith('text/')
    ? `${attachment.contentType}; charset=utf-8`
    : attachment.contentType;
  return reply
    .type(type)
    .header('content-length', attachment.sizeBytes)
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', attachment.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', CACHE_FOREVER)
    .send(stream);
}

/** Answers an attachment's (or a driver's photo's) 320 px WebP thumbnail (404 when it has none). */
export async function sendAttachmentThumbnail(
  reply: FastifyReply,
  storage: FileStorage,
  attachment: Pick<AttachmentRow, 'thumbnailKey'>,
) {
  const stream = attachment.thumbnailKey ? await storage.get(attachment.thumbnailKey) : null;
  if (!stream) throw new AppError('not_found', 'This file has no thumbnail');
  return reply
    .type('image/webp')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', CACHE_FOREVER)
    .send(stream);
}
