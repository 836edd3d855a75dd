import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { exportPaymentsQuerySchema, type Payment, type RecordPaymentInput } from '@shared/accounting';

import { listSearchParams } from '../../../components/data-list';
import type { ListPage } from '../../../components/data-list';
import {
  ACCOUNTING_KEY,
  csvHref,
  getJson,
  paymentUrl,
  sendJson,
  useRefreshAccounting,
} from './accounting-query';

export const PAYMENTS_PAGE_SIZE = 25;

export type PaymentsFilter = { companyId?: string | undefined; page?: number; pageSize?: number };

/** `GET /api/accounting/payments`: newest first, of one company or all. */
export function usePayments(filter: PaymentsFilter, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...ACCOUNTING_KEY, 'payments', filter],
    queryFn: ({ signal }) =>
      getJson<ListPage<Payment>>(
        `/api/accounting/payments?${listSearchParams({ pageSize: PAYMENTS_PAGE_SIZE, ...filter }).toString()}`,
        signal,
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** `GET /api/accounting/payments.csv` of the list's filters, every page, one row per payment. */
export const paymentsCsvHref = (filter: PaymentsFilter) =>
  csvHref('/api/accounting/payments.csv', exportPaymentsQuerySchema.keyof().options, filter);

export function usePayment(id: string | undefined) {
  return useQuery({
    queryKey: [...ACCOUNTING_KEY, 'payment', id],
    queryFn: ({ signal }) => getJson<Payment>(paymentUrl(id!), signal),
    enabled: Boolean(id),
  });
}

function usePaymentMutation<Input>(mutationFn: (input: Input) => Promise<Payment>) {
  const refresh = useRefreshAccounting();
  return useMutation<Payment, Error, Input>({ mutationFn, onSuccess: () => void refresh() });
}

/** `POST /api/accounting/payments`: money received, applied to invoices; the rest stays as credit. */
export const useRecordPaymentMutation = () =>
  usePaymentMutation((input: RecordPaymentInput) =>
    sendJson<Payment>('POST', '/api/accounting/payments', input),
  );

export type Application = { invoiceId: string; amountCents: number };

/** `POST /api/accounting/payments/{id}/applications`: applies a payment's unapplied credit. */
export const useApplyPaymentMutation = () =>
  usePaymentMutation(({ id, applications }: { id: string; applications: Application[] }) =>
    sendJson<Payment>('POST', `${paymentUrl(id)}/applications`, { applications }),
  );

/** `POST /api/accounting/payments/{id}/reversal`: reopens the balances it settled. */
export const useReversePaymentMutation = () =>
  usePaymentMutation(({ id, reason }: { id: string; reason: string }) =>
    sendJson<Payment>('POST', `${paymentUrl(id)}/reversal`, { reason }),
  );
