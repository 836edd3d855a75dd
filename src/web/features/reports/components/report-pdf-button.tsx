import { useEffect, useRef, useState } from 'react';
import { FileDownIcon, Loader2Icon } from 'lucide-react';
import type { ReportFilter } from '@shared/reports';

import { Button } from '../../../components/ui/button';
import { Progress } from '../../../components/ui/progress';
import { toast } from '../../../hooks/use-toast';
import { downloadReportPdf, type DownloadProgress } from '../api/download-report-pdf';

const kilobytes = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en-US')} KB`;

/** "Receiving… 240 KB of 610 KB · 4 s", or without a total "Preparing… 240 KB so far · 4 s". */
export function progressLabel(progress: DownloadProgress, seconds: number): string {
  const elapsed = `${seconds} s`;
  if (progress.total)
    return `Receiving the PDF: ${kilobytes(progress.received)} of ${kilobytes(progress.total)} · ${elapsed}`;
  return progress.received === 0
    ? `Preparing the PDF… ${elapsed}`
    : `Receiving the PDF: ${kilobytes(progress.received)} so far · ${elapsed}`;
}

/**
 * Export PDF for the whole report. The server draws it and streams it; a long report shows what has arrived
 * (a bar when the size is known, else the size so far) and the time elapsed, and can be cancelled.
 */
export function ReportPdfButton({ filter }: { filter: Partial<ReportFilter> }) {
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [seconds, setSeconds] = useState(0);
  const controller = useRef<AbortController | null>(null);
  const downloading = progress !== null;

  useEffect(() => {
    if (!downloading) return;
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [downloading]);
  // Leaving the page stops the download.
  useEffect(() => () => controller.current?.abort(), []);

  const start = () => {
    const abort = new AbortController();
    controller.current = abort;
    setSeconds(0);
    setProgress({ received: 0, total: null });
    downloadReportPdf(filter, { onProgress: setProgress, signal: abort.signal })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        toast({
          variant: 'destructive',
          title: 'Could not export the PDF',
          description: error instanceof Error ? error.message : String(error),
        });
      })
      .finally(() => {
        if (controller.current === abort) controller.current = null;
        setProgress(null);
      });
  };

  return (
    <div className="grid gap-1.5 print:hidden">
      <div className="flex gap-2">
        <Button variant="outline" disabled={downloading} onClick={start}>
          {downloading ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <FileDownIcon aria-hidden="true" />
          )}
          Export PDF
        </Button>
        {downloading && (
          <Button variant="ghost" onClick={() => controller.current?.abort()}>
            Cancel export
          </Button>
        )}
      </div>
      {progress && (
        <div className="grid w-56 gap-1">
          <Progress
            aria-label="PDF export"
            value={progress.total ? Math.min(100, (progress.received / progress.total) * 100) : null}
            className={progress.total ? undefined : 'animate-pulse'}
          />
          <p role="status" className="text-muted-foreground text-xs tabular-nums">
            {progressLabel(progress, seconds)}
          </p>
        </div>
      )}
    </div>
  );
}
