import type { ReactElement } from 'react';
import { Link } from 'wouter';

import { Tooltip, TooltipContent, TooltipTrigger } from '../../components/ui/tooltip';
import { cn } from '../../lib/utils';
import type { NavItem } from './navigation';
import { sidebarItemClass } from './sidebar-styles';

/**
 * A collapsed (icons-only) entry keeps its label for screen readers and shows it in a tooltip on hover
 * and keyboard focus (spec §2, timings §9).
 */
export function WithCollapsedTooltip({
  collapsed,
  label,
  children,
}: {
  collapsed: boolean;
  label: string;
  children: ReactElement;
}) {
  if (!collapsed) return children;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side="right">{label}</TooltipContent>
    </Tooltip>
  );
}

/** A label that hides visually when the sidebar is collapsed but still names the entry. */
export function SidebarLabel({ collapsed, children }: { collapsed: boolean; children: string }) {
  return <span className={collapsed ? 'sr-only' : 'truncate'}>{children}</span>;
}

/** Above this a count reads "99+": the badge stays small, and the page says the rest. */
const COUNT_CAP = 99;

/** How many new ones wait behind an entry: a pill after the label, or over the icon's corner when collapsed. */
function SidebarCount({ text, collapsed }: { text: string; collapsed: boolean }) {
  // Read as part of the link's name (", 3 new"), not as a label over it: its visible text stays in its name.
  return (
    <>
      <span className="sr-only">, {text} new</span>
      <span
        aria-hidden="true"
        className={cn(
          'bg-sidebar-primary text-sidebar-primary-foreground rounded-full text-center font-semibold tabular-nums',
          collapsed
            ? 'absolute -top-1 -right-1 h-4 min-w-4 px-1 text-[10px] leading-4'
            : 'ml-auto h-[18px] min-w-[18px] px-1.5 text-[11px] leading-[18px]',
        )}
      >
        {text}
      </span>
    </>
  );
}

/** An entry of the sidebar; with a count, its name says it too ("Driver Reports, 3 new"). */
export function SidebarNavLink({
  item,
  current,
  collapsed,
  count,
}: {
  item: NavItem;
  current: boolean;
  collapsed: boolean;
  /** The figure the entry shows (`item.count`); none when zero or unknown. */
  count?: number | undefined;
}) {
  const Icon = item.icon;
  const countText = count && count > 0 ? (count > COUNT_CAP ? `${COUNT_CAP}+` : String(count)) : null;
  return (
    <WithCollapsedTooltip
      collapsed={collapsed}
      label={countText ? `${item.label} (${countText} new)` : item.label}
    >
      <Link
        href={item.href}
        aria-current={current ? 'page' : undefined}
        className={sidebarItemClass(collapsed)}
      >
        <Icon aria-hidden="true" />
        <SidebarLabel collapsed={collapsed}>{item.label}</SidebarLabel>
        {countText && <SidebarCount text={countText} collapsed={collapsed} />}
      </Link>
    </WithCollapsedTooltip>
  );
}
