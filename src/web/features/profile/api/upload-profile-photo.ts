import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@shared/auth';
import { CURRENT_USER_QUERY_KEY } from '@shared/constants';

import { ApiError, NetworkError } from '../../../lib/api-client';
import { apiErrorFromResponse } from '../../../lib/api-error';
import { cachedUser, expireSession } from '../../../lib/session-expiry';

export type UploadProfilePhotoInput = {
  file: File;
  /** Called as the upload goes, with the share sent so far (0 to 1). */
  onProgress?: (fraction: number) => void;
};

/**
 * `POST /api/user/photo` as multipart/form-data with one `photo` field. XMLHttpRequest rather than fetch:
 * only it reports upload progress. Failures become the same errors `apiRequest` throws.
 */
export function uploadProfilePhoto({ file, onProgress }: UploadProfilePhotoInput): Promise<User> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/user/photo');
    xhr.withCredentials = true;
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      const res = new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText });
      if (res.ok) {
        onProgress?.(1);
        res.json().then((user) => resolve(user as User), reject);
      } else {
        apiErrorFromResponse(res).then(reject, reject);
      }
    });
    xhr.addEventListener('error', () => reject(new NetworkError()));
    xhr.addEventListener('abort', () => reject(new NetworkError()));
    const body = new FormData();
    body.append('photo', file);
    xhr.send(body);
  });
}

export function useUploadProfilePhotoMutation() {
  const client = useQueryClient();
  return useMutation<User, Error, UploadProfilePhotoInput>({
    mutationFn: uploadProfilePhoto,
    onSuccess: (user) => client.setQueryData(CURRENT_USER_QUERY_KEY, user),
    onError: (error) => {
      // What apiRequest does for every other call: a 401 while signed in means the session ended.
      if (error instanceof ApiError && error.status === 401 && cachedUser(client) != null) {
        expireSession(client);
      }
    },
  });
}
