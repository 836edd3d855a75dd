import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ManagedUser, UpdateUserRequest } from '@shared/users';

import { apiRequest } from '../../../lib/api-client';

export type UpdateUserInput = { id: string; changes: UpdateUserRequest };

export async function updateUser({ id, changes }: UpdateUserInput): Promise<ManagedUser> {
  const res = await apiRequest('PATCH', `/api/users/${encodeURIComponent(id)}`, changes);
  return (await res.json()) as ManagedUser;
}

/** Edits, deactivations and reactivations; each caller words its own toasts. */
export function useUpdateUserMutation() {
  const client = useQueryClient();
  return useMutation<ManagedUser, Error, UpdateUserInput>({
    mutationFn: updateUser,
    onSuccess: () => client.invalidateQueries({ queryKey: ['/api/users'] }),
  });
}
