import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Attachment, AttachmentKind, AttachmentList } from '@shared/attachments';

import { uploadWithProgress } from '../../../lib/api-client';
import { claimAttachmentsQueryKey } from './get-claim-attachments';

export type UploadClaimAttachmentInput = {
  claimId: string;
  file: File;
  kind: AttachmentKind;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/** `POST /api/vehicles/{id}/attachments`: one file with its kind (sent first), reporting progress. */
export async function uploadClaimAttachment({
  claimId,
  file,
  kind,
  onProgress,
  signal,
}: UploadClaimAttachmentInput): Promise<Attachment> {
  const body = new FormData();
  body.append('kind', kind);
  body.append('file', file);
  const res = await uploadWithProgress(`/api/vehicles/${encodeURIComponent(claimId)}/attachments`, body, {
    onProgress,
    signal,
  });
  return (await res.json()) as Attachment;
}

/** Uploads a file; it joins the top of the claim's list at once. */
export function useUploadClaimAttachmentMutation() {
  const client = useQueryClient();
  return useMutation<Attachment, Error, UploadClaimAttachmentInput>({
    mutationFn: uploadClaimAttachment,
    onSuccess: (attachment, { claimId }) => {
      client.setQueryData<AttachmentList>(claimAttachmentsQueryKey(claimId), (list) =>
        list && !list.items.some((item) => item.id === attachment.id)
          ? { ...list, items: [attachment, ...list.items] }
          : list,
      );
    },
  });
}
