import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Files sent at once; more would only share the same connection. */
const PARALLEL_UPLOADS = 2;

/**
 * ready: added, not sent yet; queued: waiting its turn to be sent; uploading: on its way; done: stored (kept
 * with the server's answer when the queue keeps uploaded files); failed: the request broke off or the server
 * could not take it then (retry); refused: the browser or the server found the file itself unacceptable, so
 * sending it again cannot help.
 */
export type UploadState = 'ready' | 'queued' | 'uploading' | 'done' | 'failed' | 'refused';

export type QueuedUpload<Meta extends object, Result> = Meta & {
  key: string;
  file: File;
  state: UploadState;
  /** Share sent, 0 to 1. */
  progress: number;
  result: Result | null;
  error: string | null;
};

export interface UploadQueueOptions<Meta extends object, Result> {
  /** What the browser can tell before sending (name, size); a message refuses the file. */
  check: (file: File) => string | null;
  /** What each file starts with beside its state (an attachment's kind). */
  describe: (file: File) => Meta;
  /** Sends one file with its own progress; cancelled through `signal`. */
  upload: (
    item: QueuedUpload<Meta, Result>,
    transfer: { signal: AbortSignal; onProgress: (progress: number) => void },
  ) => Promise<Result>;
  /** An error about the file itself (too large, not a type the server takes): the same bytes would get it again. */
  isRefusal?: (error: unknown) => boolean;
  /** Keep uploaded files in the list with the server's answer (else they leave it: the page lists them). */
  keepUploaded?: boolean;
  /** Newly added files go on top of the list (else at the end). */
  newestFirst?: boolean;
}

let nextKey = 0;

/**
 * Files chosen or dropped and their uploads, for every upload panel: each file is sent on its own request
 * with its own progress, two at a time, in the order they were queued. A panel queues files as they are added
 * (`add(files, { send: true })`) or when asked (`sendAll`). The browser asks before a reload cuts uploads off.
 */
export function useUploadQueue<Meta extends object, Result>(options: UploadQueueOptions<Meta, Result>) {
  type Item = QueuedUpload<Meta, Result>;
  const [queue, setQueue] = useState<Item[]>([]);
  // The list as the callbacks see it (a worker reads a file's latest kind when its turn comes); the state
  // renders it. Both change together, only through `edit`.
  const latest = useRef<Item[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const waiting = useRef<Array<{ key: string; done: (stored: boolean) => void }>>([]);
  const running = useRef(0);
  const current = useRef(options);
  useLayoutEffect(() => {
    current.current = options;
  });

  const edit = useCallback((change: (items: Item[]) => Item[]) => {
    latest.current = change(latest.current);
    setQueue(latest.current);
  }, []);

  const update = useCallback(
    (key: string, change: Partial<Item>) =>
      edit((items) => items.map((item) => (item.key === key ? { ...item, ...change } : item))),
    [edit],
  );

  /** Sends one file as it is in the list now; true when it was stored. */
  const send = useCallback(
    async (key: string): Promise<boolean> => {
      const item = latest.current.find((queued) => queued.key === key);
      if (!item) return false; // removed while it waited
      const { upload, isRefusal, keepUploaded } = current.current;
      const controller = new AbortController();
      controllers.current.set(key, controller);
      update(key, { state: 'uploading', progress: 0, error: null } as Partial<Item>);
      try {
        const result = await upload(item, {
          signal: controller.signal,
          onProgress: (progress) => update(key, { progress } as Partial<Item>),
        });
        if (keepUploaded) update(key, { state: 'done', progress: 1, result } as Partial<Item>);
        else edit((items) => items.filter((queued) => queued.key !== key));
        return true;
      } catch (error) {
        // A cancelled upload was removed from the list by whoever cancelled it.
        if (!controller.signal.aborted) {
          const state = isRefusal?.(error) ? 'refused' : 'failed';
          update(key, { state, error: (error as Error).message } as Partial<Item>);
        }
        return false;
      } finally {
        controllers.current.delete(key);
      }
    },
    [edit, update],
  );

  /** Starts workers (two at most) that send the queued files one after another. */
  const pump = useCallback(() => {
    const worker = async () => {
      running.current++;
      try {
        for (let next = waiting.current.shift(); next; next = waiting.current.shift()) {
          next.done(await send(next.key));
        }
      } finally {
        running.current--;
      }
    };
    const starting = Math.min(PARALLEL_UPLOADS - running.current, waiting.current.length);
    for (let index = 0; index < starting; index++) void worker();
  }, [send]);

  /** Queues files to be sent; answers, once each is sent, whether it was stored. */
  const enqueue = useCallback(
    (keys: string[]) => {
      const sent = keys.map(
        (key) =>
          new Promise<boolean>((done) => {
            waiting.current.push({ key, done });
          }),
      );
      const queued = new Set(keys);
      edit((items) =>
        items.map((item) =>
          queued.has(item.key) ? { ...item, state: 'queued', progress: 0, error: null } : item,
        ),
      );
      pump();
      return Promise.all(sent);
    },
    [edit, pump],
  );

  const add = useCallback(
    (files: Iterable<File>, { send: sendNow = false }: { send?: boolean } = {}) => {
      const { check, describe, newestFirst } = current.current;
      const added = [...files].map((file): Item => {
        const error = check(file);
        return {
          ...describe(file),
          key: `upload-${++nextKey}`,
          file,
          state: error ? 'refused' : 'ready',
          progress: 0,
          result: null,
          error,
        };
      });
      edit((items) => (newestFirst ? [...added, ...items] : [...items, ...added]));
      if (sendNow) void enqueue(added.filter((item) => item.state === 'ready').map((item) => item.key));
    },
    [edit, enqueue],
  );

  /** Sends every file added or failed; answers how many were stored and how many were tried. */
  const sendAll = useCallback(async () => {
    const keys = latest.current
      .filter((item) => item.state === 'ready' || item.state === 'failed')
      .map((item) => item.key);
    const sent = await enqueue(keys);
    return { stored: sent.filter(Boolean).length, tried: keys.length };
  }, [enqueue]);

  const retry = useCallback((key: string) => void enqueue([key]), [enqueue]);

  const remove = useCallback(
    (key: string) => {
      controllers.current.get(key)?.abort();
      waiting.current = waiting.current.filter((entry) => {
        if (entry.key === key) entry.done(false);
        return entry.key !== key;
      });
      edit((items) => items.filter((item) => item.key !== key));
    },
    [edit],
  );

  const change = useCallback(
    (key: string, meta: Partial<Meta>) => update(key, meta as Partial<Item>),
    [update],
  );

  const clearFinished = useCallback(() => {
    edit((items) => items.filter((item) => item.state === 'uploading' || item.state === 'queued'));
  }, [edit]);

  const uploading = queue.some((item) => item.state === 'uploading' || item.state === 'queued');

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

  return { queue, add, sendAll, retry, remove, change, clearFinished, uploading };
}
