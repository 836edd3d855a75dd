import {
  BanIcon,
  CreditCardIcon,
  FileMinusIcon,
  PencilIcon,
  SendIcon,
  Trash2Icon,
  WalletIcon,
  type LucideIcon,
} from 'lucide-react';
import type { Invoice } from '@shared/accounting';
import { invoiceActions, type InvoiceAction } from '@shared/accounting.policy';

import { Button } from '../../../components/ui/button';
import { useAuthorization } from '../../auth';

export type InvoiceDialog = InvoiceAction;

const BUTTONS: Record<
  InvoiceAction,
  { label: string; icon: LucideIcon; variant?: 'outline'; destructive?: boolean }
> = {
  send: { label: 'Send invoice', icon: SendIcon },
  lines: { label: 'Edit lines', icon: PencilIcon, variant: 'outline' },
  delete: { label: 'Delete draft', icon: Trash2Icon, variant: 'outline', destructive: true },
  payment: { label: 'Record payment', icon: WalletIcon },
  apply: { label: 'Apply credit', icon: CreditCardIcon, variant: 'outline' },
  credit: { label: 'Issue credit note', icon: FileMinusIcon, variant: 'outline' },
  void: { label: 'Void invoice', icon: BanIcon, variant: 'outline', destructive: true },
};

/**
 * What the signed-in user may do to the invoice now, as the server decides it (`invoiceActions` of
 * `@shared/accounting.policy`): a draft is edited, sent or deleted; a sent one is paid, credited or voided.
 */
export function InvoiceActions({
  invoice,
  onOpen,
}: {
  invoice: Invoice;
  onOpen: (dialog: InvoiceDialog) => void;
}) {
  const { can } = useAuthorization();
  const actions = invoiceActions(invoice, can);
  if (!actions.length) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {actions.map((action) => {
        const { label, icon: Icon, variant, destructive } = BUTTONS[action];
        return (
          <Button
            key={action}
            variant={variant}
            className={destructive ? 'text-destructive' : undefined}
            onClick={() => onOpen(action)}
          >
            <Icon aria-hidden="true" />
            {label}
          </Button>
        );
      })}
    </div>
  );
}
