import { useState, type ReactNode } from 'react';

import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';

/**
 * The record an edit dialog is for, kept while the dialog closes: the caller clears it at once, and the
 * closing dialog must not turn into a create form while it fades out.
 */
export function useRecordWhileClosing<T>(record: T | null): T | null {
  const [last, setLast] = useState(record);
  if (record && record !== last) setLast(record);
  return record ?? last;
}

/** The frame of a create or edit form. The form inside mounts afresh each time the dialog opens. */
export function RecordFormDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** Two fields side by side from 640 px, one above the other on a phone. */
export function FieldPair({ children }: { children: ReactNode }) {
  return <div className="grid items-start gap-5 sm:grid-cols-2 sm:gap-4">{children}</div>;
}
