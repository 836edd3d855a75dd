import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AttachmentList } from '@shared/attachments';

import { ApiError, apiRequest } from '../../../lib/api-client';
import { claimAttachmentsQueryKey } from './get-claim-attachments';

export type DeleteAttachmentInput = { id: string; claimId: string };

export async function deleteAttachment({ id }: DeleteAttachmentInput): Promise<void> {
  await apiRequest('DELETE', `/api/attachments/${encodeURIComponent(id)}`);
}

/** Deletes a file; a 404 means someone else already did, so it leaves the list either way. */
export function useDeleteAttachmentMutation() {
  const client = useQueryClient();
  const drop = ({ id, claimId }: DeleteAttachmentInput) =>
    client.setQueryData<AttachmentList>(claimAttachmentsQueryKey(claimId), (list) =>
      list ? { ...list, items: list.items.filter((item) => item.id !== id) } : list,
    );
  return useMutation<void, Error, DeleteAttachmentInput>({
    mutationFn: deleteAttachment,
    onSuccess: (_result, input) => drop(input),
    onError: (error, input) => {
      if (error instanceof ApiError && error.status === 404) drop(input);
    },
  });
}
