import { KeyRoundIcon, PencilIcon, UserCheckIcon, UserRoundCogIcon, UserXIcon } from 'lucide-react';
import type { ManagedUser } from '@shared/users';

import { RowActions } from '../../../components/data-list';

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
  const act = (action: UserAction) => () => onAction(action, user);
  const toggle = user.active
    ? { label: 'Deactivate', icon: <UserXIcon />, onSelect: act('deactivate'), destructive: true }
    : { label: 'Reactivate', icon: <UserCheckIcon />, onSelect: act('reactivate') };
  return (
    <RowActions
      name={user.username}
      className="w-52"
      actions={[
        canManage && { label: 'Edit', icon: <PencilIcon />, onSelect: act('edit') },
        canManage && {
          label: 'Send reset email',
          icon: <KeyRoundIcon />,
          onSelect: act('send-reset'),
          disabled: !user.email || !user.active,
        },
        canImpersonate && {
          label: 'Impersonate',
          icon: <UserRoundCogIcon />,
          onSelect: act('impersonate'),
          disabled: isSelf || !user.active,
        },
        canManage && !isSelf && { ...toggle, separated: true },
      ]}
    />
  );
}
