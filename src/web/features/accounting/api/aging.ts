import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReadyToInvoice } from '@shared/accounting';
import type { AgingBucket, AgingInvoices, AgingReport } from '@shared/aging';

import { listSearchParams } from '../../../components/data-list';
import { ACCOUNTING_KEY, getJson } from './accounting-query';

/** `GET /api/accounting/aging?asOf=`: open balances per company and bucket as they stood that day. */
export function useAgingReport(asOf: string | undefined) {
  return useQuery({
    queryKey: [...ACCOUNTING_KEY, 'aging', asOf ?? 'today'],
    queryFn: ({ signal }) =>
      getJson<AgingReport>(`/api/accounting/aging?${listSearchParams({ asOf }).toString()}`, signal),
    placeholderData: keepPreviousData,
  });
}

export type AgingDrill = {
  asOf?: string | undefined;
  bucket?: AgingBucket | undefined;
  companyId?: string | undefined;
};

/** `GET /api/accounting/aging/invoices`: the invoices behind one amount of the aging. */
export function useAgingInvoices(drill: AgingDrill, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: [...ACCOUNTING_KEY, 'aging-invoices', drill],
    queryFn: ({ signal }) =>
      getJson<AgingInvoices>(`/api/accounting/aging/invoices?${listSearchParams(drill).toString()}`, signal),
    enabled,
  });
}

/** The aging's CSV (the browser downloads it with the session cookie). */
export const agingCsvHref = (asOf: string | undefined) =>
  `/api/accounting/aging.csv${asOf ? `?asOf=${encodeURIComponent(asOf)}` : ''}`;

/** A company's statement PDF as of the aging's day (the server's today without one). */
export const statementPdfHref = (companyId: string, asOf: string | undefined) =>
  `/api/accounting/companies/${companyId}/statement.pdf${asOf ? `?asOf=${encodeURIComponent(asOf)}` : ''}`;

/** `GET /api/accounting/ready-to-invoice`: completed claims of the last 90 days on no invoice. */
export function useReadyToInvoice() {
  return useQuery({
    queryKey: [...ACCOUNTING_KEY, 'ready-to-invoice'],
    queryFn: ({ signal }) => getJson<ReadyToInvoice>('/api/accounting/ready-to-invoice', signal),
  });
}
