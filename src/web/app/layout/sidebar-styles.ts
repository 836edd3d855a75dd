import { cn } from '../../lib/utils';

/**
 * The look of every sidebar entry, link or button: the current page is marked by `aria-current` (the
 * same attribute that tells screen readers), and a visible ring follows keyboard focus.
 */
export function sidebarItemClass(collapsed: boolean, className?: string) {
  return cn(
    'relative flex h-8 w-full items-center gap-3 rounded-md px-2.5 text-left text-sm font-medium whitespace-nowrap',
    'text-sidebar-foreground/85 transition-colors outline-none',
    'hover:bg-sidebar-accent hover:text-sidebar-accent-foreground',
    'focus-visible:ring-sidebar-ring focus-visible:ring-2',
    'aria-[current=page]:bg-sidebar-accent aria-[current=page]:text-sidebar-accent-foreground',
    'aria-[current=page]:before:bg-sidebar-ring aria-[current=page]:before:absolute aria-[current=page]:before:inset-y-2 aria-[current=page]:before:left-0 aria-[current=page]:before:w-[3px] aria-[current=page]:before:rounded-full',
    'disabled:pointer-events-none disabled:opacity-60',
    '[&_svg]:size-[18px] [&_svg]:shrink-0',
    // Fingers need bigger targets than pointers: the phone drawer spaces its entries out.
    'group-data-[variant=drawer]/sidebar:h-10',
    collapsed && 'size-9 justify-center px-0',
    className,
  );
}
