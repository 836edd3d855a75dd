import { useMutation } from '@tanstack/react-query';
import type { CreateInvoiceInput, CreditNote, Invoice, UpdateInvoiceInput } from '@shared/accounting';

import { apiRequest } from '../../../lib/api-client';
import { invoiceUrl, sendJson, useRefreshAccounting } from './accounting-query';

/**
 * The invoice's changes (`accounting.manage`); each refreshes every accounting view. The caller words the
 * toasts and puts field errors on its form.
 */
function useAccountingMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const refresh = useRefreshAccounting();
  return useMutation<Output, Error, Input>({ mutationFn, onSuccess: () => void refresh() });
}

/** `POST /api/accounting/invoices`: a draft from completed claims of one company. */
export const useCreateInvoiceMutation = () =>
  useAccountingMutation((input: CreateInvoiceInput) =>
    sendJson<Invoice>('POST', '/api/accounting/invoices', input),
  );

/** `PATCH /api/accounting/invoices/{id}`: a draft's lines, terms and note. */
export const useUpdateInvoiceMutation = () =>
  useAccountingMutation(({ id, changes }: { id: string; changes: UpdateInvoiceInput }) =>
    sendJson<Invoice>('PATCH', invoiceUrl(id), changes),
  );

/** `DELETE /api/accounting/invoices/{id}?version=`: a draft, which frees its claims. */
export const useDeleteInvoiceMutation = () =>
  useAccountingMutation(async ({ id, version }: { id: string; version: number }) => {
    await apiRequest('DELETE', `${invoiceUrl(id)}?version=${version}`);
  });

/** `POST /api/accounting/invoices/{id}/send`: numbers the draft and sends it to the company. */
export const useSendInvoiceMutation = () =>
  useAccountingMutation(({ id, version }: { id: string; version: number }) =>
    sendJson<Invoice>('POST', `${invoiceUrl(id)}/send`, { version }),
  );

/** `POST /api/accounting/invoices/{id}/void`: with the reason; it keeps its number. */
export const useVoidInvoiceMutation = () =>
  useAccountingMutation(({ id, version, reason }: { id: string; version: number; reason: string }) =>
    sendJson<Invoice>('POST', `${invoiceUrl(id)}/void`, { version, reason }),
  );

/** `POST /api/accounting/invoices/{id}/credit-notes`: a correction that reduces the balance. */
export const useIssueCreditNoteMutation = () =>
  useAccountingMutation(({ id, amountCents, reason }: { id: string; amountCents: number; reason: string }) =>
    sendJson<CreditNote>('POST', `${invoiceUrl(id)}/credit-notes`, { amountCents, reason }),
  );
