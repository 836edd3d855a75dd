import type { DriverReport } from '@shared/driver-reports';

const photoUrl = (report: DriverReport, photoId: string) =>
  `/api/driver-reports/${encodeURIComponent(report.id)}/photos/${encodeURIComponent(photoId)}`;

/**
 * The driver's photos as thumbnails (the small webp when the server made one, else the photo itself, loaded
 * lazily); each opens the whole photo in a new tab, to zoom in on the damage.
 */
export function DriverReportPhotos({ report }: { report: DriverReport }) {
  const { photos } = report;
  if (photos.length === 0) {
    return <p className="text-muted-foreground text-sm">No photos were sent with this report.</p>;
  }
  return (
    <ul aria-label={`Photos of ${report.reference}`} className="flex flex-wrap gap-2">
      {photos.map((photo, index) => {
        const url = photoUrl(report, photo.id);
        return (
          <li key={photo.id}>
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Photo ${index + 1} of ${photos.length}, ${photo.fileName} (opens in a new tab)`}
              className="focus-visible:ring-ring/50 block overflow-hidden rounded-md border outline-none hover:opacity-90 focus-visible:ring-[3px]"
            >
              {/* A photo the server could not draw a thumbnail of (HEIC) is named, not shown broken. */}
              {photo.hasThumbnail ? (
                <img
                  src={`${url}/thumbnail`}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="bg-muted size-20 object-cover sm:size-24"
                />
              ) : (
                <span className="bg-muted text-muted-foreground flex size-20 items-center justify-center p-1 text-center text-xs break-all sm:size-24">
                  {photo.fileName}
                </span>
              )}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
