import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Claim, Note } from '@shared/claims';

import { apiRequest } from '../../../lib/api-client';
import { useSubmissionKey } from '../../../lib/submission-key';
import { claimQueryKey } from './get-claim';
import { claimNotesQueryKey } from './get-claim-notes';

export type AddClaimNoteInput = { id: string; body: string };

export async function addClaimNote({ id, body }: AddClaimNoteInput, idempotencyKey?: string): Promise<Note> {
  const res = await apiRequest(
    'POST',
    `/api/vehicles/${encodeURIComponent(id)}/notes`,
    { body },
    { idempotencyKey },
  );
  return (await res.json()) as Note;
}

/**
 * Adds a note; it shows at the end of the list at once. The server makes the author a watcher of the claim,
 * so the Watch toggle says so too.
 */
export function useAddClaimNoteMutation() {
  const client = useQueryClient();
  return useMutation<Note, Error, AddClaimNoteInput>({
    mutationFn: useSubmissionKey(addClaimNote),
    onSuccess: (note, { id }) => {
      client.setQueryData<Note[]>(claimNotesQueryKey(id), (notes) => (notes ? [...notes, note] : [note]));
      client.setQueryData<Claim>(claimQueryKey(id), (claim) =>
        claim ? { ...claim, watching: true } : claim,
      );
      void client.invalidateQueries({ queryKey: claimNotesQueryKey(id) });
    },
  });
}
