import { CheckIcon, MinusIcon } from 'lucide-react';
import type { UserRole } from '@shared/auth';
import { PERMISSION_DESCRIPTIONS } from '@shared/permission-descriptions';
import { PERMISSIONS, roleHasPermission } from '@shared/permissions';

import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';

const ROLES: { role: UserRole; label: string }[] = [
  { role: 'admin', label: 'Admin' },
  { role: 'manager', label: 'Manager' },
  { role: 'viewer', label: 'Viewer' },
];

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
              <TableCell className="pl-3 whitespace-normal">{PERMISSION_DESCRIPTIONS[permission]}</TableCell>
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
