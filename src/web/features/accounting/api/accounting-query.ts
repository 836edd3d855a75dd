import { useQueryClient } from '@tanstack/react-query';

import { listSearchParams } from '../../../components/data-list';
import { apiRequest } from '../../../lib/api-client';

/**
 * Every accounting query lives under this key: a payment, a credit note or a void changes invoices, payments and
 * the aging at once, so any change refreshes them all.
 */
export const ACCOUNTING_KEY = ['/api/accounting'] as const;

export const getJson = async <T>(url: string, signal?: AbortSignal): Promise<T> =>
  (await (await apiRequest('GET', url, undefined, { signal })).json()) as T;

export const sendJson = async <T>(method: 'POST' | 'PATCH', url: string, body?: unknown): Promise<T> =>
  (await (await apiRequest(method, url, body)).json()) as T;

export const invoiceUrl = (id: string) => `/api/accounting/invoices/${encodeURIComponent(id)}`;
export const paymentUrl = (id: string) => `/api/accounting/payments/${encodeURIComponent(id)}`;

/**
 * A CSV export's link (the browser downloads it with the session cookie): the list's filters that the export's
 * schema takes, the rest (sort, page) left out.
 */
export function csvHref(path: string, keys: readonly string[], filter: Record<string, unknown>): string {
  const query = listSearchParams(Object.fromEntries(keys.map((key) => [key, filter[key]]))).toString();
  return query ? `${path}?${query}` : path;
}

/** After a change: every accounting list, invoice and report is refetched when next shown. */
export function useRefreshAccounting() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ACCOUNTING_KEY });
}
