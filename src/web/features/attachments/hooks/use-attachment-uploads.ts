import {
  ATTACHMENT_ACCEPT,
  fileExtension,
  fileTooLargeMessage,
  inferAttachmentKind,
  UNSUPPORTED_TYPE_MESSAGE,
  type Attachment,
  type AttachmentKind,
} from '@shared/attachments';
import { ERROR_STATUS } from '@shared/errors';

import { useUploadQueue, type QueuedUpload } from '../../../hooks/use-upload-queue';
import { ApiError } from '../../../lib/api-client';
import { useUploadClaimAttachmentMutation } from '../api/upload-claim-attachment';

const ACCEPTED_EXTENSIONS = new Set(ATTACHMENT_ACCEPT.split(',').filter((entry) => entry.startsWith('.')));

export type QueuedFile = QueuedUpload<{ kind: AttachmentKind }, Attachment>;

/** What the browser can tell before sending (its name and size); the server checks the content. */
function problemWith(file: File, maxBytes: number): string | null {
  const extension = fileExtension(file.name);
  if (extension && !ACCEPTED_EXTENSIONS.has(extension)) return UNSUPPORTED_TYPE_MESSAGE;
  if (file.size > maxBytes) return fileTooLargeMessage(maxBytes);
  if (file.size === 0) return 'The file is empty';
  return null;
}

/** The server's answers about the file itself (too large, not a type it takes): the same bytes would get them again. */
const REFUSED_FILE_STATUSES = new Set<number>([
  ERROR_STATUS.payload_too_large,
  ERROR_STATUS.unsupported_media_type,
]);

/**
 * Files chosen for a claim and their uploads (the shared upload queue): each gets a kind (inferred,
 * changeable) and is sent when the person uploads. Uploaded files leave the queue (the list shows them);
 * failed ones stay with the server's message until retried or removed, refused ones until removed.
 */
export function useAttachmentUploads(claimId: string, maxBytes: number) {
  const { mutateAsync } = useUploadClaimAttachmentMutation();
  const uploads = useUploadQueue<{ kind: AttachmentKind }, Attachment>({
    check: (file) => problemWith(file, maxBytes),
    describe: (file) => ({ kind: inferAttachmentKind(file.name, file.type) }),
    upload: (item, transfer) => mutateAsync({ claimId, file: item.file, kind: item.kind, ...transfer }),
    isRefusal: (error) => error instanceof ApiError && REFUSED_FILE_STATUSES.has(error.status),
  });
  return {
    ...uploads,
    setKind: (key: string, kind: AttachmentKind) => uploads.change(key, { kind }),
  };
}
