import { useId, useState } from 'react';
import {
  LogOutIcon,
  PanelLeftCloseIcon,
  PanelLeftOpenIcon,
  PlusIcon,
  SearchIcon,
  UserPenIcon,
} from 'lucide-react';
import { Link, useLocation } from 'wouter';

import { useLogoutMutation } from '../../features/auth';
import { cn } from '../../lib/utils';
import { BrandLogo } from '../../components/brand-logo';
import { Popover, PopoverContent, PopoverTrigger } from '../../components/ui/popover';
import { ClaimSearchForm } from './claim-search';
import {
  ADD_CLAIM_HREF,
  currentNavItem,
  EDIT_PROFILE_HREF,
  isCurrentSection,
  type NavItem,
} from './navigation';
import { SidebarLabel, SidebarNavLink, WithCollapsedTooltip } from './sidebar-item';
import { sidebarItemClass } from './sidebar-styles';
import type { Navigation } from './use-navigation';

const searchInputClass =
  'border-sidebar-border bg-sidebar-accent/60 text-sidebar-accent-foreground placeholder:text-sidebar-foreground/60 focus-visible:border-sidebar-ring focus-visible:ring-sidebar-ring/40';

/**
 * The sidebar's content (spec §2): brand, Add Claim, claim search, the entries the user may see, the
 * System Settings group, Edit Profile and Logout. The same content fills the desktop sidebar and the
 * phone drawer; `collapsed` shows icons only.
 */
export function SidebarContent({
  navigation,
  variant = 'sidebar',
  collapsed = false,
  toggle,
  onSearch,
}: {
  /** The entries the user may see (see `useNavigation`). */
  navigation: Navigation;
  /** `drawer`: the phone drawer, with larger touch targets. */
  variant?: 'sidebar' | 'drawer';
  collapsed?: boolean;
  /** The collapse toggle, where the screen is wide enough to offer it. */
  toggle?: { collapsed: boolean; onToggle: () => void };
  /** Called after a search is submitted (the drawer closes). */
  onSearch?: () => void;
}) {
  const [path] = useLocation();
  const { main, systemSettings, canAddClaim, counts } = navigation;
  const systemSettingsHeadingId = useId();

  // One entry is the current page, also where two lead to the same place (see `currentNavItem`).
  const current = currentNavItem([...main, ...systemSettings], path);
  const navList = (items: NavItem[]) => (
    <ul className={cn('flex flex-col gap-0.5', collapsed && 'items-center')}>
      {items.map((item) => (
        <li key={item.href} className={cn(collapsed ? 'w-auto' : 'w-full')}>
          <SidebarNavLink
            item={item}
            current={item === current}
            collapsed={collapsed}
            count={item.count && counts[item.count]}
          />
        </li>
      ))}
    </ul>
  );

  return (
    <div
      data-variant={variant}
      className="group/sidebar bg-sidebar text-sidebar-foreground flex h-full min-h-0 flex-col"
    >
      <div
        className={cn(
          'flex shrink-0 gap-2 px-3 pt-3',
          collapsed ? 'flex-col items-center' : 'h-14 items-center justify-between pt-0',
        )}
      >
        <Link
          href="/"
          className="focus-visible:ring-sidebar-ring rounded-lg outline-none focus-visible:ring-2"
          aria-label="FleetClaims home"
        >
          <BrandLogo inverted compact={collapsed} className="text-sidebar-accent-foreground text-base" />
        </Link>
        {toggle && <CollapseToggle {...toggle} />}
      </div>

      <div className={cn('flex shrink-0 flex-col gap-2 px-3 pt-3 pb-2', collapsed && 'items-center')}>
        {canAddClaim && <AddClaimLink collapsed={collapsed} />}
        {collapsed ? (
          <CollapsedSearch />
        ) : (
          <ClaimSearchForm onSearch={onSearch} inputClassName={searchInputClass} />
        )}
      </div>

      <nav aria-label="Main" className="min-h-0 flex-1 overflow-y-auto px-3 py-2">
        {navList(main)}
        {systemSettings.length > 0 && (
          <section aria-labelledby={systemSettingsHeadingId} className="mt-5">
            {collapsed && <div aria-hidden="true" className="bg-sidebar-border mx-auto mb-3 h-px w-8" />}
            <h2
              id={systemSettingsHeadingId}
              className={cn(
                'text-sidebar-foreground/60 mb-1.5 px-2.5 text-[11px] font-semibold tracking-wider uppercase',
                collapsed && 'sr-only',
              )}
            >
              System Settings
            </h2>
            {navList(systemSettings)}
          </section>
        )}
      </nav>

      {/* In the drawer, Edit Profile and Logout stand above the floating menu button's place: a quick second tap
          on that button, once the drawer is open, logged the user out. */}
      <div
        className={cn(
          'border-sidebar-border flex shrink-0 flex-col gap-0.5 border-t p-3',
          variant === 'drawer' && 'pb-18',
          collapsed && 'items-center',
        )}
      >
        <WithCollapsedTooltip collapsed={collapsed} label="Edit Profile">
          <Link
            href={EDIT_PROFILE_HREF}
            aria-current={isCurrentSection(EDIT_PROFILE_HREF, path) ? 'page' : undefined}
            className={sidebarItemClass(collapsed)}
          >
            <UserPenIcon aria-hidden="true" />
            <SidebarLabel collapsed={collapsed}>Edit Profile</SidebarLabel>
          </Link>
        </WithCollapsedTooltip>
        <LogoutButton collapsed={collapsed} />
      </div>
    </div>
  );
}

function CollapseToggle({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const label = collapsed ? 'Expand sidebar' : 'Collapse sidebar';
  return (
    <WithCollapsedTooltip collapsed={collapsed} label={label}>
      <button
        type="button"
        onClick={onToggle}
        aria-label={label}
        aria-expanded={!collapsed}
        className={sidebarItemClass(true, 'size-9')}
      >
        {collapsed ? <PanelLeftOpenIcon aria-hidden="true" /> : <PanelLeftCloseIcon aria-hidden="true" />}
      </button>
    </WithCollapsedTooltip>
  );
}

function AddClaimLink({ collapsed }: { collapsed: boolean }) {
  return (
    <WithCollapsedTooltip collapsed={collapsed} label="Add Claim">
      <Link
        href={ADD_CLAIM_HREF}
        className={cn(
          'bg-sidebar-primary text-sidebar-primary-foreground hover:bg-sidebar-primary/90 focus-visible:ring-sidebar-ring focus-visible:ring-offset-sidebar inline-flex h-9 items-center justify-center gap-2 rounded-md text-sm font-semibold shadow-sm transition-colors outline-none focus-visible:ring-2 focus-visible:ring-offset-2 [&_svg]:size-4',
          collapsed ? 'size-9' : 'w-full px-3',
        )}
      >
        <PlusIcon aria-hidden="true" />
        <SidebarLabel collapsed={collapsed}>Add Claim</SidebarLabel>
      </Link>
    </WithCollapsedTooltip>
  );
}

/** Icons only: the search box opens beside the sidebar from a search button. */
function CollapsedSearch() {
  const [open, setOpen] = useState(false);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <WithCollapsedTooltip collapsed label="Search claims">
        <PopoverTrigger className={sidebarItemClass(true)} aria-label="Search claims">
          <SearchIcon aria-hidden="true" />
        </PopoverTrigger>
      </WithCollapsedTooltip>
      <PopoverContent side="right" align="start" className="w-72 p-2">
        <ClaimSearchForm autoFocus onSearch={() => setOpen(false)} />
      </PopoverContent>
    </Popover>
  );
}

function LogoutButton({ collapsed }: { collapsed: boolean }) {
  const logout = useLogoutMutation();
  return (
    <WithCollapsedTooltip collapsed={collapsed} label="Logout">
      <button
        type="button"
        onClick={() => logout.mutate()}
        disabled={logout.isPending}
        className={sidebarItemClass(collapsed)}
      >
        <LogOutIcon aria-hidden="true" />
        <SidebarLabel collapsed={collapsed}>Logout</SidebarLabel>
      </button>
    </WithCollapsedTooltip>
  );
}
