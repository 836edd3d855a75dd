import type { ReactNode } from 'react';
import { SlidersHorizontalIcon } from 'lucide-react';

import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from '../../../components/ui/sheet';

/** "Filters", with the number of filters set. */
export function FiltersButton({
  count,
  expanded,
  onClick,
}: {
  count: number;
  expanded?: boolean;
  onClick: () => void;
}) {
  return (
    <Button type="button" variant="outline" onClick={onClick} aria-expanded={expanded}>
      <SlidersHorizontalIcon aria-hidden="true" />
      Filters
      {count > 0 && (
        <>
          <Badge aria-hidden="true" className="h-5 min-w-5 rounded-full px-1.5 tabular-nums">
            {count}
          </Badge>
          <span className="sr-only"> ({count} active)</span>
        </>
      )}
    </Button>
  );
}

/** The filters of a phone layout, in a sheet from the right; what they filter updates as they change. */
export function FilterSheet({
  open,
  onOpenChange,
  description,
  doneLabel,
  onClear,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  description: string;
  /** The button that closes the sheet: "Show claims". */
  doneLabel: string;
  /** Given when a filter is set. */
  onClear?: (() => void) | undefined;
  children: ReactNode;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" className="w-full gap-0 sm:max-w-sm">
        <SheetHeader>
          <SheetTitle>Filters</SheetTitle>
          <SheetDescription>{description}</SheetDescription>
        </SheetHeader>
        <div className="grid gap-4 overflow-y-auto px-4 pb-4">{children}</div>
        <SheetFooter className="border-t">
          {onClear && (
            <Button type="button" variant="outline" onClick={onClear}>
              Clear filters
            </Button>
          )}
          <Button type="button" onClick={() => onOpenChange(false)}>
            {doneLabel}
          </Button>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}
