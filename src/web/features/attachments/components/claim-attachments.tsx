import { lazy, Suspense, useCallback, useState } from 'react';
import { ImageIcon, PaperclipIcon } from 'lucide-react';
import {
  ATTACHMENT_KIND_LABELS,
  attachmentPreview,
  formatFileSize,
  type Attachment,
} from '@shared/attachments';
import { actedByOrVia } from '@shared/claims';

import { Badge } from '../../../components/ui/badge';
import { Skeleton } from '../../../components/ui/skeleton';
import { useClaimAttachments } from '../api/get-claim-attachments';
import { AttachmentActions, downloadUrl } from './attachment-actions';
import { AttachmentFileIcon } from './attachment-file-icon';
import { AttachmentGallery } from './attachment-gallery';
import { RelativeTime, ClaimSection } from '../../claims';

// Dropping and sending files (the upload queue, its rows) loads after the claim draws (issue 30's budget per
// route); the space it takes is kept meanwhile.
const AttachmentUploadPanel = lazy(() =>
  import('./attachment-upload-panel').then((m) => ({ default: m.AttachmentUploadPanel })),
);

type Permissions = { canUpload: boolean; canDelete: boolean };

function PhotoTile({
  photo,
  onOpen,
  canUpload,
  canDelete,
}: { photo: Attachment; onOpen: () => void } & Permissions) {
  return (
    <li className="group bg-muted relative aspect-square overflow-hidden rounded-lg border">
      <button
        type="button"
        onClick={onOpen}
        className="focus-visible:ring-ring/50 absolute inset-0 flex items-center justify-center outline-none focus-visible:ring-[3px]"
        aria-label={`Open ${photo.fileName}`}
      >
        {photo.thumbnailUrl ? (
          <img
            src={photo.thumbnailUrl}
            alt=""
            loading="lazy"
            width={photo.width ?? undefined}
            height={photo.height ?? undefined}
            className="size-full object-cover transition-transform duration-200 group-hover:scale-[1.03]"
          />
        ) : (
          <span className="text-muted-foreground flex flex-col items-center gap-1 px-2 text-center text-xs">
            <ImageIcon className="size-7" aria-hidden="true" />
            <span className="line-clamp-2 break-all">{photo.fileName}</span>
          </span>
        )}
      </button>
      {photo.kind !== 'photo' && (
        <Badge variant="secondary" className="pointer-events-none absolute bottom-1.5 left-1.5 shadow-sm">
          {ATTACHMENT_KIND_LABELS[photo.kind]}
        </Badge>
      )}
      <AttachmentActions
        attachment={photo}
        canRelabel={canUpload}
        canDelete={canDelete}
        className="bg-background/85 hover:bg-background absolute top-1.5 right-1.5 rounded-full shadow-sm"
      />
    </li>
  );
}

function DocumentRow({ document, canUpload, canDelete }: { document: Attachment } & Permissions) {
  // PDFs open in a new tab; other files are saved.
  const opens = attachmentPreview(document.contentType) === 'pdf';
  return (
    <li className="flex items-center gap-3 py-2.5 first:pt-0 last:pb-0">
      <AttachmentFileIcon
        contentType={document.contentType}
        className="text-muted-foreground size-5 shrink-0"
      />
      <div className="min-w-0 flex-1">
        <a
          href={opens ? document.fileUrl : downloadUrl(document)}
          {...(opens ? { target: '_blank', rel: 'noopener' } : { download: document.fileName })}
          className="text-primary block truncate text-sm font-medium underline-offset-4 hover:underline"
          title={document.fileName}
        >
          {document.fileName}
        </a>
        <p className="text-muted-foreground flex flex-wrap items-center gap-x-1.5 text-xs">
          <Badge variant="outline" className="px-1.5 py-0 text-[0.7rem]">
            {ATTACHMENT_KIND_LABELS[document.kind]}
          </Badge>
          <span>{formatFileSize(document.sizeBytes)}</span>
          <span aria-hidden="true">·</span>
          <span>
            {document.uploadedBy || document.via
              ? `${actedByOrVia(document.uploadedBy, document.impersonator, document.via, '')}, `
              : ''}
            <RelativeTime date={document.createdAt} />
          </span>
        </p>
      </div>
      <AttachmentActions attachment={document} canRelabel={canUpload} canDelete={canDelete} />
    </li>
  );
}

function AttachmentsSkeleton() {
  return (
    <div className="grid gap-3" role="status" aria-busy="true" aria-label="Loading attachments">
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        <Skeleton className="aspect-square w-full" />
        <Skeleton className="aspect-square w-full" />
        <Skeleton className="aspect-square w-full" />
      </div>
      <Skeleton className="h-10 w-full" />
    </div>
  );
}

/**
 * The claim's files: pictures as thumbnails that open a gallery, other files as a list; uploading for those
 * who may (several files at once, each with its kind and progress).
 */
export function ClaimAttachments({ claimId, canUpload, canDelete }: { claimId: string } & Permissions) {
  const attachments = useClaimAttachments(claimId);
  const [galleryIndex, setGalleryIndex] = useState<number | null>(null);
  const closeGallery = useCallback(() => setGalleryIndex(null), []);

  const items = attachments.data?.items ?? [];
  const photos = items.filter((item) => item.contentType.startsWith('image/'));
  const documents = items.filter((item) => !item.contentType.startsWith('image/'));

  return (
    <ClaimSection
      id="claim-attachments"
      title="Attachments"
      description="Photos, estimates, invoices and other documents of this claim."
      query={attachments}
      loading={<AttachmentsSkeleton />}
      contentClassName="@container gap-5"
      dialogs={
        <AttachmentGallery
          photos={photos}
          index={galleryIndex}
          onIndexChange={setGalleryIndex}
          onClose={closeGallery}
        />
      }
    >
      {() => (
        <>
          {canUpload && (
            <Suspense fallback={<Skeleton className="h-32 w-full" aria-label="Loading the upload area" />}>
              <AttachmentUploadPanel claimId={claimId} maxBytes={attachments.data!.maxBytes} />
            </Suspense>
          )}
          {items.length === 0 && (
            <p className="text-muted-foreground flex items-center gap-2 text-sm">
              <PaperclipIcon className="size-4" aria-hidden="true" />
              No files yet.
            </p>
          )}
          {photos.length > 0 && (
            <section aria-labelledby="claim-photos-heading" className="grid gap-2">
              <h3 id="claim-photos-heading" className="text-sm font-medium">
                Photos <span className="text-muted-foreground font-normal">({photos.length})</span>
              </h3>
              <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 @2xl:grid-cols-6">
                {photos.map((photo, index) => (
                  <PhotoTile
                    key={photo.id}
                    photo={photo}
                    onOpen={() => setGalleryIndex(index)}
                    canUpload={canUpload}
                    canDelete={canDelete}
                  />
                ))}
              </ul>
            </section>
          )}
          {documents.length > 0 && (
            <section aria-labelledby="claim-documents-heading" className="grid gap-2">
              <h3 id="claim-documents-heading" className="text-sm font-medium">
                Documents <span className="text-muted-foreground font-normal">({documents.length})</span>
              </h3>
              <ul className="divide-y">
                {documents.map((document) => (
                  <DocumentRow
                    key={document.id}
                    document={document}
                    canUpload={canUpload}
                    canDelete={canDelete}
                  />
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </ClaimSection>
  );
}
