import { lazy, Suspense, useCallback, type ReactNode } from 'react';
import { useSearchParams } from 'wouter';
import type { CompanySummary } from '@shared/users';

import { lazyDialog } from '../../../components/lazy-dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { InvoicesTab } from './invoices-tab';

// The first tab draws with the page; the others, and the invoice sheet with its dialogs (react-hook-form, the
// payment and credit schemas), load when they are first opened (issue 30's budget per route).
const PaymentsTab = lazy(() => import('./payments-tab').then((m) => ({ default: m.PaymentsTab })));
const AgingTab = lazy(() => import('./aging-tab').then((m) => ({ default: m.AgingTab })));
const ReadyToInvoiceTab = lazy(() =>
  import('./ready-to-invoice-tab').then((m) => ({ default: m.ReadyToInvoiceTab })),
);
const InvoiceSheet = lazyDialog(
  () => import('./invoice-sheet').then((m) => m.InvoiceSheet),
  (props) => props.invoiceId !== null,
);

function TabLoading() {
  return (
    <div className="grid gap-3" role="status" aria-busy="true" aria-label="Loading the tab">
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

export const ACCOUNTING_TABS = [
  { value: 'invoices', label: 'Invoices' },
  { value: 'payments', label: 'Payments' },
  { value: 'aging', label: 'Aging' },
  { value: 'ready', label: 'Ready to invoice' },
] as const;
type Tab = (typeof ACCOUNTING_TABS)[number]['value'];

const tabOf = (value: string | null): Tab =>
  ACCOUNTING_TABS.find((tab) => tab.value === value)?.value ?? 'invoices';

/**
 * The Accounting page (`/admin/accounts-receivable`): its tab (`?tab=payments`) and each tab's filters live in
 * the address, as does the invoice open in the sheet (`?invoice={id}`), so any of them can be linked to.
 */
export function Accounting({
  companies,
  canManage,
}: {
  companies: readonly CompanySummary[];
  canManage: boolean;
}) {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const invoiceId = params.get('invoice');

  const openInvoice = useCallback(
    (invoice: { id: string }) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        next.set('invoice', invoice.id);
        return next;
      }),
    [setParams],
  );
  const closeInvoice = () =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('invoice');
        return next;
      },
      { replace: true },
    );

  const panels: Record<Tab, ReactNode> = {
    invoices: <InvoicesTab companies={companies} onOpen={openInvoice} />,
    payments: <PaymentsTab companies={companies} onOpenInvoice={openInvoice} />,
    aging: <AgingTab onOpenInvoice={openInvoice} />,
    ready: <ReadyToInvoiceTab canManage={canManage} onCreated={openInvoice} />,
  };

  return (
    <>
      <Tabs
        value={tab}
        // A tab's filters mean nothing to the other: switching starts from a clean address.
        onValueChange={(next) => setParams(next === 'invoices' ? {} : { tab: next })}
        className="gap-4"
      >
        <TabsList aria-label="Accounting" className="h-auto flex-wrap">
          {ACCOUNTING_TABS.map(({ value, label }) => (
            <TabsTrigger key={value} value={value}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {ACCOUNTING_TABS.map(({ value }) => (
          <TabsContent key={value} value={value}>
            {tab === value && <Suspense fallback={<TabLoading />}>{panels[value]}</Suspense>}
          </TabsContent>
        ))}
      </Tabs>
      <InvoiceSheet
        invoiceId={invoiceId}
        companies={companies}
        canManage={canManage}
        onClose={closeInvoice}
      />
    </>
  );
}
