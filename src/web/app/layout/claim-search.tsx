import { useId, useState, type FormEvent } from 'react';
import { SearchIcon } from 'lucide-react';
import { useLocation } from 'wouter';

import { cn } from '../../lib/utils';
import { Input } from '../../components/ui/input';

/** Where a claim search lands (spec §2): All Claims filtered by the text, or unfiltered when empty. */
export function claimSearchHref(text: string): string {
  const query = text.trim();
  return query ? `/vehicles?search=${encodeURIComponent(query)}` : '/vehicles';
}

/** The sidebar's claim search box. Enter runs the search; the box empties for the next one. */
export function ClaimSearchForm({
  className,
  inputClassName,
  autoFocus = false,
  onSearch,
}: {
  className?: string;
  inputClassName?: string;
  autoFocus?: boolean;
  onSearch?: () => void;
}) {
  const inputId = useId();
  const [, navigate] = useLocation();
  const [text, setText] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    navigate(claimSearchHref(text));
    setText('');
    onSearch?.();
  }

  return (
    <form role="search" aria-label="Claims" onSubmit={submit} className={cn('relative', className)}>
      <label htmlFor={inputId} className="sr-only">
        Search claims
      </label>
      <SearchIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 opacity-60"
      />
      <Input
        id={inputId}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search claims…"
        enterKeyHint="search"
        autoComplete="off"
        autoFocus={autoFocus}
        className={cn('pl-8', inputClassName)}
      />
    </form>
  );
}
