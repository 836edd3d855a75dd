import { useEffect } from 'react';
import { SESSION_EXPIRED_EVENT } from '@shared/constants';

import { toast } from '../../../hooks/use-toast';

/**
 * Turns the data layer's `auth:sessionExpired` event into the spec's toast. It renders nothing; the route
 * guard takes the user to the login page because the cached user is now null.
 */
export function SessionExpiredToast() {
  useEffect(() => {
    const showToast = () =>
      toast({
        variant: 'destructive',
        title: 'Session Expired',
        description: 'Your session has expired. Please log in again.',
      });
    window.addEventListener(SESSION_EXPIRED_EVENT, showToast);
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, showToast);
  }, []);

  return null;
}
