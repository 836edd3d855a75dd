import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@shared/auth';
import { CURRENT_USER_QUERY_KEY } from '@shared/constants';
import type { UpdateProfileRequest } from '@shared/users';

import { apiRequest } from '../../../lib/api-client';

export async function updateProfile(body: UpdateProfileRequest): Promise<User> {
  const res = await apiRequest('PATCH', '/api/user/profile', body);
  return (await res.json()) as User;
}

/** Saves the signed-in user's names and email; the answer is the new current user. */
export function useUpdateProfileMutation() {
  const client = useQueryClient();
  return useMutation<User, Error, UpdateProfileRequest>({
    mutationFn: updateProfile,
    onSuccess: (user) => client.setQueryData(CURRENT_USER_QUERY_KEY, user),
  });
}
