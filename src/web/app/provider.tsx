import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';

import { ErrorBoundary } from '../components/error-boundary';
import { Toaster } from '../components/ui/toaster';
import { TooltipProvider } from '../components/ui/tooltip';
import { SessionExpiredToast } from '../features/auth';
import { queryClient } from '../lib/query-client';

/** Everything every screen relies on: the data cache, tooltip timings, toasts, the session-expiry notice. */
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
        <TooltipProvider>{children}</TooltipProvider>
        <SessionExpiredToast />
        <Toaster />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
