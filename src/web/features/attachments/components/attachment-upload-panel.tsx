import { useId, useRef, useState, type DragEvent } from 'react';
import { CircleAlertIcon, Loader2Icon, RotateCcwIcon, UploadIcon, XIcon } from 'lucide-react';
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_KIND_LABELS,
  ATTACHMENT_KINDS,
  formatFileSize,
  type AttachmentKind,
} from '@shared/attachments';

import { Button } from '../../../components/ui/button';
import { Progress } from '../../../components/ui/progress';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { toast } from '../../../hooks/use-toast';
import { cn } from '../../../lib/utils';
import { useAttachmentUploads, type QueuedFile } from '../hooks/use-attachment-uploads';
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
  const percent = Math.round(item.progress * 100);
  const problem = item.state === 'failed' || item.state === 'refused';
  return (
    <li
      className={cn('grid gap-2 rounded-lg border p-3', problem && 'border-destructive/40 bg-destructive/5')}
      aria-describedby={item.error ? errorId : undefined}
    >
      <div className="flex items-center gap-2 sm:gap-3">
        <AttachmentFileIcon contentType={item.file.type} className="text-muted-foreground size-5 shrink-0" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium" title={item.file.name}>
            {item.file.name}
          </p>
          <p className="text-muted-foreground text-xs">{formatFileSize(item.file.size)}</p>
        </div>
        {item.state !== 'refused' && (
          <>
            <label htmlFor={kindId} className="sr-only">
              Kind of {item.file.name}
            </label>
            <Select
              value={item.kind}
              onValueChange={(kind) => onKind(kind as AttachmentKind)}
              disabled={item.state === 'uploading'}
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
        <div className="flex shrink-0">
          {item.state === 'failed' && (
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              onClick={onRetry}
              aria-label={`Retry ${item.file.name}`}
            >
              <RotateCcwIcon />
            </Button>
          )}
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            onClick={onRemove}
            aria-label={item.state === 'uploading' ? `Cancel ${item.file.name}` : `Remove ${item.file.name}`}
          >
            <XIcon />
          </Button>
        </div>
      </div>
      {item.state === 'uploading' && (
        <div className="flex items-center gap-3">
          <Progress value={percent} aria-label={`Uploading ${item.file.name}`} className="flex-1" />
          <span className="text-muted-foreground w-10 text-right text-xs tabular-nums">{percent}%</span>
        </div>
      )}
      {item.error && (
        <p id={errorId} className="text-destructive flex items-start gap-1.5 text-sm" role="alert">
          <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {item.error}
        </p>
      )}
    </li>
  );
}

/**
 * Where files are added to a claim: drop them or choose them (several at once), check or change the kind
 * each was given, then upload; each file shows its own progress and, if refused, the reason.
 */
export function AttachmentUploadPanel({ claimId, maxBytes }: { claimId: string; maxBytes: number }) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const uploads = useAttachmentUploads(claimId, maxBytes);
  const sendable = uploads.queue.filter((item) => item.state === 'ready' || item.state === 'failed');

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (event.dataTransfer.files.length) uploads.add(event.dataTransfer.files);
  };

  const uploadAll = async () => {
    const { stored, tried } = await uploads.uploadAll();
    if (stored === 0) return;
    toast({
      title: stored === 1 ? 'File added' : `${stored} files added`,
      description:
        stored === tried
          ? 'Everyone who can see this claim can open them now.'
          : `${tried - stored} could not be uploaded; see why below.`,
    });
  };

  return (
    <div className="grid gap-3">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-5 text-center transition-colors',
          dragging ? 'border-primary bg-primary/5' : 'border-muted-foreground/25',
        )}
      >
        <UploadIcon className="text-muted-foreground size-6" aria-hidden="true" />
        <p className="text-sm">
          Drag photos and documents here, or{' '}
          <Button variant="link" className="h-auto p-0 align-baseline" onClick={() => input.current?.click()}>
            choose files
          </Button>
        </p>
        <p className="text-muted-foreground text-xs text-balance">
          Photos (JPEG, PNG, WebP, GIF, HEIC), PDFs, Office and text files, up to {formatFileSize(maxBytes)}{' '}
          each.
        </p>
        <input
          ref={input}
          type="file"
          multiple
          accept={ATTACHMENT_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label="Choose files to attach"
          onChange={(event) => {
            if (event.target.files?.length) uploads.add(event.target.files);
            event.target.value = ''; // choosing the same file again must fire change again
          }}
        />
      </div>
      {uploads.queue.length > 0 && (
        <>
          <ul className="grid gap-2" aria-label="Files to upload">
            {uploads.queue.map((item) => (
              <QueuedFileRow
                key={item.key}
                item={item}
                onKind={(kind) => uploads.setKind(item.key, kind)}
                onRemove={() => uploads.remove(item.key)}
                onRetry={() => void uploads.send(item)}
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
            <Button onClick={() => void uploadAll()} disabled={uploads.uploading || sendable.length === 0}>
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
      )}
    </div>
  );
}
