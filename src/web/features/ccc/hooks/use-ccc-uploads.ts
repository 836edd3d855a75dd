import { useCallback, useEffect, useRef, useState } from 'react';
import type { CccImport } from '@shared/ccc';

import { useUploadCccFileMutation } from '../api/ccc-api';

/** Files sent at once; more would only share the same connection. */
const PARALLEL_UPLOADS = 2;

export type CccQueuedFile = {
  key: string;
  file: File;
  /**
   * ready: waiting to be sent; uploading: on its way; done: the server logged it (whatever the result);
   * failed: the request broke off or was refused (retry); refused: the browser can tell it is no estimate file.
   */
  state: 'ready' | 'uploading' | 'done' | 'failed' | 'refused';
  progress: number;
  result: CccImport | null;
  error: string | null;
};

/** What the browser can tell before sending; the server reads the content. */
function problemWith(file: File, maxBytes: number | null): string | null {
  if (!file.name.toLowerCase().endsWith('.xml')) return 'Not a CCC estimate file: choose .xml files';
  if (file.size === 0) return 'The file is empty';
  if (maxBytes !== null && file.size > maxBytes)
    return `The file is too large: the limit is ${maxBytes.toLocaleString('en-US')} bytes`;
  return null;
}

let nextKey = 0;

/**
 * CCC files chosen or dropped and their uploads: each is sent on its own request with its own progress,
 * two at a time, as soon as it is added. Every file that reached the server stays in the list with what
 * became of it (imported, supplement, duplicate, held, unmatched, rejected) until the list is cleared.
 */
export function useCccUploads(maxBytes: number | null) {
  const [queue, setQueue] = useState<CccQueuedFile[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const waiting = useRef<CccQueuedFile[]>([]);
  const running = useRef(0);
  const { mutateAsync } = useUploadCccFileMutation();

  const update = useCallback((key: string, change: Partial<CccQueuedFile>) => {
    setQueue((items) => items.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const send = useCallback(
    async (item: CccQueuedFile) => {
      const controller = new AbortController();
      controllers.current.set(item.key, controller);
      update(item.key, { state: 'uploading', progress: 0, error: null });
      try {
        const result = await mutateAsync({
          file: item.file,
          signal: controller.signal,
          onProgress: (progress) => update(item.key, { progress }),
        });
        update(item.key, { state: 'done', progress: 1, result });
      } catch (error) {
        if (!controller.signal.aborted)
          update(item.key, { state: 'failed', error: (error as Error).message });
      } finally {
        controllers.current.delete(item.key);
      }
    },
    [mutateAsync, update],
  );

  /** Starts workers (two at most) that send the waiting files one after another. */
  const pump = useCallback(() => {
    const worker = async () => {
      running.current++;
      try {
        for (let item = waiting.current.shift(); item; item = waiting.current.shift()) await send(item);
      } finally {
        running.current--;
      }
    };
    const starting = Math.min(PARALLEL_UPLOADS - running.current, waiting.current.length);
    for (let index = 0; index < starting; index++) void worker();
  }, [send]);

  const add = useCallback(
    (files: Iterable<File>) => {
      const added = [...files].map((file): CccQueuedFile => {
        const error = problemWith(file, maxBytes);
        return {
          key: `ccc-upload-${++nextKey}`,
          file,
          state: error ? 'refused' : 'ready',
          progress: 0,
          result: null,
          error,
        };
      });
      setQueue((items) => [...added, ...items]);
      waiting.current.push(...added.filter((item) => item.state === 'ready'));
      pump();
    },
    [maxBytes, pump],
  );

  const retry = useCallback(
    (item: CccQueuedFile) => {
      update(item.key, { state: 'ready', error: null, progress: 0 });
      waiting.current.push(item);
      pump();
    },
    [pump, update],
  );

  const remove = useCallback((key: string) => {
    controllers.current.get(key)?.abort();
    waiting.current = waiting.current.filter((item) => item.key !== key);
    setQueue((items) => items.filter((item) => item.key !== key));
  }, []);

  const clearFinished = useCallback(() => {
    setQueue((items) => items.filter((item) => item.state === 'uploading' || item.state === 'ready'));
  }, []);

  const uploading = queue.some((item) => item.state === 'uploading' || item.state === 'ready');

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

  return { queue, add, retry, remove, clearFinished, uploading };
}
