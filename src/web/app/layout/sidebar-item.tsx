import type { ReactElement } from 'react';
import { Link } from 'wouter';

import { Tooltip, TooltipContent, TooltipTrigger } from '../../components/ui/tooltip';
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

export function SidebarNavLink({
  item,
  current,
  collapsed,
}: {
  item: NavItem;
  current: boolean;
  collapsed: boolean;
}) {
  const Icon = item.icon;
  return (
    <WithCollapsedTooltip collapsed={collapsed} label={item.label}>
      <Link
        href={item.href}
        aria-current={current ? 'page' : undefined}
        className={sidebarItemClass(collapsed)}
      >
        <Icon aria-hidden="true" />
        <SidebarLabel collapsed={collapsed}>{item.label}</SidebarLabel>
      </Link>
    </WithCollapsedTooltip>
  );
}
