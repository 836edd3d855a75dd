import {
  BanIcon,
  CreditCardIcon,
  FileMinusIcon,
  PencilIcon,
  SendIcon,
  Trash2Icon,
  WalletIcon,
} from 'lucide-react';
import type { Invoice } from '@shared/accounting';

import { Button } from '../../../components/ui/button';

export type InvoiceDialog = 'lines' | 'send' | 'delete' | 'void' | 'credit' | 'payment' | 'apply';

/** What may be done to the invoice now: a draft is edited, sent or deleted; a sent one is paid, credited or voided. */
export function InvoiceActions({
  invoice,
  onOpen,
}: {
  invoice: Invoice;
  onOpen: (dialog: InvoiceDialog) => void;
}) {
  if (invoice.status === 'void') return null;
  if (invoice.status === 'draft') {
    return (
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => onOpen('send')}>
          <SendIcon aria-hidden="true" />
          Send invoice
        </Button>
        <Button variant="outline" onClick={() => onOpen('lines')}>
          <PencilIcon aria-hidden="true" />
          Edit lines
        </Button>
        <Button variant="outline" className="text-destructive" onClick={() => onOpen('delete')}>
          <Trash2Icon aria-hidden="true" />
          Delete draft
        </Button>
      </div>
    );
  }
  const open = invoice.balanceCents > 0;
  return (
    <div className="flex flex-wrap gap-2">
      {open && (
        <>
          <Button onClick={() => onOpen('payment')}>
            <WalletIcon aria-hidden="true" />
            Record payment
          </Button>
          <Button variant="outline" onClick={() => onOpen('apply')}>
            <CreditCardIcon aria-hidden="true" />
            Apply credit
          </Button>
          <Button variant="outline" onClick={() => onOpen('credit')}>
            <FileMinusIcon aria-hidden="true" />
            Issue credit note
          </Button>
        </>
      )}
      {invoice.paidCents === 0 && (
        <Button variant="outline" className="text-destructive" onClick={() => onOpen('void')}>
          <BanIcon aria-hidden="true" />
          Void invoice
        </Button>
      )}
    </div>
  );
}
