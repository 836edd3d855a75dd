import type { ReportFilter } from '@shared/reports';

import { apiRequest } from '../../../lib/api-client';
import { reportSearch } from './get-report';

export interface DownloadProgress {
  /** Bytes received so far. */
  received: number;
  /** The response's Content-Length, or null when the server streams without one (the report PDF does). */
  total: number | null;
}

/** The file name the server gave in Content-Disposition. */
function fileNameOf(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/** Hands a file to the browser's downloads. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/**
 * Fetches the whole report as a PDF (`GET /api/reports/pdf`, drawn and streamed by the server) reading the body
 * chunk by chunk, so the page can show what has arrived, then saves it under the server's file name. Aborting
 * `signal` stops the download (an AbortError).
 */
export async function downloadReportPdf(
  filter: Partial<ReportFilter>,
  { onProgress, signal }: { onProgress: (progress: DownloadProgress) => void; signal?: AbortSignal },
): Promise<void> {
  const response = await apiRequest('GET', `/api/reports/pdf?${reportSearch(filter)}`, undefined, { signal });
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const chunks: BlobPart[] = [];
  let received = 0;
  onProgress({ received, total });
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress({ received, total });
    }
  } else {
    const whole = await response.arrayBuffer();
    chunks.push(whole);
    onProgress({ received: whole.byteLength, total });
  }
  saveFile(new Blob(chunks, { type: 'application/pdf' }), fileNameOf(response, 'fleetclaims-report.pdf'));
}
