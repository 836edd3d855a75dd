import { Fragment, type ReactNode } from 'react';
import { MoreHorizontalIcon } from 'lucide-react';

import { Button } from '../ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';

/** One entry of a row's menu; `separated` draws a line above it (before the destructive ones). */
export type RowAction = {
  label: string;
  icon: ReactNode;
  onSelect: () => void;
  /** What the server would refuse stays in view, disabled. */
  disabled?: boolean;
  destructive?: boolean;
  separated?: boolean;
};

/**
 * The "⋯" menu of one row, named after it ("Actions for Acme"), with the row's name above its entries.
 * Absent actions (what the user may not do) are left out by the caller; none at all leaves no menu.
 */
export function RowActions({
  name,
  actions,
  className = 'w-48',
}: {
  name: string;
  actions: readonly (RowAction | false | null | undefined)[];
  /** The menu's width. */
  className?: string;
}) {
  const shown = actions.filter((action): action is RowAction => Boolean(action));
  if (shown.length === 0) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${name}`}>
          <MoreHorizontalIcon />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className={className}>
        <DropdownMenuLabel className="text-muted-foreground truncate text-xs font-normal">
          {name}
        </DropdownMenuLabel>
        {shown.map((action) => (
          <Fragment key={action.label}>
            {action.separated && <DropdownMenuSeparator />}
            <DropdownMenuItem
              variant={action.destructive ? 'destructive' : 'default'}
              disabled={action.disabled}
              onSelect={action.onSelect}
            >
              {action.icon}
              {action.label}
            </DropdownMenuItem>
          </Fragment>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
