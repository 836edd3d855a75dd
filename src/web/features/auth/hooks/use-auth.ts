import { useCurrentUser } from '../api/get-user';
import { useLoginMutation } from '../api/login';
import { useLogoutMutation } from '../api/logout';

/**
 * The session as screens see it: the current user (undefined while loading, null when signed out) and the
 * login and logout actions with their toasts.
 */
export function useAuth() {
  const { data: user, isPending, error } = useCurrentUser();
  const loginMutation = useLoginMutation();
  const logoutMutation = useLogoutMutation();

  return {
    user,
    isLoading: isPending,
    error,
    loginMutation,
    logoutMutation,
  };
}
