import { useCurrentUser } from '../api/get-user';
import { ChangePasswordDialog } from './change-password-dialog';

/**
 * Opens the change-password dialog, unclosable, for a user who must replace an admin-issued password
 * (spec §4). It closes by itself once the refetched user no longer has `mustChangePassword`. An admin
 * impersonating such a user is not asked: the password is not theirs to set.
 */
export function ForcedPasswordChange() {
  const { data: user } = useCurrentUser();
  const mustChange = Boolean(user?.mustChangePassword && !user.isImpersonating);
  return <ChangePasswordDialog open={mustChange} forced />;
}
