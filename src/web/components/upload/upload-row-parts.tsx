import { CircleAlertIcon, RotateCcwIcon, XIcon } from 'lucide-react';

import { formatFileSize } from '@shared/attachments';
import type { UploadState } from '../../hooks/use-upload-queue';
import { cn } from '../../lib/utils';
import { Button } from '../ui/button';
import { Progress } from '../ui/progress';

/** What every row of an upload list shows of its file: retry and remove/cancel, progress, the error. */

interface UploadItem {
  file: File;
  state: UploadState;
  progress: number;
  error: string | null;
}

export const hasUploadProblem = (item: UploadItem) => item.state === 'failed' || item.state === 'refused';

/** The frame of one row: tinted red when its file has a problem. */
export const uploadRowClassName = (problem: boolean) =>
  cn('grid gap-2 rounded-lg border p-3', problem && 'border-destructive/40 bg-destructive/5');

/** The file's name (cut with an ellipsis, whole on hover) and size. */
export function UploadFileName({ file }: { file: File }) {
  return (
    <div className="min-w-0 flex-1">
      <p className="truncate text-sm font-medium" title={file.name}>
        {file.name}
      </p>
      <p className="text-muted-foreground text-xs">{formatFileSize(file.size)}</p>
    </div>
  );
}

/** Retry (a failed upload) and remove (cancel while it is on its way); none once it is done. */
export function UploadRowButtons({
  item,
  onRetry,
  onRemove,
}: {
  item: UploadItem;
  onRetry: () => void;
  onRemove: () => void;
}) {
  return (
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
      {item.state !== 'done' && (
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          onClick={onRemove}
          aria-label={item.state === 'uploading' ? `Cancel ${item.file.name}` : `Remove ${item.file.name}`}
        >
          <XIcon />
        </Button>
      )}
    </div>
  );
}

/** The share sent, while the file waits its turn or is on its way. */
export function UploadProgress({ item }: { item: UploadItem }) {
  if (item.state !== 'uploading' && item.state !== 'queued') return null;
  const percent = Math.round(item.progress * 100);
  return (
    <div className="flex items-center gap-3">
      <Progress value={percent} aria-label={`Uploading ${item.file.name}`} className="flex-1" />
      <span className="text-muted-foreground w-10 text-right text-xs tabular-nums">{percent}%</span>
    </div>
  );
}

export function UploadError({ item, id }: { item: UploadItem; id?: string }) {
  if (!item.error) return null;
  return (
    <p id={id} className="text-destructive flex items-start gap-1.5 text-sm" role="alert">
      <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {item.error}
    </p>
  );
}
