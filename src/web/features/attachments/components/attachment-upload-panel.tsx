import { lazy, Suspense } from 'react';
import { ATTACHMENT_ACCEPT, formatFileSize } from '@shared/attachments';

import { FileDropZone } from '../../../components/upload/file-drop-zone';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { useAttachmentUploads } from '../hooks/use-attachment-uploads';

// The list of chosen files (each with its kind's select and its progress) loads with the first file (issue 30).
const QueuedFiles = lazy(() => import('./queued-files').then((m) => ({ default: m.QueuedFiles })));

/**
 * Where files are added to a claim: drop them or choose them (several at once), check or change the kind
 * each was given, then upload; each file shows its own progress and, if refused, the reason.
 */
export function AttachmentUploadPanel({ claimId, maxBytes }: { claimId: string; maxBytes: number }) {
  const uploads = useAttachmentUploads(claimId, maxBytes);

  const uploadAll = async () => {
    const { stored, tried } = await uploads.sendAll();
    if (stored === 0) return;
    toast({
      title: stored === 1 ? 'File added' : `${stored} files added`,
      description:
        stored === tried
          ? `Everyone who can see this claim can open ${stored === 1 ? 'it' : 'them'} now.`
          : `${tried - stored} could not be uploaded; see why below.`,
    });
  };

  return (
    <div className="grid gap-3">
      <FileDropZone
        prompt="Drag photos and documents here"
        hint={`Photos (JPEG, PNG, WebP, GIF, HEIC), PDFs, Office and text files, up to ${formatFileSize(maxBytes)} each.`}
        accept={ATTACHMENT_ACCEPT}
        inputLabel="Choose files to attach"
        onFiles={(files) => uploads.add(files)}
        className="py-5"
      />
      {uploads.queue.length > 0 && (
        <Suspense
          fallback={<Spinner className="text-muted-foreground size-6" aria-label="Loading the files" />}
        >
          <QueuedFiles uploads={uploads} onUploadAll={() => void uploadAll()} />
        </Suspense>
      )}
    </div>
  );
}
