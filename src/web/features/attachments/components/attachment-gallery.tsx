import { useEffect, useState, type KeyboardEvent } from 'react';
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  DownloadIcon,
  ExternalLinkIcon,
  ImageOffIcon,
  Loader2Icon,
} from 'lucide-react';
import {
  ATTACHMENT_KIND_LABELS,
  attachmentPreview,
  formatFileSize,
  type Attachment,
} from '@shared/attachments';
import { actedByOrVia } from '@shared/claims';

import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { formatDateTime } from '../../../lib/format-relative-time';
import { downloadUrl } from './attachment-actions';

function PhotoDetails({ photo, position }: { photo: Attachment; position: string }) {
  return (
    <>
      {position}
      {` · ${ATTACHMENT_KIND_LABELS[photo.kind]} · ${formatFileSize(photo.sizeBytes)}`}
      {photo.width && photo.height ? ` · ${photo.width} × ${photo.height}` : ''}
      {` · Uploaded ${photo.uploadedBy || photo.via ? `by ${actedByOrVia(photo.uploadedBy, photo.impersonator, photo.via, '')} ` : ''}on ${formatDateTime(photo.createdAt)}`}
    </>
  );
}

/**
 * The claim's pictures, one at a time, large: ← and → (or the buttons) move between them, Escape closes.
 * The original file is shown (the browser turns it upright by its EXIF orientation); the next and previous
 * ones are fetched ahead so moving is instant.
 */
export function AttachmentGallery({
  photos,
  index,
  onIndexChange,
  onClose,
}: {
  photos: Attachment[];
  /** The photo shown; null when the gallery is closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const photo = index === null ? undefined : photos[Math.min(index, photos.length - 1)];
  const [loaded, setLoaded] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const count = photos.length;
  const current = photo ? photos.indexOf(photo) : -1;

  const step = (by: number) => {
    if (current < 0 || count < 2) return;
    onIndexChange((current + by + count) % count);
  };

  // The neighbours load in the background, so the arrow keys show them without waiting.
  useEffect(() => {
    if (current < 0 || count < 2) return;
    for (const neighbour of [photos[(current + 1) % count], photos[(current - 1 + count) % count]]) {
      if (neighbour && attachmentPreview(neighbour.contentType) === 'image') {
        new Image().src = neighbour.fileUrl;
      }
    }
  }, [current, count, photos]);

  // The last photo was deleted while the gallery was open.
  useEffect(() => {
    if (index !== null && count === 0) onClose();
  }, [index, count, onClose]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      step(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      step(1);
    }
  };

  const showable = photo ? attachmentPreview(photo.contentType) === 'image' : false;
  const position = `Photo ${current + 1} of ${count}`;

  return (
    <Dialog open={photo !== undefined} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="gap-0 overflow-hidden p-0 sm:max-w-5xl"
        onKeyDown={onKeyDown}
        aria-roledescription="gallery"
      >
        {photo && (
          <>
            <DialogHeader className="border-b px-4 py-3 pr-12 text-left">
              <DialogTitle className="truncate leading-snug">{photo.fileName}</DialogTitle>
              <DialogDescription aria-live="polite">
                <PhotoDetails photo={photo} position={position} />
              </DialogDescription>
            </DialogHeader>
            <div className="relative flex h-[min(68svh,46rem)] items-center justify-center bg-neutral-950">
              {showable && failed !== photo.id ? (
                <img
                  key={photo.id}
                  src={photo.fileUrl}
                  alt={photo.fileName}
                  className="max-h-full max-w-full object-contain"
                  onLoad={() => setLoaded(photo.id)}
                  onError={() => setFailed(photo.id)}
                />
              ) : (
                <div className="flex max-w-sm flex-col items-center gap-3 px-6 text-center text-neutral-200">
                  <ImageOffIcon className="size-10" aria-hidden="true" />
                  <p>
                    {showable
                      ? 'This picture could not be loaded. Try again, or download it.'
                      : 'Your browser cannot show this kind of picture. Download it to open it.'}
                  </p>
                </div>
              )}
              {showable && loaded !== photo.id && failed !== photo.id && (
                <Loader2Icon
                  className="absolute size-8 animate-spin text-neutral-300"
                  aria-label="Loading the picture"
                />
              )}
              {count > 1 && (
                <>
                  <Button
                    variant="secondary"
                    size="icon"
                    className="absolute top-1/2 left-3 -translate-y-1/2 rounded-full opacity-90 shadow"
                    onClick={() => step(-1)}
                    aria-label="Previous photo"
                  >
                    <ChevronLeftIcon />
                  </Button>
                  <Button
                    variant="secondary"
                    size="icon"
                    className="absolute top-1/2 right-3 -translate-y-1/2 rounded-full opacity-90 shadow"
                    onClick={() => step(1)}
                    aria-label="Next photo"
                  >
                    <ChevronRightIcon />
                  </Button>
                </>
              )}
            </div>
            {/*
              The actions sit at the left: from 768 px toasts appear at the bottom right (at most 420 px wide)
              and must never cover Download; below 768 px toasts are at the top.
            */}
            <DialogFooter className="items-center border-t px-4 py-3 sm:justify-between">
              <div className="flex flex-wrap justify-end gap-2 sm:justify-start">
                <Button variant="outline" asChild>
                  <a href={photo.fileUrl} target="_blank" rel="noopener">
                    <ExternalLinkIcon aria-hidden="true" />
                    Open original
                  </a>
                </Button>
                <Button asChild>
                  <a href={downloadUrl(photo)} download={photo.fileName}>
                    <DownloadIcon aria-hidden="true" />
                    Download
                  </a>
                </Button>
              </div>
              <p className="text-muted-foreground hidden text-xs sm:block">
                {count > 1 ? 'Use ← and → to move between photos; Esc closes.' : 'Esc closes.'}
              </p>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
