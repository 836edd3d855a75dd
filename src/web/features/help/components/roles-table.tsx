import { CheckIcon, MinusIcon } from 'lucide-react';
import type { UserRole } from '@shared/auth';
import { PERMISSIONS, roleHasPermission, type Permission } from '@shared/permissions';

import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';

const ROLES: { role: UserRole; label: string }[] = [
  { role: 'admin', label: 'Admin' },
  { role: 'manager', label: 'Manager' },
  { role: 'viewer', label: 'Viewer' },
];

/** What each permission lets a person do, in words; every permission of the product has one. */
const CAPABILITIES: Record<Permission, string> = {
  'vehicles.view': 'See claims and vehicles',
  'reports.view': 'See reports',
  'notes.create': 'Write notes and @mention colleagues',
  'vehicles.create': 'Add claims',
  'vehicles.edit': 'Edit claim details',
  'claims.transition': 'Move claims through their workflow',
  'claims.authorize': 'Decide mechanical authorizations',
  'attachments.upload': 'Upload photos and documents',
  'locations.dashboard': 'Location dashboards',
  'companies.dashboard': 'Company dashboards',
  'vehicles.delete': 'Delete claims',
  'companies.manage': 'Create and edit companies',
  'locations.manage': 'Create and edit locations',
  'facilities.manage': 'Create and edit repair facilities',
  'users.view': 'See user accounts',
  'users.manage': 'Create and edit user accounts',
  'users.impersonate': 'Impersonate users',
  'accounting.view': 'See invoices and payments',
  'accounting.manage': 'Invoice claims and record payments',
  'system.ccc.configure': 'Set up the CCC integration',
  'system.tekmetric.configure': 'Set up the Tekmetric integration',
  'system.email.templates.manage': 'Edit email templates',
  'system.settings.manage': 'Change system settings',
  'system.support.manage': 'Handle bug reports and contact requests',
};

/** The role → permission table the server enforces (src/shared/permissions.ts), in words. */
export function RolesTable() {
  return (
    <div className="bg-card mt-4 overflow-hidden rounded-lg border">
      <Table aria-label="What each role may do" className="text-[13px]/5 [&_td]:py-1.5">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead className="pl-3">Permission</TableHead>
            {ROLES.map(({ role, label }) => (
              <TableHead key={role} className="w-20 text-center last:pr-3">
                {label}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {PERMISSIONS.map((permission) => (
            <TableRow key={permission}>
              <TableCell className="pl-3 whitespace-normal">{CAPABILITIES[permission]}</TableCell>
              {ROLES.map(({ role, label }) => (
                <TableCell key={role} className="text-center last:pr-3">
                  {roleHasPermission(role, permission) ? (
                    <CheckIcon aria-label={`${label}: yes`} className="text-success mx-auto size-4" />
                  ) : (
                    <MinusIcon
                      aria-label={`${label}: no`}
                      className="text-muted-foreground/60 mx-auto size-4"
                    />
                  )}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
