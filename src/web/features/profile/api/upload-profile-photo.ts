import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@shared/auth';
import { CURRENT_USER_QUERY_KEY } from '@shared/constants';

import { uploadWithProgress } from '../../../lib/api-client';

export type UploadProfilePhotoInput = {
  file: File;
  /** Called as the upload goes, with the share sent so far (0 to 1). */
  onProgress?: (fraction: number) => void;
};

/** `POST /api/user/photo` as multipart/form-data with one `photo` field, reporting progress. */
export async function uploadProfilePhoto({ file, onProgress }: UploadProfilePhotoInput): Promise<User> {
  const body = new FormData();
  body.append('photo', file);
  const res = await uploadWithProgress('/api/user/photo', body, { onProgress });
  return (await res.json()) as User;
}

export function useUploadProfilePhotoMutation() {
  const client = useQueryClient();
  return useMutation<User, Error, UploadProfilePhotoInput>({
    mutationFn: uploadProfilePhoto,
    onSuccess: (user) => client.setQueryData(CURRENT_USER_QUERY_KEY, user),
  });
}
