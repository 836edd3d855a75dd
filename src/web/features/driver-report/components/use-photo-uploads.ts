import { useCallback, useEffect, useRef, useState } from 'react';

import { sendReportPhoto } from '../api/report-link';
import { resizePhoto, sentPhotoName } from '../lib/resize-photo';
import { createPhotoQueue, type PhotoUploadState } from '../lib/upload-photos';
import type { ChosenPhoto } from './use-chosen-photos';

/**
 * The photos of a sent report on their way, one at a time: each resized on the phone first (once, however often it is
 * tried), then sent with the report's upload key. While any is still to go, closing the page asks first.
 */
export function usePhotoUploads() {
  const [states, setStates] = useState<Record<string, PhotoUploadState>>({});
  const queue = useRef<ReturnType<typeof createPhotoQueue> | null>(null);

  const start = useCallback((uploadKey: string, photos: readonly ChosenPhoto[]) => {
    const files = new Map(photos.map((photo) => [photo.id, photo.file]));
    const resized = new Map<string, Blob>();
    queue.current = createPhotoQueue({
      send: async (id) => {
        const file = files.get(id)!;
        let photo = resized.get(id);
        if (!photo) {
          photo = await resizePhoto(file);
          resized.set(id, photo);
        }
        await sendReportPhoto(uploadKey, photo, sentPhotoName(file, photo));
      },
      onChange: (id, state) => setStates((current) => ({ ...current, [id]: state })),
    });
    void queue.current.enqueue(photos.map((photo) => photo.id));
  }, []);

  const retry = useCallback((id: string) => void queue.current?.retry(id), []);

  const busy = Object.values(states).some(
    (upload) => upload.state === 'waiting' || upload.state === 'sending',
  );
  useEffect(() => {
    if (!busy) return;
    const askFirst = (leaving: BeforeUnloadEvent) => {
      leaving.preventDefault();
      // Older browsers need a return value to show their prompt.
      leaving.returnValue = '';
    };
    window.addEventListener('beforeunload', askFirst);
    return () => window.removeEventListener('beforeunload', askFirst);
  }, [busy]);

  return { states, start, retry };
}
