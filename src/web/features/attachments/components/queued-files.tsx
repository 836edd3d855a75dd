import { useId } from 'react';
import { Loader2Icon, UploadIcon } from 'lucide-react';
import { ATTACHMENT_KIND_LABELS, ATTACHMENT_KINDS, type AttachmentKind } from '@shared/attachments';

import {
  hasUploadProblem,
  UploadFileName,
  uploadRowClassName,
  UploadError,
  UploadProgress,
  UploadRowButtons,
} from '../../../components/upload/upload-row-parts';
import { Button } from '../../../components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import type { QueuedFile, useAttachmentUploads } from '../hooks/use-attachment-uploads';
import { AttachmentFileIcon } from './attachment-file-icon';

function QueuedFileRow({
  item,
  onKind,
  onRemove,
  onRetry,
}: {
  item: QueuedFile;
  onKind: (kind: AttachmentKind) => void;
  onRemove: () => void;
  onRetry: () => void;
}) {
  const kindId = useId();
  const errorId = useId();
  const problem = hasUploadProblem(item);
  return (
    <li className={uploadRowClassName(problem)} aria-describedby={item.error ? errorId : undefined}>
      <div className="flex items-center gap-2 sm:gap-3">
        <AttachmentFileIcon contentType={item.file.type} className="text-muted-foreground size-5 shrink-0" />
        <UploadFileName file={item.file} />
        {item.state !== 'refused' && (
          <>
            <label htmlFor={kindId} className="sr-only">
              Kind of {item.file.name}
            </label>
            <Select
              value={item.kind}
              onValueChange={(kind) => onKind(kind as AttachmentKind)}
              disabled={item.state === 'uploading' || item.state === 'queued'}
            >
              <SelectTrigger id={kindId} size="sm" className="w-28 shrink-0 sm:w-32">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {ATTACHMENT_KINDS.map((kind) => (
                  <SelectItem key={kind} value={kind}>
                    {ATTACHMENT_KIND_LABELS[kind]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </>
        )}
        <UploadRowButtons item={item} onRetry={onRetry} onRemove={onRemove} />
      </div>
      <UploadProgress item={item} />
      <UploadError item={item} id={errorId} />
    </li>
  );
}

/** The files chosen and not yet uploaded, each with its kind and progress, and the buttons that send or clear them. */
export function QueuedFiles({
  uploads,
  onUploadAll,
}: {
  uploads: ReturnType<typeof useAttachmentUploads>;
  onUploadAll: () => void;
}) {
  const sendable = uploads.queue.filter((item) => item.state === 'ready' || item.state === 'failed');
  return (
    <>
      <ul className="grid gap-2" aria-label="Files to upload">
        {uploads.queue.map((item) => (
          <QueuedFileRow
            key={item.key}
            item={item}
            onKind={(kind) => uploads.setKind(item.key, kind)}
            onRemove={() => uploads.remove(item.key)}
            onRetry={() => uploads.retry(item.key)}
          />
        ))}
      </ul>
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          variant="outline"
          disabled={uploads.uploading}
          onClick={() => uploads.queue.forEach((item) => uploads.remove(item.key))}
        >
          Clear
        </Button>
        <Button onClick={onUploadAll} disabled={uploads.uploading || sendable.length === 0}>
          {uploads.uploading ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <UploadIcon aria-hidden="true" />
          )}
          {uploads.uploading
            ? 'Uploading…'
            : sendable.length === 0
              ? 'Upload'
              : sendable.length === 1
                ? 'Upload 1 file'
                : `Upload ${sendable.length} files`}
        </Button>
      </div>
    </>
  );
}
