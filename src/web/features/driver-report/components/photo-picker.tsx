import { useId, useState, type ReactNode } from 'react';
import { CameraIcon, ImageIcon, XIcon } from 'lucide-react';
import { DRIVER_PHOTO_ACCEPT, DRIVER_REPORT_PHOTOS_MAX } from '@shared/driver-reports';

import { buttonVariants } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import type { ChosenPhoto } from './use-chosen-photos';

/** A chosen photo, small and square; one the browser cannot draw (a HEIC) shows its name instead. */
export function PhotoThumbnail({
  photo,
  label,
  children,
}: {
  photo: ChosenPhoto;
  label: string;
  children?: ReactNode;
}) {
  const [broken, setBroken] = useState(false);
  return (
    <div className="bg-muted relative aspect-square overflow-hidden rounded-md border">
      {broken ? (
        <div
          role="img"
          aria-label={label}
          className="text-muted-foreground grid size-full place-content-center justify-items-center gap-1 p-1 text-center text-xs"
        >
          <ImageIcon aria-hidden="true" className="size-5" />
          <span className="line-clamp-2 break-all">{photo.file.name}</span>
        </div>
      ) : (
        <img src={photo.url} alt={label} className="size-full object-cover" onError={() => setBroken(true)} />
      )}
      {children}
    </div>
  );
}

/**
 * The report's photos: a big "Add photos" button (the phone's camera or its photos), then the chosen ones, each with
 * a button taking it off again. They are sent once the report is.
 */
export function PhotoPicker({
  photos,
  notice,
  onAdd,
  onRemove,
}: {
  photos: readonly ChosenPhoto[];
  notice: string | null;
  onAdd: (files: FileList) => void;
  onRemove: (id: string) => void;
}) {
  const id = useId();
  const full = photos.length >= DRIVER_REPORT_PHOTOS_MAX;
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">
        Photos <span className="text-muted-foreground font-normal">(optional)</span>
      </legend>
      <input
        id={`${id}-input`}
        type="file"
        accept={DRIVER_PHOTO_ACCEPT}
        multiple
        capture="environment"
        className="peer sr-only"
        disabled={full}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          if (event.target.files?.length) onAdd(event.target.files);
          // The same photo may be chosen again after it was removed.
          event.target.value = '';
        }}
      />
      <label
        htmlFor={`${id}-input`}
        className={cn(
          buttonVariants({ variant: 'outline' }),
          'peer-focus-visible:border-ring peer-focus-visible:ring-ring/50 h-14 w-full cursor-pointer text-base peer-focus-visible:ring-[3px] peer-disabled:cursor-not-allowed peer-disabled:opacity-50',
        )}
      >
        <CameraIcon aria-hidden="true" className="size-5" />
        Add photos
      </label>
      <p id={`${id}-hint`} className="text-muted-foreground text-sm">
        Up to {DRIVER_REPORT_PHOTOS_MAX} photos: the damage close up, and the whole vehicle from a few steps
        back.
      </p>
      {notice && (
        <p role="status" className="text-destructive text-sm">
          {notice}
        </p>
      )}
      {photos.length > 0 && (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label="Chosen photos">
          {photos.map((photo, index) => (
            <li key={photo.id}>
              <PhotoThumbnail photo={photo} label={`Photo ${index + 1}`}>
                <button
                  type="button"
                  onClick={() => onRemove(photo.id)}
                  aria-label={`Remove photo ${index + 1}`}
                  className="bg-background/90 focus-visible:ring-ring/50 absolute top-1 right-1 grid size-9 place-content-center rounded-full border shadow-sm outline-none focus-visible:ring-[3px]"
                >
                  <XIcon aria-hidden="true" className="size-4" />
                </button>
              </PhotoThumbnail>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
