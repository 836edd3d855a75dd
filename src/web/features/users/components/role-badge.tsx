import type { UserRole } from '@shared/auth';

import { Badge } from '../../../components/ui/badge';

export const ROLE_LABELS: Record<UserRole, string> = { admin: 'Admin', manager: 'Manager', viewer: 'Viewer' };

export const ROLE_DESCRIPTIONS: Record<UserRole, string> = {
  admin: 'Everything, in every company, including users and system settings.',
  manager: 'Works the claims of their companies.',
  viewer: 'Reads the claims of their companies and may comment.',
};

const VARIANTS = { admin: 'default', manager: 'secondary', viewer: 'outline' } as const;

export function RoleBadge({ role }: { role: UserRole }) {
  return <Badge variant={VARIANTS[role]}>{ROLE_LABELS[role]}</Badge>;
}
