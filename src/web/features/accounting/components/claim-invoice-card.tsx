import { Link } from 'wouter';
import { canInvoiceClaim } from '@shared/accounting.policy';
import type { Claim } from '@shared/claims';

import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { ClaimSection } from '../../claims';
import { useClaimInvoice } from '../api/get-invoice';
import { invoiceName, Money } from './accounting-format';
import { InvoiceStatusBadge } from './invoice-status-badge';

const ACCOUNTING = '/admin/accounts-receivable';

/** The claim page's invoice (admins: `accounting.view`): its number, status and balance, and where to open it. */
export function ClaimInvoiceCard({ claim }: { claim: Claim }) {
  const query = useClaimInvoice(claim.id, { enabled: true });
  const invoiceable = canInvoiceClaim(claim);
  return (
    <ClaimSection
      id="claim-invoice"
      title="Invoice"
      description="What the fleet was billed for this claim."
      query={query}
      loading={<Skeleton className="h-12 w-full" />}
    >
      {() => {
        const invoice = query.data?.invoice;
        if (!invoice) {
          return (
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <p className="text-muted-foreground">
                {invoiceable ? 'Not invoiced yet.' : 'Invoiced once the claim is completed.'}
              </p>
              {invoiceable && (
                <Button variant="outline" size="sm" asChild>
                  <Link href={`${ACCOUNTING}?tab=ready`}>Ready to invoice</Link>
                </Button>
              )}
            </div>
          );
        }
        return (
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
            <Link
              href={`${ACCOUNTING}?invoice=${invoice.id}`}
              className="text-primary focus-visible:ring-ring/50 rounded-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px]"
            >
              {invoiceName(invoice)}
            </Link>
            <InvoiceStatusBadge status={invoice.status} overdue={invoice.overdue} />
            <span className="ml-auto">
              {invoice.status === 'draft' ? 'Total ' : 'Balance '}
              <Money
                cents={invoice.status === 'draft' ? invoice.totalCents : invoice.balanceCents}
                className="font-semibold"
              />
            </span>
          </div>
        );
      }}
    </ClaimSection>
  );
}
