import { AUTHORIZATION_STATUS_LABELS, type AuthorizationStatus } from '@shared/authorizations';

import { Badge } from '../../../components/ui/badge';

const TONES: Record<AuthorizationStatus, string> = {
  pending: 'border-violet-300 bg-violet-50 text-violet-800',
  approved: 'border-emerald-300 bg-emerald-50 text-emerald-800',
  partially_approved: 'border-amber-300 bg-amber-50 text-amber-800',
  declined: 'border-destructive/30 bg-destructive/10 text-destructive',
  withdrawn: 'border-border bg-muted text-muted-foreground',
};

export function AuthorizationStatusBadge({ status }: { status: AuthorizationStatus }) {
  return (
    <Badge variant="outline" className={TONES[status]}>
      {AUTHORIZATION_STATUS_LABELS[status]}
    </Badge>
  );
}
