import { useEffect, useRef } from 'react';
import { CircleAlertIcon, CircleCheckBigIcon, Loader2Icon, RotateCwIcon } from 'lucide-react';
import type { SentDriverReport } from '@shared/driver-reports';

import { Button } from '../../../components/ui/button';
import type { PhotoUploadState } from '../lib/upload-photos';
import { PhotoThumbnail } from './photo-picker';
import type { ChosenPhoto } from './use-chosen-photos';

function PhotoStatus({ upload, onRetry }: { upload: PhotoUploadState | undefined; onRetry: () => void }) {
  switch (upload?.state) {
    case 'sent':
      return (
        <span className="text-success flex items-center gap-1.5 font-medium">
          <CircleCheckBigIcon aria-hidden="true" className="size-4" />
          Sent
        </span>
      );
    case 'sending':
      return (
        <span className="flex items-center gap-1.5">
          <Loader2Icon aria-hidden="true" className="size-4 animate-spin" />
          Sending…
        </span>
      );
    case 'failed':
      return (
        <span className="grid justify-items-start gap-1.5">
          <span className="text-destructive flex items-start gap-1.5">
            <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            Not sent: {upload.message}
          </span>
          <Button type="button" variant="outline" size="sm" className="h-9" onClick={onRetry}>
            <RotateCwIcon aria-hidden="true" />
            Retry
          </Button>
        </span>
      );
    default:
      return <span className="text-muted-foreground">Waiting</span>;
  }
}

/** How the report's photos are getting on: "2 of 3 photos sent", and each one's state with Retry when it failed. */
function PhotoProgress({
  photos,
  uploads,
  onRetry,
}: {
  photos: readonly ChosenPhoto[];
  uploads: Record<string, PhotoUploadState>;
  onRetry: (id: string) => void;
}) {
  const sent = photos.filter((photo) => uploads[photo.id]?.state === 'sent').length;
  const going = photos.some((photo) =>
    ['waiting', 'sending'].includes(uploads[photo.id]?.state ?? 'waiting'),
  );
  return (
    <section aria-labelledby="report-photos-heading" className="grid gap-3 text-left">
      <h3 id="report-photos-heading" className="font-semibold">
        Photos
      </h3>
      <p aria-live="polite" className="text-sm">
        {sent} of {photos.length} {photos.length === 1 ? 'photo' : 'photos'} sent
        {going && (
          <span className="text-muted-foreground">. Keep this page open until they are all sent.</span>
        )}
      </p>
      <ul className="grid gap-2">
        {photos.map((photo, index) => (
          <li key={photo.id} className="grid grid-cols-[4rem_1fr] items-center gap-3 text-sm">
            <PhotoThumbnail photo={photo} label={`Photo ${index + 1}`} />
            <PhotoStatus upload={uploads[photo.id]} onRetry={() => onRetry(photo.id)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * What the driver sees once the report is in: its reference, big, that the fleet manager knows, and the photos still
 * on their way. The page stays: leaving it would stop the photos.
 */
export function ReportSent({
  sent,
  emailed,
  photos,
  uploads,
  onRetry,
}: {
  sent: SentDriverReport;
  /** Whether the driver left an e-mail address. */
  emailed: boolean;
  photos: readonly ChosenPhoto[];
  uploads: Record<string, PhotoUploadState>;
  onRetry: (id: string) => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the driver was on is gone: the focus goes to what replaced it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="grid gap-6">
      <section className="bg-card flex flex-col items-center gap-3 rounded-xl border px-5 py-10 text-center">
        <div
          aria-hidden="true"
          className="bg-success/10 text-success flex size-14 items-center justify-center rounded-full [&_svg]:size-7"
        >
          <CircleCheckBigIcon />
        </div>
        <h2 ref={heading} tabIndex={-1} className="text-2xl font-semibold tracking-tight outline-none">
          Report <span className="text-3xl font-bold whitespace-nowrap">{sent.reference}</span> sent
        </h2>
        <p className="text-base">Your fleet manager has been told.</p>
        {emailed && (
          <p className="text-muted-foreground max-w-sm text-balance">
            We will e-mail you the claim number when a claim is opened.
          </p>
        )}
      </section>
      {photos.length > 0 && <PhotoProgress photos={photos} uploads={uploads} onRetry={onRetry} />}
    </div>
  );
}
