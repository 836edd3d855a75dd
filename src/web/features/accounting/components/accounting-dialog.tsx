import type { ReactNode } from 'react';
import type { Invoice } from '@shared/accounting';

import { FormDialog, type DialogState } from '../../../components/form-dialog';
import { cn } from '../../../lib/utils';

/** A dialog of the Accounting page: its title, a line under it, and the form, mounted only while open. */
export function AccountingDialog({
  open,
  title,
  description,
  wide = false,
  onOpenChange,
  children,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  /** Room for lines or several invoices. */
  wide?: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className={cn(wide && 'max-h-[90dvh] overflow-y-auto sm:max-w-2xl')}
      title={title}
      description={description}
    >
      {open && children}
    </FormDialog>
  );
}

/** What a dialog about one invoice takes: the invoice, and whether it is open. */
export type InvoiceDialogProps = DialogState & { invoice: Invoice };
