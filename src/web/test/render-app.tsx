import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

import { AppProvider } from '../app/provider';
import { TooltipProvider } from '../components/ui/tooltip';
import { bindSessionQueryClient } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';

/**
 * Renders `ui` inside the app's real providers (cache, toasts, session-expiry notice, and the tooltip timing
 * the signed-in shell provides) at `path`, with an in-memory location whose history the test can read. Each call gets a fresh query cache.
 */
export function renderApp(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const client: QueryClient = createQueryClient();
  bindSessionQueryClient(client);
  const location = memoryLocation({ path, record: true });
  const result = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AppProvider client={client}>
        <TooltipProvider>{ui}</TooltipProvider>
      </AppProvider>
    </Router>,
  );
  return { ...result, client, location };
}
