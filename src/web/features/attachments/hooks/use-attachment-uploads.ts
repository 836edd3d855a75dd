import {
  inferAttachmentKind,
  REFUSED_UPLOAD_STATUSES,
  uploadProblem,
  type Attachment,
  type AttachmentKind,
} from '@shared/attachments';

import { useUploadQueue, type QueuedUpload } from '../../../hooks/use-upload-queue';
import { ApiError } from '../../../lib/api-client';
import { useUploadClaimAttachmentMutation } from '../api/upload-claim-attachment';

export type QueuedFile = QueuedUpload<{ kind: AttachmentKind }, Attachment>;

/**
 * Files chosen for a claim and their uploads (the shared upload queue): each gets a kind (inferred,
 * changeable) and is sent when the person uploads. Uploaded files leave the queue (the list shows them);
 * failed ones stay with the server's message until retried or removed, refused ones until removed.
 */
export function useAttachmentUploads(claimId: string, maxBytes: number) {
  const { mutateAsync } = useUploadClaimAttachmentMutation();
  const uploads = useUploadQueue<{ kind: AttachmentKind }, Attachment>({
    check: (file) => uploadProblem(file, maxBytes),
    describe: (file) => ({ kind: inferAttachmentKind(file.name, file.type) }),
    upload: (item, transfer) => mutateAsync({ claimId, file: item.file, kind: item.kind, ...transfer }),
    isRefusal: (error) => error instanceof ApiError && REFUSED_UPLOAD_STATUSES.has(error.status),
  });
  return {
    ...uploads,
    setKind: (key: string, kind: AttachmentKind) => uploads.change(key, { kind }),
  };
}
