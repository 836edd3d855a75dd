import { useEffect, useState } from 'react';
import { SearchIcon, XIcon } from 'lucide-react';
import { userRoleSchema, type UserRole } from '@shared/auth';
import type { CompanySummary } from '@shared/users';

import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import type { UsersFilter } from '../api/get-users';
import type { UsersFilterChange } from '../hooks/use-users-filter';
import { ROLE_LABELS } from './role-badge';

/** Wait this long after the last keystroke before searching. */
export const SEARCH_DEBOUNCE_MS = 300;

const ALL = 'all';

/**
 * Search box, as typed; it reaches the address (and the server) once typing pauses. A search changed
 * from elsewhere (Back, Clear filters) replaces the text, unless it is just what was typed, trimmed.
 */
function SearchBox({ value, onSearch }: { value: string; onSearch: (search: string) => void }) {
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
        placeholder="Search name, username or email"
        aria-label="Search users"
        className="pl-8"
      />
    </div>
  );
}

export function UsersToolbar({
  filter,
  companies,
  filtered,
  onChange,
  onClear,
}: {
  filter: UsersFilter;
  companies: readonly CompanySummary[];
  filtered: boolean;
  onChange: (change: UsersFilterChange) => void;
  onClear: () => void;
}) {
  return (
    <div role="search" aria-label="Filter users" className="flex flex-wrap items-center gap-2">
      <SearchBox value={filter.search ?? ''} onSearch={(search) => onChange({ search })} />
      {/* Three equal columns on a phone, their natural widths from 640 px. */}
      <div className="grid w-full grid-cols-3 gap-2 sm:flex sm:w-auto">
        <Select
          value={filter.role ?? ALL}
          onValueChange={(role) => onChange({ role: role === ALL ? undefined : (role as UserRole) })}
        >
          <SelectTrigger aria-label="Role" className="w-full sm:w-[9.5rem]">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All roles</SelectItem>
            {userRoleSchema.options.map((role) => (
              <SelectItem key={role} value={role}>
                {ROLE_LABELS[role]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select
          value={filter.companyId ?? ALL}
          onValueChange={(companyId) => onChange({ companyId: companyId === ALL ? undefined : companyId })}
        >
          <SelectTrigger aria-label="Company" className="w-full sm:w-[12rem]">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All companies</SelectItem>
            {companies.map((company) => (
              <SelectItem key={company.id} value={company.id}>
                {company.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select
          value={filter.active ?? ALL}
          onValueChange={(active) =>
            onChange({ active: active === 'true' || active === 'false' ? active : undefined })
          }
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
