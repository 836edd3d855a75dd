import { useId, useRef, useState, type DragEvent } from 'react';
import { CircleAlertIcon, FileCode2Icon, RotateCcwIcon, UploadIcon, XIcon } from 'lucide-react';
import { formatFileSize } from '@shared/attachments';
import { CCC_IMPORT_RESULT_LABELS } from '@shared/ccc';
import { formatCents } from '@shared/money';

import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Progress } from '../../../components/ui/progress';
import { cn } from '../../../lib/utils';
import { useCccUploads, type CccQueuedFile } from '../hooks/use-ccc-uploads';
import { CccClaimLink, CccResultBadge } from './ccc-result';

function UploadRow({
  item,
  onRetry,
  onRemove,
}: {
  item: CccQueuedFile;
  onRetry: () => void;
  onRemove: () => void;
}) {
  const detailId = useId();
  const percent = Math.round(item.progress * 100);
  const result = item.result;
  const problem = item.state === 'failed' || item.state === 'refused' || result?.result === 'rejected';
  return (
    <li
      className={cn('grid gap-2 rounded-lg border p-3', problem && 'border-destructive/40 bg-destructive/5')}
      aria-label={item.file.name}
      aria-describedby={detailId}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <FileCode2Icon className="text-muted-foreground size-5 shrink-0" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium" title={item.file.name}>
            {item.file.name}
          </p>
          <p className="text-muted-foreground text-xs">{formatFileSize(item.file.size)}</p>
        </div>
        {result && <CccResultBadge result={result.result} />}
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
              aria-label={
                item.state === 'uploading' ? `Cancel ${item.file.name}` : `Remove ${item.file.name}`
              }
            >
              <XIcon />
            </Button>
          )}
        </div>
      </div>
      <div id={detailId} className="grid gap-1 text-sm">
        {(item.state === 'uploading' || item.state === 'ready') && (
          <div className="flex items-center gap-3">
            <Progress value={percent} aria-label={`Uploading ${item.file.name}`} className="flex-1" />
            <span className="text-muted-foreground w-10 text-right text-xs tabular-nums">{percent}%</span>
          </div>
        )}
        {result && (
          <p className="text-muted-foreground">
            <span className="sr-only">{CCC_IMPORT_RESULT_LABELS[result.result]}. </span>
            {result.claim ? (
              <>
                {result.version ? `${result.version} on ` : 'On '}
                <CccClaimLink item={result} />
                {result.grossCents !== null && ` · ${formatCents(result.grossCents)}`}
                {result.reason && ` · ${result.reason}`}
              </>
            ) : (
              (result.reason ?? 'Kept in the import log.')
            )}
          </p>
        )}
        {item.error && (
          <p className="text-destructive flex items-start gap-1.5" role="alert">
            <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {item.error}
          </p>
        )}
      </div>
    </li>
  );
}

/**
 * Where CCC ONE estimate files are dropped or chosen (several at once): each is sent at once on its own
 * request with its progress, then says what became of it and, when it landed, on which claim.
 */
export function CccUploadPanel({ maxBytes }: { maxBytes: number | null }) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const uploads = useCccUploads(maxBytes);
  const finished = uploads.queue.filter((item) => item.state !== 'uploading' && item.state !== 'ready');

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (event.dataTransfer.files.length) uploads.add(event.dataTransfer.files);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Upload estimates</h2>
        </CardTitle>
        <CardDescription>
          CCC ONE estimate files (CIECA BMS XML) land on their claim by the estimate already on it, the
          insurer claim number or the VIN of an open claim.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="ccc-drop-zone"
          className={cn(
            'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors',
            dragging ? 'border-primary bg-primary/5' : 'border-muted-foreground/25',
          )}
        >
          <UploadIcon className="text-muted-foreground size-6" aria-hidden="true" />
          <p className="text-sm">
            Drag CCC estimate files here, or{' '}
            <Button
              variant="link"
              className="h-auto p-0 align-baseline"
              onClick={() => input.current?.click()}
            >
              choose files
            </Button>
          </p>
          <p className="text-muted-foreground text-xs text-balance">
            .xml files{maxBytes !== null && `, up to ${formatFileSize(maxBytes)} each`}; several at once.
          </p>
          <input
            ref={input}
            type="file"
            multiple
            accept=".xml,application/xml,text/xml"
            className="sr-only"
            tabIndex={-1}
            aria-label="Choose CCC estimate files"
            onChange={(event) => {
              if (event.target.files?.length) uploads.add(event.target.files);
              event.target.value = ''; // choosing the same file again must fire change again
            }}
          />
        </div>
        {uploads.queue.length > 0 && (
          <>
            <ul className="grid gap-2" aria-label="Uploaded files">
              {uploads.queue.map((item) => (
                <UploadRow
                  key={item.key}
                  item={item}
                  onRetry={() => uploads.retry(item)}
                  onRemove={() => uploads.remove(item.key)}
                />
              ))}
            </ul>
            {finished.length > 0 && (
              <div className="flex justify-end">
                <Button variant="outline" size="sm" onClick={uploads.clearFinished}>
                  Clear finished
                </Button>
              </div>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
