import { useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import { SearchIcon } from 'lucide-react';

import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { cn } from '../../lib/utils';
import { Input } from '../ui/input';

/** Wait this long after the last keystroke before searching. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * Search box, as typed; it reaches the address (and the server) once typing pauses. A search changed
 * from elsewhere (Back, Clear filters) replaces the text, unless it is just what was typed, trimmed.
 */
export function SearchBox({
  value,
  label,
  placeholder,
  maxLength,
  className = 'w-full sm:max-w-sm sm:flex-1',
  onSearch,
}: {
  value: string;
  /** The box's accessible name: "Search users". */
  label: string;
  placeholder: string;
  maxLength?: number;
  /** The widths of the box's wrapper in its toolbar. */
  className?: string;
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
    <SearchInput
      value={text}
      onText={setText}
      placeholder={placeholder}
      aria-label={label}
      maxLength={maxLength}
      className={cn('min-w-0', className)}
    />
  );
}

/**
 * A search field: the input with its magnifier, as the lists' SearchBox and the vehicle picker show it. `onText`
 * gets every keystroke; the caller debounces. `children` sit inside its box (a spinner at its end).
 */
export function SearchInput({
  onText,
  className,
  children,
  ...input
}: {
  onText: (text: string) => void;
  className?: string;
  children?: ReactNode;
} & Omit<ComponentProps<typeof Input>, 'type' | 'onChange' | 'className' | 'children'>) {
  return (
    <div className={cn('relative', className)}>
      <SearchIcon
        className="text-muted-foreground pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2"
        aria-hidden="true"
      />
      <Input {...input} type="search" onChange={(event) => onText(event.target.value)} className="pl-8" />
      {children}
    </div>
  );
}
