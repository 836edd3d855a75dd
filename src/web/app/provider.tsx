import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';

import { ErrorBoundary } from '../components/error-boundary';
import { Toaster } from '../components/ui/toaster';
import { SessionExpiredToast } from '../features/auth';
import { queryClient } from '../lib/query-client';

/**
 * Everything every screen relies on, the login page included: the data cache, toasts, the session-expiry
 * notice. Tooltips are only in signed-in screens, so their provider is in `SignedInShell`.
 */
export function AppProvider({
  children,
  client = queryClient,
}: {
  children: ReactNode;
  client?: QueryClient;
}) {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={client}>
        {children}
        <SessionExpiredToast />
        <Toaster />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
