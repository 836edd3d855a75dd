import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClaimInvoice, Invoice } from '@shared/accounting';

import { ACCOUNTING_KEY, getJson, invoiceUrl } from './accounting-query';

export const invoiceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...ACCOUNTING_KEY, 'invoice', id],
    queryFn: ({ signal }) => getJson<Invoice>(invoiceUrl(id), signal),
  });

/** `GET /api/accounting/invoices/{id}`: lines, payments, credit notes and history. */
export function useInvoice(id: string | undefined) {
  return useQuery({ ...invoiceQueryOptions(id ?? ''), enabled: Boolean(id) });
}

/** `GET /api/accounting/claims/{id}/invoice`: the claim's invoice that is not void, if any (admins). */
export function useClaimInvoice(claimId: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: [...ACCOUNTING_KEY, 'claim', claimId],
    queryFn: ({ signal }) =>
      getJson<ClaimInvoice>(`/api/accounting/claims/${encodeURIComponent(claimId)}/invoice`, signal),
    enabled,
  });
}
