import { useEffect, useState, type ReactNode } from 'react';
import { SearchIcon, XIcon } from 'lucide-react';

import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import type { FleetListFilter } from '../api/list-filter';
import type { FleetListFilterChange } from '../hooks/use-fleet-list-filter';

/** Wait this long after the last keystroke before searching. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The value of a filter's "everything" choice (Radix Select items cannot have an empty value). */
export const ALL = 'all';

/**
 * Search box, as typed; it reaches the address (and the server) once typing pauses. A search changed
 * from elsewhere (Back, Clear filters) replaces the text, unless it is just what was typed, trimmed.
 */
function SearchBox({
  value,
  label,
  placeholder,
  onSearch,
}: {
  value: string;
  label: string;
  placeholder: string;
  onSearch: (search: string) => void;
}) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== text.trim()) setText(value);
  }
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (debounced.trim() !== value) onSearch(debounced.trim());
    // Only a pause in typing searches: a search set from elsewhere must not be sent back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  return (
    <div className="relative w-full min-w-0 sm:max-w-xs sm:flex-1">
      <SearchIcon
        className="text-muted-foreground pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2"
        aria-hidden="true"
      />
      <Input
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={placeholder}
        aria-label={label}
        maxLength={100}
        className="pl-8"
      />
    </div>
  );
}

/** Active, inactive or both. */
function StatusFilter({
  value,
  onChange,
}: {
  value: FleetListFilter['active'];
  onChange: (active: FleetListFilter['active']) => void;
}) {
  return (
    <Select
      value={value ?? ALL}
      onValueChange={(active) => onChange(active === 'true' || active === 'false' ? active : undefined)}
    >
      <SelectTrigger aria-label="Status" className="w-full sm:w-[9.5rem]">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>Any status</SelectItem>
        <SelectItem value="true">Active</SelectItem>
        <SelectItem value="false">Inactive</SelectItem>
      </SelectContent>
    </Select>
  );
}

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
  onChange: (change: FleetListFilterChange) => void;
  onClear: () => void;
  /** Selects placed before the status filter. */
  children?: ReactNode;
}) {
  return (
    <div role="search" aria-label={label} className="flex flex-wrap items-center gap-2">
      <SearchBox
        value={filter.search ?? ''}
        label={searchLabel}
        placeholder={searchPlaceholder}
        onSearch={(search) => onChange({ search })}
      />
      {/* Equal columns on a phone, their natural widths from 640 px. */}
      <div className="grid w-full auto-cols-fr grid-flow-col gap-2 sm:flex sm:w-auto">
        {children}
        <StatusFilter value={filter.active} onChange={(active) => onChange({ active })} />
      </div>
      {filtered && (
        <Button variant="ghost" onClick={onClear}>
          <XIcon aria-hidden="true" />
          Clear filters
        </Button>
      )}
    </div>
  );
}
