import type { LucideIcon } from 'lucide-react';
import {
  BellIcon,
  BugIcon,
  Building2Icon,
  CableIcon,
  ChartColumnIcon,
  CircleHelpIcon,
  ClipboardListIcon,
  FileInputIcon,
  GaugeIcon,
  InboxIcon,
  KeyRoundIcon,
  LayoutDashboardIcon,
  MailIcon,
  MailWarningIcon,
  MapPinIcon,
  TriangleAlertIcon,
  ReceiptTextIcon,
  SquareKanbanIcon,
  UsersIcon,
  WrenchIcon,
} from 'lucide-react';
import type { UserRole } from '@shared/auth';
import type { Permission } from '@shared/permissions';

/** What the sidebar needs to know about the signed-in user to decide what to show (spec §6). */
export type NavAccess = {
  role: UserRole | undefined;
  /** False for everything while the user or the permissions are loading. */
  can: (permission: Permission) => boolean;
  /** The Fleet Dashboard rule, `canOpenFleetDashboard` of `@shared/fleet-dashboard.policy`. */
  fleetDashboard: boolean;
};

/** The figures some entries show beside their label: how many new ones wait there. */
export type NavCounts = {
  /** New drivers' reports, for who may triage them (issue 32); unknown while loading or for anyone else. */
  driverReports: number | undefined;
};

export type NavItem = {
  label: string;
  href: string;
  icon: LucideIcon;
  /** Shown to everyone when absent. */
  visible?: (access: NavAccess) => boolean;
  /** Which of `NavCounts` the entry shows. */
  count?: keyof NavCounts;
};

const isAdmin = (access: NavAccess) => access.role === 'admin';
const allowedTo = (permission: Permission) => (access: NavAccess) => access.can(permission);

/** The sidebar's entries, in the spec's order and with its labels (§2), plus Repair Facilities; routes from its route table. */
export const MAIN_NAV: readonly NavItem[] = [
  {
    label: 'Fleet Dashboard',
    href: '/fleet-dashboard',
    icon: GaugeIcon,
    visible: (access) => access.fleetDashboard,
  },
  { label: 'Dashboard', href: '/', icon: LayoutDashboardIcon },
  { label: 'Notifications', href: '/notifications', icon: BellIcon },
  { label: 'Claim Manager', href: '/claim-manager', icon: SquareKanbanIcon },
  // Not one of the spec's entries: issue 32 asks for the triage list of drivers' reports with a count in the
  // sidebar, for who opens claims from them (managers and administrators).
  {
    label: 'Driver Reports',
    href: '/driver-reports',
    icon: TriangleAlertIcon,
    visible: allowedTo('vehicles.create'),
    count: 'driverReports',
  },
  {
    label: 'All Claims',
    href: '/vehicles',
    icon: ClipboardListIcon,
    visible: allowedTo('vehicles.view'),
  },
  { label: 'Accounting', href: '/admin/accounts-receivable', icon: ReceiptTextIcon, visible: isAdmin },
  { label: 'Reports', href: '/reports', icon: ChartColumnIcon, visible: allowedTo('reports.view') },
  { label: 'Locations', href: '/locations', icon: MapPinIcon, visible: allowedTo('locations.dashboard') },
  { label: 'Companies', href: '/companies', icon: Building2Icon, visible: allowedTo('companies.dashboard') },
  // Not one of the spec's entries: the spec reaches /repair-facilities only as "CCC Integration" in the admins'
  // System Settings, which hides the shops from managers and reads as an integration page. Those who work on
  // claims (managers and admins) get it here too; CCC Integration stays where the spec puts it.
  {
    label: 'Repair Facilities',
    href: '/repair-facilities',
    icon: WrenchIcon,
    visible: allowedTo('vehicles.edit'),
  },
  { label: 'Help', href: '/help', icon: CircleHelpIcon },
];

/** The System Settings group: admin only as a whole (§6), then each entry by its own permission. */
export const SYSTEM_SETTINGS_NAV: readonly NavItem[] = [
  { label: 'User Management', href: '/users', icon: UsersIcon, visible: allowedTo('users.view') },
  {
    label: 'CCC Integration',
    href: '/repair-facilities',
    icon: FileInputIcon,
    visible: allowedTo('system.ccc.configure'),
  },
  {
    label: 'Tekmetric Admin',
    href: '/tekmetric-admin',
    icon: CableIcon,
    visible: allowedTo('system.tekmetric.configure'),
  },
  {
    label: 'Email Templates',
    href: '/admin/email-templates',
    icon: MailIcon,
    visible: allowedTo('system.email.templates.manage'),
  },
  {
    label: 'Mail Outbox',
    href: '/admin/mail-outbox',
    icon: MailWarningIcon,
    visible: allowedTo('system.settings.manage'),
  },
  {
    label: 'API & Webhooks',
    href: '/admin/api',
    icon: KeyRoundIcon,
    visible: allowedTo('system.api.manage'),
  },
  { label: 'Bug Reports', href: '/admin/bug-reports', icon: BugIcon },
  { label: 'Contact Submissions', href: '/admin/contact-submissions', icon: InboxIcon },
];

export const ADD_CLAIM_HREF = '/add-vehicle';
export const EDIT_PROFILE_HREF = '/profile';

export function visibleNavItems(items: readonly NavItem[], access: NavAccess): NavItem[] {
  return items.filter((item) => item.visible?.(access) ?? true);
}

export function visibleSystemSettings(access: NavAccess): NavItem[] {
  return isAdmin(access) ? visibleNavItems(SYSTEM_SETTINGS_NAV, access) : [];
}

/**
 * Whether the entry for `href` is the page at `path`: the dashboard only at /, a section also on its
 * sub-pages (a claim's page /vehicles/{id} belongs to All Claims).
 */
export function isCurrentSection(href: string, path: string): boolean {
  if (href === '/') return path === '/';
  return path === href || path.startsWith(`${href}/`);
}

/**
 * The one entry to mark as the current page among `items` (in sidebar order): the most specific section the
 * path is in, and of two entries to the same place (Repair Facilities and the spec's CCC Integration) the first.
 */
export function currentNavItem(items: readonly NavItem[], path: string): NavItem | undefined {
  let current: NavItem | undefined;
  for (const item of items) {
    if (isCurrentSection(item.href, path) && (!current || item.href.length > current.href.length)) {
      current = item;
    }
  }
  return current;
}
