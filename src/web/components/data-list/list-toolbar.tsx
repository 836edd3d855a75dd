import type { ReactNode } from 'react';
import { XIcon } from 'lucide-react';

import { Button } from '../ui/button';

/** Search, the list's filters (`children`) and, once something is filtered, a way back to the whole list. */
export function ListToolbar({
  label,
  filtered,
  onClear,
  children,
}: {
  /** Names the search landmark: "Filter users". */
  label: string;
  filtered: boolean;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <div role="search" aria-label={label} className="flex flex-wrap items-center gap-2">
      {children}
      {filtered && (
        <Button variant="ghost" onClick={onClear}>
          <XIcon aria-hidden="true" />
          Clear filters
        </Button>
      )}
    </div>
  );
}

/**
 * The selects of a toolbar: on a phone, as many equal columns as fit at 10rem each (so "All companies" reads
 * whole), the rest on the next line; their natural widths from 640 px.
 */
export function ToolbarFilters({ children }: { children: ReactNode }) {
  return (
    <div className="grid w-full grid-cols-[repeat(auto-fit,minmax(10rem,1fr))] gap-2 sm:flex sm:w-auto">
      {children}
    </div>
  );
}
