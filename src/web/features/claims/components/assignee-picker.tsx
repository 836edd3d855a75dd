import { useId, useState, type ComponentProps } from 'react';
import { CheckIcon, ChevronsUpDownIcon, SearchIcon } from 'lucide-react';

import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { cn } from '../../../lib/utils';
import { useMentionableUsers, type MentionableUser } from '../api/get-mentionable-users';
import { useListNavigation } from '../../../hooks/use-list-navigation';

const UNASSIGNED: MentionableUser = { id: '', username: '', name: 'Unassigned' };

type TriggerProps = Pick<ComponentProps<'button'>, 'id' | 'aria-invalid' | 'aria-describedby' | 'onBlur'>;

/**
 * Chooses who works the claim among the active users who can see it (the server refuses anyone else):
 * a button showing the choice, opening a searchable list (↑/↓, Enter).
 */
export function AssigneePicker({
  claimId,
  value,
  valueName,
  onChange,
  ...trigger
}: TriggerProps & {
  claimId: string;
  value: string;
  /** The chosen person's name, or null when unassigned. */
  valueName: string | null;
  onChange: (id: string, name: string | null) => void;
}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query.trim(), 200);
  const users = useMentionableUsers(claimId, search, { enabled: open });
  const listId = useId();
  const items = [UNASSIGNED, ...(users.data ?? [])];

  const choose = (user: MentionableUser) => {
    onChange(user.id, user.id ? user.name : null);
    setOpen(false);
  };
  const navigation = useListNavigation({ items, open, onChoose: choose, onClose: () => setOpen(false) });

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setQuery('');
      }}
    >
      <PopoverTrigger asChild>
        <Button
          type="button"
          variant="outline"
          className={cn('w-full justify-between font-normal', !value && 'text-muted-foreground')}
          {...trigger}
        >
          <span className="truncate">{value ? (valueName ?? 'Chosen user') : 'Unassigned'}</span>
          <ChevronsUpDownIcon className="opacity-50" aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-(--radix-popover-trigger-width) min-w-64 p-0">
        <div className="flex items-center gap-2 border-b px-3">
          <SearchIcon className="text-muted-foreground size-4 shrink-0" aria-hidden="true" />
          <Input
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              navigation.setActiveIndex(0);
            }}
            onKeyDown={navigation.onKeyDown}
            placeholder="Search people"
            aria-label="Search people"
            aria-controls={listId}
            aria-activedescendant={`${listId}-${navigation.activeIndex}`}
            className="border-0 px-0 shadow-none focus-visible:ring-0"
          />
        </div>
        <ul id={listId} role="listbox" aria-label="Assignee" className="max-h-64 overflow-y-auto p-1">
          {items.map((user, index) => (
            <li
              key={user.id || 'unassigned'}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === navigation.activeIndex}
              className="aria-selected:bg-accent flex cursor-pointer items-baseline gap-2 rounded-sm px-2 py-1.5 text-sm"
              onClick={() => choose(user)}
              onMouseMove={() => navigation.setActiveIndex(index)}
            >
              <span className={cn('font-medium', !user.id && 'text-muted-foreground')}>{user.name}</span>
              {user.username && <span className="text-muted-foreground truncate">@{user.username}</span>}
              {user.id === value && (
                <CheckIcon className="ml-auto size-4 shrink-0 self-center" aria-label="current choice" />
              )}
            </li>
          ))}
          {users.isSuccess && users.data.length === 0 && (
            <li role="presentation" className="text-muted-foreground px-2 py-1.5 text-sm">
              No one who can see this claim matches
            </li>
          )}
        </ul>
      </PopoverContent>
    </Popover>
  );
}
