import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@shared/accounting';

import { Badge } from '../../../components/ui/badge';

/** Tints that read at a glance: money still owed stands out, settled and void fade. */
const TONES: Record<InvoiceStatus, string> = {
  draft: 'text-muted-foreground',
  sent: 'border-primary/25 bg-primary/10 text-primary',
  partially_paid: 'border-amber-300 bg-amber-50 text-amber-800',
  paid: 'border-success/30 bg-success/10 text-success',
  void: 'border-destructive/30 bg-destructive/10 text-destructive',
};

export function InvoiceStatusBadge({
  status,
  overdue = false,
}: {
  status: InvoiceStatus;
  overdue?: boolean;
}) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Badge variant="outline" className={TONES[status]}>
        {INVOICE_STATUS_LABELS[status]}
      </Badge>
      {overdue && (
        <Badge variant="outline" className="border-destructive/30 bg-destructive/10 text-destructive">
          Overdue
        </Badge>
      )}
    </span>
  );
}
