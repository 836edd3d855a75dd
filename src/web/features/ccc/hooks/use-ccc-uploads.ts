import type { CccImport } from '@shared/ccc';

import { useUploadQueue, type QueuedUpload } from '../../../hooks/use-upload-queue';
import { useUploadCccFileMutation } from '../api/ccc-api';

export type CccQueuedFile = QueuedUpload<object, CccImport>;

/** What the browser can tell before sending; the server reads the content. */
function problemWith(file: File, maxBytes: number | null): string | null {
  if (!file.name.toLowerCase().endsWith('.xml')) return 'Not a CCC estimate file: choose .xml files';
  if (file.size === 0) return 'The file is empty';
  if (maxBytes !== null && file.size > maxBytes)
    return `The file is too large: the limit is ${maxBytes.toLocaleString('en-US')} bytes`;
  return null;
}

/**
 * CCC files chosen or dropped and their uploads (the shared upload queue): each is sent as soon as it is
 * added. Every file that reached the server stays in the list with what became of it (imported, supplement,
 * duplicate, held, unmatched, rejected) until the list is cleared.
 */
export function useCccUploads(maxBytes: number | null) {
  const { mutateAsync } = useUploadCccFileMutation();
  const uploads = useUploadQueue<object, CccImport>({
    check: (file) => problemWith(file, maxBytes),
    describe: () => ({}),
    upload: (item, transfer) => mutateAsync({ file: item.file, ...transfer }),
    keepUploaded: true,
    newestFirst: true,
  });
  return { ...uploads, add: (files: Iterable<File>) => uploads.add(files, { send: true }) };
}
