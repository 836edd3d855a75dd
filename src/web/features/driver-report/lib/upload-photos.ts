import { ApiError, NetworkError } from '../../../lib/api-error';

/**
 * The photos of a sent driver's report go up one at a time (a phone in a car park has a weak connection): each is
 * tried up to `PHOTO_ATTEMPTS` times while the failure may pass (no connection, a 5xx), waiting longer each time; an
 * answer that will not change (410 window closed, 409 full, 415 not a photo) fails it at once. A failed photo does
 * not stop the others, and may be sent again with `retry`.
 */

export const PHOTO_ATTEMPTS = 4;
/** The waits before the 2nd, 3rd and 4th attempts. */
export const PHOTO_RETRY_DELAYS_MS = [1000, 2000, 4000] as const;

export type PhotoUploadState =
  { state: 'waiting' } | { state: 'sending' } | { state: 'sent' } | { state: 'failed'; message: string };

/** Whether trying again may succeed: the request got no answer, or the server failed on its side. */
export function isPassingFailure(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  return error instanceof ApiError && error.status >= 500;
}

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `send`, tried again after each passing failure until `attempts` were made. */
export async function sendWithRetry(
  send: () => Promise<void>,
  {
    delay = wait,
    attempts = PHOTO_ATTEMPTS,
  }: { delay?: (ms: number) => Promise<void>; attempts?: number } = {},
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      if (attempt >= attempts || !isPassingFailure(error)) throw error;
      await delay(PHOTO_RETRY_DELAYS_MS[Math.min(attempt, PHOTO_RETRY_DELAYS_MS.length) - 1]!);
    }
  }
}

const failureMessage = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'The photo could not be sent';

/**
 * A queue sending photos (named by `id`) one at a time. `onChange` hears each photo's state as it changes;
 * `enqueue` and `retry` give the promise of the queue's run, which ends once nothing is left to send.
 */
export function createPhotoQueue({
  send,
  onChange,
  delay = wait,
  attempts = PHOTO_ATTEMPTS,
}: {
  send: (id: string) => Promise<void>;
  onChange: (id: string, state: PhotoUploadState) => void;
  delay?: (ms: number) => Promise<void>;
  attempts?: number;
}) {
  const pending: string[] = [];
  let running: Promise<void> | undefined;

  async function drain() {
    // Starts once `enqueue` has kept this run, and forgets it in the same step as it finds nothing left to send.
    await Promise.resolve();
    try {
      for (let id = pending.shift(); id !== undefined; id = pending.shift()) {
        const current = id;
        onChange(current, { state: 'sending' });
        try {
          await sendWithRetry(() => send(current), { delay, attempts });
          onChange(current, { state: 'sent' });
        } catch (error) {
          onChange(current, { state: 'failed', message: failureMessage(error) });
        }
      }
    } finally {
      running = undefined;
    }
  }

  function enqueue(ids: readonly string[]): Promise<void> {
    for (const id of ids) {
      if (pending.includes(id)) continue;
      pending.push(id);
      onChange(id, { state: 'waiting' });
    }
    running ??= drain();
    return running;
  }

  return { enqueue, retry: (id: string) => enqueue([id]) };
}
