import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CccImport, CccImportPage, CccInbox, ListCccImportsQuery } from '@shared/ccc';
import type { ClaimListItem } from '@shared/claims';

import { listSearchParams } from '../../../components/data-list';
import { apiRequest, uploadWithProgress } from '../../../lib/api-client';

/** Every CCC query lives under this key: an import or a scan refreshes the log and the inbox together. */
const CCC_KEY = ['/api/ccc'] as const;

const getJson = async <T>(url: string, signal?: AbortSignal): Promise<T> =>
  (await (await apiRequest('GET', url, undefined, { signal })).json()) as T;

export type CccLogFilter = Partial<Pick<ListCccImportsQuery, 'result' | 'from' | 'to' | 'page'>>;

export const CCC_LOG_PAGE_SIZE = 25;

export const cccImportsQuery = (filter: CccLogFilter) =>
  queryOptions({
    queryKey: [...CCC_KEY, 'imports', filter],
    queryFn: ({ signal }) => {
      const params = listSearchParams({ ...filter, page: filter.page ?? 1, pageSize: CCC_LOG_PAGE_SIZE });
      return getJson<CccImportPage>(`/api/ccc/imports?${params.toString()}`, signal);
    },
    placeholderData: keepPreviousData,
  });

/** `GET /api/ccc/imports`: the import log, newest first. */
export function useCccImports(filter: CccLogFilter) {
  return useQuery(cccImportsQuery(filter));
}

/** `GET /api/ccc/inbox`: the inbox folder and what waits there (`system.ccc.configure`). */
export function useCccInbox(enabled: boolean) {
  return useQuery({
    queryKey: [...CCC_KEY, 'inbox'],
    queryFn: ({ signal }) => getJson<CccInbox>('/api/ccc/inbox', signal),
    enabled,
  });
}

/** A landed file changes its claim's estimates and amount: those are refetched when next shown. */
function refreshAfterImport(client: ReturnType<typeof useQueryClient>) {
  void client.invalidateQueries({ queryKey: CCC_KEY });
  void client.invalidateQueries({ queryKey: ['/api/vehicles'] });
}

export type UploadCccFileInput = {
  file: File;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/** `POST /api/ccc/imports` with one file (one request per file, for its own progress): what became of it. */
export async function uploadCccFile({ file, onProgress, signal }: UploadCccFileInput): Promise<CccImport> {
  const body = new FormData();
  body.append('file', file);
  const res = await uploadWithProgress('/api/ccc/imports', body, { onProgress, signal });
  const { items } = (await res.json()) as { items: CccImport[] };
  const [first] = items;
  if (!first) throw new Error(`The server did not say what became of ${file.name}`);
  return first;
}

export function useUploadCccFileMutation() {
  const client = useQueryClient();
  return useMutation<CccImport, Error, UploadCccFileInput>({
    mutationFn: uploadCccFile,
    onSuccess: () => refreshAfterImport(client),
  });
}

/** `POST /api/ccc/imports/{id}/assign`: imports a file onto the claim chosen by hand. */
export function useAssignCccImportMutation() {
  const client = useQueryClient();
  return useMutation<CccImport, Error, { id: string; claimId: string }>({
    mutationFn: async ({ id, claimId }) =>
      (await (
        await apiRequest('POST', `/api/ccc/imports/${encodeURIComponent(id)}/assign`, { claimId })
      ).json()) as CccImport,
    onSuccess: () => refreshAfterImport(client),
  });
}

/** `POST /api/ccc/imports/{id}/retry`: matches and imports a file that did not land again. */
export function useRetryCccImportMutation() {
  const client = useQueryClient();
  return useMutation<CccImport, Error, string>({
    mutationFn: async (id) =>
      (await (
        await apiRequest('POST', `/api/ccc/imports/${encodeURIComponent(id)}/retry`)
      ).json()) as CccImport,
    onSuccess: () => refreshAfterImport(client),
  });
}

/** `POST /api/ccc/inbox/scan`: asks the inbox job to look at the folder now. */
export function useScanCccInboxMutation() {
  const client = useQueryClient();
  return useMutation<{ queued: boolean; message: string }, Error, void>({
    mutationFn: async () =>
      (await (await apiRequest('POST', '/api/ccc/inbox/scan')).json()) as {
        queued: boolean;
        message: string;
      },
    onSuccess: () => void client.invalidateQueries({ queryKey: CCC_KEY }),
  });
}

/** The original file's address (the browser downloads it with the session cookie). */
export const cccImportFileHref = (id: string) => `/api/ccc/imports/${encodeURIComponent(id)}/file`;

/** Claims to assign a file to: the first ten matching the text (claim number, VIN, unit…). */
export function useClaimChoices(search: string) {
  const text = search.trim();
  return useQuery({
    queryKey: ['/api/vehicles', 'ccc-assign', text],
    queryFn: ({ signal }) =>
      getJson<{ items: ClaimListItem[] }>(
        `/api/vehicles?${listSearchParams({ search: text, pageSize: 10 }).toString()}`,
        signal,
      ),
    enabled: text.length >= 2,
    placeholderData: keepPreviousData,
  });
}
