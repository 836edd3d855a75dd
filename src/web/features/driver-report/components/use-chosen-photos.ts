import { useCallback, useEffect, useRef, useState } from 'react';
import { DRIVER_REPORT_PHOTOS_FULL_MESSAGE, DRIVER_REPORT_PHOTOS_MAX } from '@shared/driver-reports';

/** A photo the driver chose, with the address its thumbnail is drawn from. */
export interface ChosenPhoto {
  id: string;
  file: File;
  url: string;
}

let nextId = 0;

/**
 * The photos chosen for the report, at most DRIVER_REPORT_PHOTOS_MAX; choosing more keeps the first ones and says
 * why. Each thumbnail's object URL is freed when its photo is removed or the page goes.
 */
export function useChosenPhotos() {
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  // The list as the callbacks see it, changed together with the state: two choices in a row both count.
  const latest = useRef<ChosenPhoto[]>([]);
  const update = useCallback((next: ChosenPhoto[]) => {
    latest.current = next;
    setPhotos(next);
  }, []);

  useEffect(() => {
    const chosen = latest;
    return () => chosen.current.forEach((photo) => URL.revokeObjectURL(photo.url));
  }, []);

  const add = useCallback(
    (files: Iterable<File>) => {
      const chosen = [...files];
      const room = DRIVER_REPORT_PHOTOS_MAX - latest.current.length;
      const added = chosen.slice(0, Math.max(0, room)).map((file) => ({
        id: `photo-${++nextId}`,
        file,
        url: URL.createObjectURL(file),
      }));
      setNotice(chosen.length > added.length ? DRIVER_REPORT_PHOTOS_FULL_MESSAGE : null);
      update([...latest.current, ...added]);
    },
    [update],
  );

  const remove = useCallback(
    (id: string) => {
      const photo = latest.current.find((candidate) => candidate.id === id);
      if (photo) URL.revokeObjectURL(photo.url);
      setNotice(null);
      update(latest.current.filter((candidate) => candidate.id !== id));
    },
    [update],
  );

  return { photos, notice, add, remove };
}
