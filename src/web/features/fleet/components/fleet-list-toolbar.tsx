import type { ReactNode } from 'react';

import { ActiveFilter, ListToolbar, SearchBox, ToolbarFilters } from '../../../components/data-list';
import type { FleetListFilter } from '../api/list-filter';

/** Search, the screen's own filters (`children`), status, and a way back to the whole list. */
export function FleetListToolbar({
  label,
  searchLabel,
  searchPlaceholder,
  filter,
  filtered,
  onChange,
  onClear,
  children,
}: {
  label: string;
  searchLabel: string;
  searchPlaceholder: string;
  filter: FleetListFilter;
  filtered: boolean;
  onChange: (change: Partial<FleetListFilter>) => void;
  onClear: () => void;
  /** Selects placed before the status filter. */
  children?: ReactNode;
}) {
  return (
    <ListToolbar label={label} filtered={filtered} onClear={onClear}>
      <SearchBox
        value={filter.search ?? ''}
        label={searchLabel}
        placeholder={searchPlaceholder}
        maxLength={100}
        className="w-full sm:max-w-xs sm:flex-1"
        onSearch={(search) => onChange({ search })}
      />
      <ToolbarFilters>
        {children}
        <ActiveFilter value={filter.active} onChange={(active) => onChange({ active })} />
      </ToolbarFilters>
    </ListToolbar>
  );
}
