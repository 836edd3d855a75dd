import {
  KeyRoundIcon,
  MoreHorizontalIcon,
  PencilIcon,
  UserCheckIcon,
  UserRoundCogIcon,
  UserXIcon,
} from 'lucide-react';
import type { ManagedUser } from '@shared/users';

import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';

export type UserAction = 'edit' | 'send-reset' | 'impersonate' | 'deactivate' | 'reactivate';

/** The "⋯" menu of one row. Actions that the server would refuse are disabled, with the reason in view. */
export function UserRowActions({
  user,
  isSelf,
  canManage,
  canImpersonate,
  onAction,
}: {
  user: ManagedUser;
  isSelf: boolean;
  canManage: boolean;
  canImpersonate: boolean;
  onAction: (action: UserAction, user: ManagedUser) => void;
}) {
  if (!canManage && !canImpersonate) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${user.username}`}>
          <MoreHorizontalIcon />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-52">
        <DropdownMenuLabel className="text-muted-foreground truncate text-xs font-normal">
          {user.username}
        </DropdownMenuLabel>
        {canManage && (
          <>
            <DropdownMenuItem onSelect={() => onAction('edit', user)}>
              <PencilIcon />
              Edit
            </DropdownMenuItem>
            <DropdownMenuItem
              disabled={!user.email || !user.active}
              onSelect={() => onAction('send-reset', user)}
            >
              <KeyRoundIcon />
              Send reset email
            </DropdownMenuItem>
          </>
        )}
        {canImpersonate && (
          <DropdownMenuItem disabled={isSelf || !user.active} onSelect={() => onAction('impersonate', user)}>
            <UserRoundCogIcon />
            Impersonate
          </DropdownMenuItem>
        )}
        {canManage && !isSelf && (
          <>
            <DropdownMenuSeparator />
            {user.active ? (
              <DropdownMenuItem variant="destructive" onSelect={() => onAction('deactivate', user)}>
                <UserXIcon />
                Deactivate
              </DropdownMenuItem>
            ) : (
              <DropdownMenuItem onSelect={() => onAction('reactivate', user)}>
                <UserCheckIcon />
                Reactivate
              </DropdownMenuItem>
            )}
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
