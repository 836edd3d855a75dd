import { useCallback, useState } from 'react';
import { Columns3Icon } from 'lucide-react';
import type { VisibilityState } from '@tanstack/react-table';

import { Button } from '../ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';
import type { DataColumn } from './data-table';

const STORAGE_PREFIX = 'fleetclaims.columns.';

/** The columns a user may show or hide: those marked `hideable`. */
const hideableOf = <T,>(columns: readonly DataColumn<T>[]) => columns.filter((column) => column.hideable);

function defaults<T>(columns: readonly DataColumn<T>[]): VisibilityState {
  return Object.fromEntries(hideableOf(columns).map((column) => [column.id, !column.hiddenByDefault]));
}

function read<T>(key: string, columns: readonly DataColumn<T>[]): VisibilityState {
  const base = defaults(columns);
  try {
    const stored = JSON.parse(window.localStorage.getItem(STORAGE_PREFIX + key) ?? '{}') as unknown;
    if (typeof stored !== 'object' || stored === null) return base;
    // Only known hideable columns, only booleans: an old or edited entry cannot hide the claim number.
    for (const [id, visible] of Object.entries(stored)) {
      if (id in base && typeof visible === 'boolean') base[id] = visible;
    }
  } catch {
    // Storage disabled or unreadable: the defaults.
  }
  return base;
}

function write(key: string, visibility: VisibilityState) {
  try {
    window.localStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(visibility));
  } catch {
    // Not remembered across visits; the choice still holds on this page.
  }
}

/**
 * Which of a table's columns the user chose to see, remembered in this browser under `key` (one per list:
 * `claims`). Columns marked `hideable` can be switched; `hiddenByDefault` ones start hidden.
 */
export function useColumnVisibility<T>(key: string, columns: readonly DataColumn<T>[]) {
  const [visibility, setVisibility] = useState<VisibilityState>(() => read(key, columns));
  const setVisible = useCallback(
    (id: string, visible: boolean) =>
      setVisibility((current) => {
        const next = { ...current, [id]: visible };
        write(key, next);
        return next;
      }),
    [key],
  );
  const reset = useCallback(() => {
    const next = defaults(columns);
    write(key, next);
    setVisibility(next);
  }, [key, columns]);
  return { visibility, setVisible, reset };
}

/** The "Columns" menu of a list: a checkbox per column the user may show or hide, and the defaults back. */
export function ColumnVisibilityMenu<T>({
  columns,
  visibility,
  onChange,
  onReset,
}: {
  columns: readonly DataColumn<T>[];
  visibility: VisibilityState;
  onChange: (id: string, visible: boolean) => void;
  onReset: () => void;
}) {
  const hideable = hideableOf(columns);
  const hidden = hideable.filter((column) => visibility[column.id] === false).length;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">
          <Columns3Icon aria-hidden="true" />
          Columns
          {hidden > 0 && <span className="text-muted-foreground text-xs">({hidden} hidden)</span>}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel>Show columns</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {hideable.map((column) => (
          <DropdownMenuCheckboxItem
            key={column.id}
            checked={visibility[column.id] !== false}
            onCheckedChange={(checked) => onChange(column.id, checked === true)}
            // Keep the menu open to choose several.
            onSelect={(event) => event.preventDefault()}
          >
            {column.menuLabel ?? (typeof column.header === 'string' ? column.header : column.id)}
          </DropdownMenuCheckboxItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onReset}>Default columns</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
