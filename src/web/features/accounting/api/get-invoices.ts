import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { exportInvoicesQuerySchema, type InvoiceList, type ListInvoicesQuery } from '@shared/accounting';

import { listSearchParams } from '../../../components/data-list';
import { ACCOUNTING_KEY, csvHref, getJson } from './accounting-query';

export type InvoicesFilter = Partial<ListInvoicesQuery>;

export const INVOICES_PAGE_SIZE = 25;

export const invoicesQueryOptions = (filter: InvoicesFilter) =>
  queryOptions({
    queryKey: [...ACCOUNTING_KEY, 'invoices', filter],
    queryFn: ({ signal }) =>
      getJson<InvoiceList>(
        `/api/accounting/invoices?${listSearchParams({ pageSize: INVOICES_PAGE_SIZE, ...filter }).toString()}`,
        signal,
      ),
    // The current page stays on screen while the next one loads, instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });

/** `GET /api/accounting/invoices`: one page of the filtered invoices and the totals of the whole set. */
export function useInvoices(filter: InvoicesFilter, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...invoicesQueryOptions(filter), enabled });
}

/** `GET /api/accounting/invoice-lines.csv` of the list's search and filters, every page, one row per line. */
export const invoiceLinesCsvHref = (filter: InvoicesFilter) =>
  csvHref('/api/accounting/invoice-lines.csv', exportInvoicesQuerySchema.keyof().options, filter);
