import { lazy, Suspense } from 'react';
import { useCurrentUser } from '../api/get-user';

// The dialog's form (react-hook-form, zod) is a chunk of its own: every signed-in screen carries this component,
// and almost no one must change their password (issue 30's budget of JavaScript per route).
const ChangePasswordDialog = lazy(() =>
  import('./change-password-dialog').then((m) => ({ default: m.ChangePasswordDialog })),
);

/**
 * Opens the change-password dialog, unclosable, for a user who must replace an admin-issued password
 * (spec §4). It closes by itself once the refetched user no longer has `mustChangePassword`. An admin
 * impersonating such a user is not asked: the password is not theirs to set.
 */
export function ForcedPasswordChange() {
  const { data: user } = useCurrentUser();
  const mustChange = Boolean(user?.mustChangePassword && !user.isImpersonating);
  return mustChange ? (
    <Suspense fallback={null}>
      <ChangePasswordDialog open forced />
    </Suspense>
  ) : null;
}
