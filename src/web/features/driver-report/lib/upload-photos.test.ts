import { describe, expect, it, vi } from 'vitest';

import { ApiError, NetworkError } from '../../../lib/api-error';
import { createPhotoQueue, PHOTO_RETRY_DELAYS_MS, type PhotoUploadState } from './upload-photos';

/** A queue whose sends answer from `answers` (per photo, in order; a missing answer succeeds), waiting for nothing. */
function queueWith(answers: Record<string, (Error | undefined)[]>) {
  const calls: string[] = [];
  const states: [string, PhotoUploadState['state']][] = [];
  const last = new Map<string, PhotoUploadState>();
  const delay = vi.fn(async (_ms: number) => {});
  const queue = createPhotoQueue({
    send: async (id) => {
      calls.push(id);
      const error = answers[id]?.shift();
      if (error) throw error;
    },
    onChange: (id, state) => {
      states.push([id, state.state]);
      last.set(id, state);
    },
    delay,
  });
  return { queue, calls, states, last, delay };
}

describe('photo upload queue', () => {
  it('tries a photo again after a 503, waiting longer each time, until it is sent', async () => {
    const unavailable = () => new ApiError(503, 'Service unavailable');
    const { queue, calls, states, delay } = queueWith({
      a: [unavailable(), new NetworkError(), unavailable()],
    });
    await queue.enqueue(['a']);
    expect(calls).toEqual(['a', 'a', 'a', 'a']);
    expect(delay.mock.calls.map(([ms]) => ms)).toEqual([...PHOTO_RETRY_DELAYS_MS]);
    expect(states).toEqual([
      ['a', 'waiting'],
      ['a', 'sending'],
      ['a', 'sent'],
    ]);
  });

  it('gives up after four attempts that all failed on the server', async () => {
    const { queue, calls, last } = queueWith({
      a: Array.from({ length: 5 }, () => new ApiError(502, 'Bad gateway')),
    });
    await queue.enqueue(['a']);
    expect(calls).toHaveLength(4);
    expect(last.get('a')).toEqual({ state: 'failed', message: 'Bad gateway' });
  });

  it('does not try a refused photo again (415), and says why', async () => {
    const { queue, calls, last, delay } = queueWith({
      a: [new ApiError(415, 'A driver’s report takes photos only')],
    });
    await queue.enqueue(['a']);
    expect(calls).toEqual(['a']);
    expect(delay).not.toHaveBeenCalled();
    expect(last.get('a')).toEqual({ state: 'failed', message: 'A driver’s report takes photos only' });
  });

  it('goes on with the next photo after one failed for good, one at a time', async () => {
    const { queue, calls, states } = queueWith({
      a: [new ApiError(410, 'This report no longer takes photos.')],
    });
    await queue.enqueue(['a', 'b', 'c']);
    expect(calls).toEqual(['a', 'b', 'c']);
    expect(states).toEqual([
      ['a', 'waiting'],
      ['b', 'waiting'],
      ['c', 'waiting'],
      ['a', 'sending'],
      ['a', 'failed'],
      ['b', 'sending'],
      ['b', 'sent'],
      ['c', 'sending'],
      ['c', 'sent'],
    ]);
  });

  it('sends a failed photo again on retry, after the ones already waiting', async () => {
    const { queue, calls, last } = queueWith({ a: [new ApiError(409, 'Full')] });
    await queue.enqueue(['a']);
    expect(last.get('a')?.state).toBe('failed');
    const first = queue.enqueue(['b']);
    const again = queue.retry('a');
    expect(again).toBe(first);
    await again;
    expect(calls).toEqual(['a', 'b', 'a']);
    expect(last.get('a')).toEqual({ state: 'sent' });
  });
});
