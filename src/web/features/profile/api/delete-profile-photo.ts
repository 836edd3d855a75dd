import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@shared/auth';
import { CURRENT_USER_QUERY_KEY } from '@shared/constants';

import { apiRequest } from '../../../lib/api-client';

export async function deleteProfilePhoto(): Promise<User> {
  const res = await apiRequest('DELETE', '/api/user/photo');
  return (await res.json()) as User;
}

export function useDeleteProfilePhotoMutation() {
  const client = useQueryClient();
  return useMutation<User, Error>({
    mutationFn: deleteProfilePhoto,
    onSuccess: (user) => client.setQueryData(CURRENT_USER_QUERY_KEY, user),
  });
}
