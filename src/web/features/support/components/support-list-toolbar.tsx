import { useEffect, useState } from 'react';
import { SearchIcon, XIcon } from 'lucide-react';

import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import type { SupportListFilter } from '../api/list-filter';
import type { SupportListFilterChange } from '../hooks/use-support-list-filter';

/** Wait this long after the last keystroke before searching. */
export const SEARCH_DEBOUNCE_MS = 300;

const ANY = 'any';

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
    <div className="relative w-full min-w-0 sm:max-w-sm sm:flex-1">
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
        className="pl-8"
      />
    </div>
  );
}

/** Search, status filter and "Clear filters" above an admin list. */
export function SupportListToolbar<Status extends string>({
  label,
  searchLabel,
  searchPlaceholder,
  statuses,
  statusLabels,
  filter,
  filtered,
  onChange,
  onClear,
}: {
  /** Names the search landmark, e.g. "Filter bug reports". */
  label: string;
  searchLabel: string;
  searchPlaceholder: string;
  statuses: readonly Status[];
  statusLabels: Record<Status, string>;
  filter: SupportListFilter<Status>;
  filtered: boolean;
  onChange: (change: SupportListFilterChange<Status>) => void;
  onClear: () => void;
}) {
  return (
    <div role="search" aria-label={label} className="flex flex-wrap items-center gap-2">
      <SearchBox
        value={filter.search ?? ''}
        label={searchLabel}
        placeholder={searchPlaceholder}
        onSearch={(search) => onChange({ search })}
      />
      <Select
        value={filter.status ?? ANY}
        onValueChange={(status) => onChange({ status: statuses.find((known) => known === status) })}
      >
        <SelectTrigger aria-label="Status" className="w-full sm:w-[11rem]">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ANY}>Any status</SelectItem>
          {statuses.map((status) => (
            <SelectItem key={status} value={status}>
              {statusLabels[status]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {filtered && (
        <Button variant="ghost" onClick={onClear}>
          <XIcon aria-hidden="true" />
          Clear filters
        </Button>
      )}
    </div>
  );
}
