import { useState } from 'react';
import { KeyRoundIcon } from 'lucide-react';
import type { ApiToken } from '@shared/api-tokens';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { WholeList, type DataColumn } from '../../../components/data-list';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatCalendarDate } from '../../../lib/format-calendar-date';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-relative-time';
import { cn } from '../../../lib/utils';
import { useApiTokens, useRevokeApiTokenMutation } from '../api/api-tokens';

const STATUS: Record<ApiToken['status'], { label: string; tone: string }> = {
  active: { label: 'Active', tone: 'border-emerald-300 bg-emerald-50 text-emerald-800' },
  expired: { label: 'Expired', tone: 'border-amber-300 bg-amber-50 text-amber-900' },
  revoked: { label: 'Revoked', tone: 'border-red-200 bg-red-50 text-red-700' },
};

const muted = (text: string) => <span className="text-muted-foreground">{text}</span>;

function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)} className="whitespace-nowrap">
      {formatRelativeTime(iso)}
    </time>
  );
}

function columns(onRevoke: (token: ApiToken) => void): DataColumn<ApiToken>[] {
  return [
    {
      id: 'name',
      header: 'Token',
      className: 'pl-4',
      cellClassName: 'max-w-0 min-w-44',
      skeleton: ['h-4 w-32', 'h-3 w-20'],
      cell: (token) => (
        <>
          <p className="truncate font-medium">{token.name}</p>
          <p className="text-muted-foreground text-xs">
            <span className="font-mono">{token.hint}…</span>
            {token.createdBy && ` · by ${token.createdBy.username}`}
          </p>
        </>
      ),
    },
    {
      id: 'scopes',
      header: 'Scopes',
      className: 'hidden md:table-cell',
      cellClassName: 'max-w-0 min-w-48',
      skeleton: ['h-4 w-40'],
      cell: (token) => (
        <p className="text-muted-foreground truncate font-mono text-xs" title={token.scopes.join(', ')}>
          {token.scopes.join(', ')}
        </p>
      ),
    },
    {
      id: 'companies',
      header: 'Companies',
      className: 'hidden lg:table-cell',
      skeleton: ['h-4 w-24'],
      cell: (token) =>
        token.companies ? token.companies.map((company) => company.name).join(', ') : 'Every company',
    },
    {
      id: 'lastUsed',
      header: 'Last used',
      className: 'hidden sm:table-cell',
      skeleton: ['h-4 w-24'],
      cell: (token) =>
        token.lastUsedAt ? (
          <>
            <When iso={token.lastUsedAt} />
            {token.lastUsedIp && <p className="text-muted-foreground text-xs">from {token.lastUsedIp}</p>}
          </>
        ) : (
          muted('Never')
        ),
    },
    {
      id: 'expires',
      header: 'Works through',
      className: 'hidden md:table-cell',
      skeleton: ['h-4 w-20'],
      cell: (token) => <span className="whitespace-nowrap">{formatCalendarDate(token.expiresOn)}</span>,
    },
    {
      id: 'status',
      header: 'Status',
      skeleton: ['h-5 w-16'],
      cell: (token) => (
        <Badge variant="outline" className={cn('whitespace-nowrap', STATUS[token.status].tone)}>
          {STATUS[token.status].label}
        </Badge>
      ),
    },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      className: 'pr-4 text-right',
      skeleton: ['ml-auto h-8 w-16'],
      cell: (token) =>
        token.status === 'revoked' ? null : (
          <Button
            variant="outline"
            size="sm"
            aria-label={`Revoke “${token.name}”`}
            onClick={() => onRevoke(token)}
          >
            Revoke
          </Button>
        ),
    },
  ];
}

/** The tokens other systems call the API with: who made each, what it may do, when it was last used. */
export function ApiTokensList({ onCreate }: { onCreate: () => void }) {
  const query = useApiTokens();
  const revoke = useRevokeApiTokenMutation();
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const shown = columns(setRevoking);

  return (
    <>
      <WholeList
        query={query}
        label="API tokens"
        noun="the API tokens"
        columns={shown}
        empty={{
          icon: <KeyRoundIcon />,
          title: 'No API tokens yet',
          text: 'A token lets another system (telematics, an ERP, a BI tool) read and change claims through the API, within the scopes and companies you choose.',
          action: 'Create a token',
          onAction: onCreate,
        }}
      />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={`Revoke “${revoking?.name ?? ''}”?`}
        description="Every system using this token is refused from its next request (401). This cannot be undone: give them a new token instead."
        confirmLabel="Revoke token"
        destructive
        pending={revoke.isPending}
        onConfirm={() => revoke.mutate(revoking!, { onSuccess: () => setRevoking(null) })}
      />
    </>
  );
}
