import { useId } from 'react';
import { FileCode2Icon } from 'lucide-react';
import { formatFileSize } from '@shared/attachments';
import { CCC_IMPORT_RESULT_LABELS } from '@shared/ccc';
import { formatCents } from '@shared/money';

import { FileDropZone } from '../../../components/upload/file-drop-zone';
import {
  hasUploadProblem,
  UploadFileName,
  uploadRowClassName,
  UploadError,
  UploadProgress,
  UploadRowButtons,
} from '../../../components/upload/upload-row-parts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
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
  const result = item.result;
  const problem = hasUploadProblem(item) || result?.result === 'rejected';
  return (
    <li className={uploadRowClassName(problem)} aria-label={item.file.name} aria-describedby={detailId}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <FileCode2Icon className="text-muted-foreground size-5 shrink-0" aria-hidden="true" />
        <UploadFileName file={item.file} />
        {result && <CccResultBadge result={result.result} />}
        <UploadRowButtons item={item} onRetry={onRetry} onRemove={onRemove} />
      </div>
      <div id={detailId} className="grid gap-1 text-sm">
        <UploadProgress item={item} />
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
        <UploadError item={item} />
      </div>
    </li>
  );
}

/**
 * Where CCC ONE estimate files are dropped or chosen (several at once): each is sent at once on its own
 * request with its progress, then says what became of it and, when it landed, on which claim.
 */
export function CccUploadPanel({ maxBytes }: { maxBytes: number | null }) {
  const uploads = useCccUploads(maxBytes);
  const finished = uploads.queue.filter((item) => item.state !== 'uploading' && item.state !== 'queued');

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
        <FileDropZone
          prompt="Drag CCC estimate files here"
          hint={
            <>.xml files{maxBytes !== null && `, up to ${formatFileSize(maxBytes)} each`}; several at once.</>
          }
          accept=".xml,application/xml,text/xml"
          inputLabel="Choose CCC estimate files"
          onFiles={uploads.add}
          className="py-6"
          data-testid="ccc-drop-zone"
        />
        {uploads.queue.length > 0 && (
          <>
            <ul className="grid gap-2" aria-label="Uploaded files">
              {uploads.queue.map((item) => (
                <UploadRow
                  key={item.key}
                  item={item}
                  onRetry={() => uploads.retry(item.key)}
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
