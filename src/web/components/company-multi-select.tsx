import { useId, useMemo, useState } from 'react';
import { ChevronsUpDownIcon, SearchIcon } from 'lucide-react';
import type { CompanySummary } from '@shared/users';

import { Button } from './ui/button';
import { Checkbox } from './ui/checkbox';
import { Input } from './ui/input';
import { Popover, PopoverContent, PopoverTrigger } from './ui/popover';
import { cn } from '../lib/utils';

/** Beyond this many companies the list gets a filter box. */
const FILTER_FROM = 8;

export function companyNames(ids: readonly string[], companies: readonly CompanySummary[]): string[] {
  const byId = new Map(companies.map((company) => [company.id, company.name]));
  return ids.map((id) => byId.get(id) ?? 'Unknown company');
}

function summary(ids: readonly string[], companies: readonly CompanySummary[]): string {
  if (ids.length === 0) return 'No companies';
  const names = companyNames(ids, companies);
  return names.length <= 2 ? names.join(', ') : `${names.slice(0, 2).join(', ')} +${names.length - 2}`;
}

/** Pick any number of companies: a button showing the choice, opening a checklist. */
export function CompanyMultiSelect({
  companies,
  value,
  onChange,
  disabled,
  id,
  ...aria
}: {
  companies: readonly CompanySummary[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  const [query, setQuery] = useState('');
  const listId = useId();
  const shown = useMemo(() => {
    const text = query.trim().toLowerCase();
    if (!text) return companies;
    return companies.filter(
      (company) => company.name.toLowerCase().includes(text) || company.code.toLowerCase().includes(text),
    );
  }, [companies, query]);

  const toggle = (companyId: string, checked: boolean) =>
    onChange(checked ? [...value, companyId] : value.filter((selected) => selected !== companyId));

  return (
    <Popover onOpenChange={(open) => !open && setQuery('')}>
      <PopoverTrigger asChild>
        <Button
          id={id}
          type="button"
          variant="outline"
          disabled={disabled || companies.length === 0}
          className={cn('w-full justify-between font-normal', value.length === 0 && 'text-muted-foreground')}
          {...aria}
        >
          <span className="truncate">
            {companies.length === 0 ? 'No companies yet' : summary(value, companies)}
          </span>
          <ChevronsUpDownIcon className="opacity-50" aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-(--radix-popover-trigger-width) min-w-64 p-0">
        {companies.length >= FILTER_FROM && (
          <div className="flex items-center gap-2 border-b px-3">
            <SearchIcon className="text-muted-foreground size-4 shrink-0" aria-hidden="true" />
            <Input
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder="Filter companies"
              aria-label="Filter companies"
              aria-controls={listId}
              className="h-10 border-0 px-0 shadow-none focus-visible:ring-0"
            />
          </div>
        )}
        <ul id={listId} aria-label="Companies" className="max-h-64 overflow-y-auto p-1">
          {shown.map((company) => {
            const checkboxId = `${listId}-${company.id}`;
            return (
              <li key={company.id}>
                <label
                  htmlFor={checkboxId}
                  className="hover:bg-accent flex cursor-pointer items-center gap-2.5 rounded-sm px-2 py-1.5 text-sm"
                >
                  <Checkbox
                    id={checkboxId}
                    checked={value.includes(company.id)}
                    onCheckedChange={(checked) => toggle(company.id, checked === true)}
                  />
                  <span className="min-w-0 flex-1 truncate">{company.name}</span>
                  <span className="text-muted-foreground text-xs">{company.code}</span>
                </label>
              </li>
            );
          })}
          {shown.length === 0 && (
            <li className="text-muted-foreground px-2 py-3 text-center text-sm">No company matches.</li>
          )}
        </ul>
        {value.length > 0 && (
          <div className="border-t p-1">
            <Button type="button" variant="ghost" size="sm" className="w-full" onClick={() => onChange([])}>
              Clear selection
            </Button>
          </div>
        )}
      </PopoverContent>
    </Popover>
  );
}
