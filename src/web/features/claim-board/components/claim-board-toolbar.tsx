import { lazy, Suspense, useState } from 'react';
import { UserRoundCheckIcon, XIcon } from 'lucide-react';

import { Button } from '../../../components/ui/button';
import type { ClaimBoardFilter } from '../api/get-claim-board';
import type { BoardFilterChange } from '../hooks/use-board-filter';
import { type ClaimsFilterOptions, FilterSheet, FiltersButton } from '../../claims';

type ToolbarProps = {
  filter: ClaimBoardFilter;
  options: ClaimsFilterOptions;
  onChange: (change: BoardFilterChange) => void;
};

const LazyFilterFields = lazy(() =>
  import('./claim-board-filter-fields').then((m) => ({ default: m.ClaimBoardFilterFields })),
);

/** The four filters once loaded; until then, four boxes of their size (a label over a select). */
function FilterFields(props: ToolbarProps) {
  return (
    <Suspense
      fallback={Array.from({ length: 4 }, (_, index) => (
        <div key={index} aria-hidden="true" className="grid gap-2">
          <div className="bg-muted h-3.5 w-20 animate-pulse rounded" />
          <div className="h-9 rounded-md border" />
        </div>
      ))}
    >
      <LazyFilterFields {...props} />
    </Suspense>
  );
}

/** "My claims": the board narrowed to the claims assigned to the signed-in user (assignee = me). */
function MyClaimsToggle({ filter, options, onChange }: ToolbarProps) {
  const mine = filter.assigneeId === options.currentUserId;
  return (
    <Button
      type="button"
      variant={mine ? 'default' : 'outline'}
      className="justify-self-start"
      aria-pressed={mine}
      onClick={() => onChange({ assigneeId: mine ? undefined : options.currentUserId })}
    >
      <UserRoundCheckIcon aria-hidden="true" />
      My claims
    </Button>
  );
}

/**
 * The board's filters (company, location, facility, assignee) and "My claims". From 768 px they sit in a row
 * under the workflow tabs; on a phone they open in a sheet, and "My claims" stays at hand.
 */
export function ClaimBoardToolbar({
  compact,
  activeFilters,
  onClear,
  ...props
}: ToolbarProps & { compact: boolean; activeFilters: number; onClear: () => void }) {
  const [sheetOpen, setSheetOpen] = useState(false);

  if (!compact) {
    return (
      <div
        role="group"
        aria-label="Filters"
        className="grid grid-cols-2 items-end gap-3 lg:grid-cols-[repeat(4,minmax(0,14rem))_auto_auto]"
      >
        <FilterFields {...props} />
        <MyClaimsToggle {...props} />
        {activeFilters > 0 && (
          <Button type="button" variant="ghost" onClick={onClear}>
            <XIcon aria-hidden="true" />
            Clear filters
          </Button>
        )}
      </div>
    );
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <FiltersButton count={activeFilters} onClick={() => setSheetOpen(true)} />
      <MyClaimsToggle {...props} />
      <FilterSheet
        open={sheetOpen}
        onOpenChange={setSheetOpen}
        description="The board updates as you choose."
        doneLabel="Show the board"
        onClear={activeFilters > 0 ? onClear : undefined}
      >
        <FilterFields {...props} />
      </FilterSheet>
    </div>
  );
}
