import { useId, useLayoutEffect, useRef, useState, type ComponentProps, type Ref } from 'react';
import { useQueryClient } from '@tanstack/react-query';

import { Textarea } from '../../../components/ui/textarea';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { cn } from '../../../lib/utils';
import {
  mentionableUsersQueryOptions,
  useMentionableUsers,
  type MentionableUser,
} from '../api/get-mentionable-users';
import { insertMention, mentionAt, type MentionQuery } from '../hooks/mention-query';
import { useListNavigation } from '../../../hooks/use-list-navigation';

/** Long enough to skip keystrokes in a name, short enough to feel immediate. */
const SEARCH_DELAY_MS = 150;

type TextareaProps = Omit<ComponentProps<'textarea'>, 'value' | 'onChange' | 'ref'>;

/**
 * A textarea where typing `@` opens a list of the people who can see the claim; ↑/↓ pick one, Enter or Tab
 * inserts `@username`, Escape closes the list. The list is filtered by what follows the `@`.
 */
export function MentionTextarea({
  claimId,
  value,
  onChange,
  ref,
  className,
  onKeyDown,
  onBlur,
  ...props
}: TextareaProps & {
  claimId: string;
  value: string;
  onChange: (value: string) => void;
  ref?: Ref<HTMLTextAreaElement>;
}) {
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const listId = useId();
  const [mention, setMention] = useState<MentionQuery | null>(null);
  const pendingCaret = useRef<number | null>(null);
  const search = useDebouncedValue(mention?.query ?? '', SEARCH_DELAY_MS);
  const users = useMentionableUsers(claimId, search, { enabled: mention !== null });
  const open = mention !== null;
  const matches = users.data ?? [];
  // Whether the list answers what is typed: the debounced search has caught up, and the answer is its own, not the
  // last one kept on screen while it loads.
  const current = search === (mention?.query ?? '') && users.isSuccess && !users.isPlaceholderData;
  const queryClient = useQueryClient();

  const choose = (user: MentionableUser) => {
    const element = textarea.current;
    if (!mention || !element) return;
    const next = insertMention(value, element.selectionStart, mention, user.username);
    pendingCaret.current = next.caret;
    setMention(null);
    onChange(next.text);
  };
  /**
   * Enter (or Tab) before the list answers what is typed chooses the first person of that answer once it comes:
   * "@mi" and a quick Enter took the first of the list for "@" (the writer herself, an admin named Ada). Typing on
   * meanwhile cancels it.
   */
  const chooseFirstOfTyped = () => {
    const element = textarea.current;
    if (!mention || !element) return;
    const typed = element.value;
    void queryClient.fetchQuery(mentionableUsersQueryOptions(claimId, mention.query)).then((people) => {
      if (textarea.current?.value !== typed) return;
      if (people[0]) choose(people[0]);
      else setMention(null);
    });
  };
  const navigation = useListNavigation({
    items: matches,
    open,
    onChoose: (user) => (current ? choose(user) : chooseFirstOfTyped()),
    onClose: () => setMention(null),
  });

  // After an insertion the caret goes after the inserted name, once React has put the new text in.
  useLayoutEffect(() => {
    if (pendingCaret.current === null || !textarea.current) return;
    textarea.current.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  }, [value]);

  /** Re-reads the mention under the caret after typing, clicking or moving with the arrow keys. */
  const follow = (element: HTMLTextAreaElement) => {
    const found =
      element.selectionStart === element.selectionEnd
        ? mentionAt(element.value, element.selectionStart)
        : null;
    if (found && (mention?.start !== found.start || mention.query !== found.query)) {
      navigation.setActiveIndex(0);
    }
    setMention(found);
  };

  const activeId = open && navigation.activeIndex >= 0 ? `${listId}-${navigation.activeIndex}` : undefined;

  return (
    <div className="relative">
      <Textarea
        {...props}
        ref={(element) => {
          textarea.current = element;
          if (typeof ref === 'function') ref(element);
          else if (ref) ref.current = element;
        }}
        value={value}
        className={cn('min-h-24', className)}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={activeId}
        onChange={(event) => {
          onChange(event.target.value);
          follow(event.target);
        }}
        onKeyDown={(event) => {
          navigation.onKeyDown(event);
          if (!event.defaultPrevented) onKeyDown?.(event);
        }}
        onKeyUp={(event) => {
          if (
            event.key === 'ArrowLeft' ||
            event.key === 'ArrowRight' ||
            event.key === 'Home' ||
            event.key === 'End'
          )
            follow(event.currentTarget);
        }}
        onClick={(event) => follow(event.currentTarget)}
        onBlur={(event) => {
          setMention(null);
          onBlur?.(event);
        }}
      />
      {open && (
        <ul
          id={listId}
          role="listbox"
          aria-label="People who can see this claim"
          className="bg-popover text-popover-foreground absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-md border p-1 shadow-md"
        >
          {matches.map((user, index) => (
            <li
              key={user.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === navigation.activeIndex}
              className="aria-selected:bg-accent aria-selected:text-accent-foreground flex cursor-pointer items-baseline gap-2 rounded-sm px-2 py-1.5 text-sm"
              // mousedown, not click: the textarea keeps focus, so its blur does not close the list first.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(user);
              }}
              onMouseMove={() => navigation.setActiveIndex(index)}
            >
              <span className="font-medium">{user.name}</span>
              <span className="text-muted-foreground truncate">@{user.username}</span>
            </li>
          ))}
          {matches.length === 0 && (
            <li role="presentation" className="text-muted-foreground px-2 py-1.5 text-sm">
              {users.isPending || users.isFetching
                ? 'Looking for people…'
                : users.isError
                  ? 'People could not be loaded'
                  : 'No one who can see this claim matches'}
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
