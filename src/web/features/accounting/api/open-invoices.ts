import type { InvoiceSummary } from '@shared/accounting';
import { canSettleInvoice } from '@shared/accounting.policy';

import { useInvoices } from './get-invoices';

/**
 * A company's invoices that still owe money (`canSettleInvoice`: sent or partially paid, with a balance), earliest
 * due first: what a payment or a credit can settle. At most 100 of each status, which is what one payment may settle at once.
 */
export function useOpenInvoices(companyId: string | undefined) {
  const base = { companyId, sort: 'dueDate', dir: 'asc', pageSize: 100 } as const;
  const enabled = Boolean(companyId);
  const sent = useInvoices({ ...base, status: 'sent' }, { enabled });
  const partial = useInvoices({ ...base, status: 'partially_paid' }, { enabled });
  const items: InvoiceSummary[] = [...(partial.data?.items ?? []), ...(sent.data?.items ?? [])]
    .filter((invoice) => invoice.companyId === companyId && canSettleInvoice(invoice))
    .sort((a, b) => (a.dueDate ?? '').localeCompare(b.dueDate ?? '') || a.id.localeCompare(b.id));
  return { items, isPending: enabled && (sent.isPending || partial.isPending) };
}
