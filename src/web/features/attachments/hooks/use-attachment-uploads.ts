import { useCallback, useEffect, useRef, useState } from 'react';
import {
  ATTACHMENT_ACCEPT,
  fileExtension,
  fileTooLargeMessage,
  inferAttachmentKind,
  UNSUPPORTED_TYPE_MESSAGE,
  type AttachmentKind,
} from '@shared/attachments';
import { ERROR_STATUS } from '@shared/errors';

import { ApiError } from '../../../lib/api-client';
import { useUploadClaimAttachmentMutation } from '../api/upload-claim-attachment';

/** Files sent at once; more would only share the same connection. */
const PARALLEL_UPLOADS = 2;
const ACCEPTED_EXTENSIONS = new Set(ATTACHMENT_ACCEPT.split(',').filter((entry) => entry.startsWith('.')));

export type QueuedFile = {
  key: string;
  file: File;
  kind: AttachmentKind;
  /**
   * ready: waiting to be sent; failed: the upload broke off or the server could not take it then (retry);
   * refused: the browser or the server found the file itself unacceptable, so sending it again cannot help.
   */
  state: 'ready' | 'uploading' | 'failed' | 'refused';
  /** Share sent, 0 to 1. */
  progress: number;
  error: string | null;
};

/** What the browser can tell before sending (its name and size); the server checks the content. */
function problemWith(file: File, maxBytes: number): string | null {
  const extension = fileExtension(file.name);
  if (extension && !ACCEPTED_EXTENSIONS.has(extension)) return UNSUPPORTED_TYPE_MESSAGE;
  if (file.size > maxBytes) return fileTooLargeMessage(maxBytes);
  if (file.size === 0) return 'The file is empty';
  return null;
}

/** The server's answers about the file itself (too large, not a type it takes): the same bytes would get them again. */
const REFUSED_FILE_STATUSES = new Set<number>([
  ERROR_STATUS.payload_too_large,
  ERROR_STATUS.unsupported_media_type,
]);

let nextKey = 0;

/**
 * Files chosen for a claim and their uploads: each gets a kind (inferred, changeable) and is sent on its
 * own request with its own progress, two at a time. Uploaded files leave the queue (the list shows them);
 * failed ones stay with the server's message until retried or removed, refused ones until removed.
 */
export function useAttachmentUploads(claimId: string, maxBytes: number) {
  const [queue, setQueue] = useState<QueuedFile[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const { mutateAsync } = useUploadClaimAttachmentMutation();

  const update = useCallback((key: string, change: Partial<QueuedFile>) => {
    setQueue((items) => items.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const add = useCallback(
    (files: Iterable<File>) => {
      const added = [...files].map((file): QueuedFile => {
        const error = problemWith(file, maxBytes);
        return {
          key: `upload-${++nextKey}`,
          file,
          kind: inferAttachmentKind(file.name, file.type),
          state: error ? 'refused' : 'ready',
          progress: 0,
          error,
        };
      });
      setQueue((items) => [...items, ...added]);
    },
    [maxBytes],
  );

  const remove = useCallback((key: string) => {
    controllers.current.get(key)?.abort();
    setQueue((items) => items.filter((item) => item.key !== key));
  }, []);

  const setKind = useCallback((key: string, kind: AttachmentKind) => update(key, { kind }), [update]);

  /** Sends one file; true when it was stored. */
  const send = useCallback(
    async (item: QueuedFile): Promise<boolean> => {
      const controller = new AbortController();
      controllers.current.set(item.key, controller);
      update(item.key, { state: 'uploading', progress: 0, error: null });
      try {
        await mutateAsync({
          claimId,
          file: item.file,
          kind: item.kind,
          signal: controller.signal,
          onProgress: (progress) => update(item.key, { progress }),
        });
        setQueue((items) => items.filter((queued) => queued.key !== item.key));
        return true;
      } catch (error) {
        // A cancelled upload was removed from the queue by whoever cancelled it.
        if (!controller.signal.aborted) {
          const refused = error instanceof ApiError && REFUSED_FILE_STATUSES.has(error.status);
          update(item.key, { state: refused ? 'refused' : 'failed', error: (error as Error).message });
        }
        return false;
      } finally {
        controllers.current.delete(item.key);
      }
    },
    [claimId, mutateAsync, update],
  );

  /** Sends every waiting or failed file; answers how many were stored and how many were tried. */
  const uploadAll = useCallback(async () => {
    const pending = queue.filter((item) => item.state === 'ready' || item.state === 'failed');
    let stored = 0;
    let next = 0;
    const worker = async () => {
      while (next < pending.length) {
        const item = pending[next++]!;
        if (await send(item)) stored++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, pending.length) }, worker));
    return { stored, tried: pending.length };
  }, [queue, send]);

  const uploading = queue.some((item) => item.state === 'uploading');

  // Closing or reloading the tab would cut the uploads off; the browser asks first.
  useEffect(() => {
    if (!uploading) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [uploading]);

  return { queue, add, remove, setKind, send, uploadAll, uploading };
}
