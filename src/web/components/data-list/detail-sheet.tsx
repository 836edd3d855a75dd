import { useState, type ReactNode } from 'react';

import { cn } from '../../lib/utils';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '../ui/sheet';

/** The record a sheet shows: the one opened, or while the sheet slides out, the last one. */
export function useLastShown<T>(shown: T | null): T | null {
  const [last, setLast] = useState(shown);
  if (shown && shown !== last) setLast(shown);
  return shown ?? last;
}

/** One record in full, beside its list: a title, a line under it, the details and, below, the actions. */
export function DetailSheet({
  open,
  title,
  description,
  className,
  headerClassName,
  onOpenChange,
  children,
}: {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  /** Spacing of the sheet's parts. */
  className?: string;
  headerClassName?: string;
  onOpenChange: (open: boolean) => void;
  /** The details, then the footer of actions. */
  children: ReactNode;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent className={cn('w-full sm:max-w-lg', className)}>
        <SheetHeader className={cn('pr-10', headerClassName)}>
          <SheetTitle className="text-lg leading-snug [overflow-wrap:anywhere]">{title}</SheetTitle>
          <SheetDescription>{description}</SheetDescription>
        </SheetHeader>
        {children}
      </SheetContent>
    </Sheet>
  );
}

export type DetailRow = { label: string; value: ReactNode };

const LABEL_WIDTHS = {
  narrow: 'sm:grid-cols-[8rem_minmax(0,1fr)]',
  wide: 'sm:grid-cols-[9rem_minmax(0,1fr)]',
};

/** Label–value rows of a detail view; a missing value reads as a dash, a value's line breaks stay. */
export function DetailList({
  rows,
  labels = 'wide',
}: {
  rows: readonly DetailRow[];
  labels?: keyof typeof LABEL_WIDTHS;
}) {
  return (
    <dl className={cn('grid gap-x-4 gap-y-3 text-sm', LABEL_WIDTHS[labels])}>
      {rows.map(({ label, value }) => (
        <div key={label} className="grid gap-0.5 sm:contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 break-words whitespace-pre-line">
            {value || <span className="text-muted-foreground">—</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A long text a person wrote (a message, notes), kept with its line breaks. */
export function WrittenText({ label, children }: { label: string; children: string }) {
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-medium">{label}</h3>
      <div className="bg-muted/50 rounded-lg border px-3 py-2.5 text-sm/6 break-words whitespace-pre-wrap">
        {children}
      </div>
    </section>
  );
}
