import { useQuery } from '@tanstack/react-query';

import { getJson } from './accounting-query';

type CompanyContacts = { billingEmail: string | null; contactEmail: string | null };

/**
 * Where a sent invoice goes: the company's billing email, else its contact email (as the server chooses). Kept
 * under the companies' key, so editing the company refreshes it.
 */
export function useInvoiceRecipient(companyId: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: ['/api/companies', companyId, 'invoice-recipient'],
    queryFn: ({ signal }) =>
      getJson<CompanyContacts>(`/api/companies/${encodeURIComponent(companyId)}`, signal),
    select: (company) => company.billingEmail ?? company.contactEmail ?? null,
    enabled,
  });
}
