import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Attachment, AttachmentKind, AttachmentList } from '@shared/attachments';

import { apiRequest } from '../../../lib/api-client';
import { claimAttachmentsQueryKey } from './get-claim-attachments';

export type UpdateAttachmentInput = { id: string; claimId: string; kind: AttachmentKind };

export async function updateAttachment({ id, kind }: UpdateAttachmentInput): Promise<Attachment> {
  const res = await apiRequest('PATCH', `/api/attachments/${encodeURIComponent(id)}`, { kind });
  return (await res.json()) as Attachment;
}

/** Changes what a file is (photo, estimate, invoice, document). */
export function useUpdateAttachmentMutation() {
  const client = useQueryClient();
  return useMutation<Attachment, Error, UpdateAttachmentInput>({
    mutationFn: updateAttachment,
    onSuccess: (attachment, { claimId }) => {
      client.setQueryData<AttachmentList>(claimAttachmentsQueryKey(claimId), (list) =>
        list
          ? { ...list, items: list.items.map((item) => (item.id === attachment.id ? attachment : item)) }
          : list,
      );
    },
  });
}
