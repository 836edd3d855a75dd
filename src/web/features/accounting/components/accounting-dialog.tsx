import type { ReactNode } from 'react';

import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={cn(wide && 'max-h-[90dvh] overflow-y-auto sm:max-w-2xl')}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {open && children}
      </DialogContent>
    </Dialog>
  );
}
