import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { Route, Router } from 'wouter';

import { DriverReportPage } from './app/pages/driver-report-page';
import { ErrorBoundary } from './components/error-boundary';
import { queryClient } from './lib/query-client';
import './styles.css';

/**
 * The entry of the driver's report form built on its own (vite.report.config.ts: Preact instead of React, for a
 * phone in a car park): the same page the SPA routes to at `/report/:token`, with only what it needs around it.
 */

/**
 * The page's only links leave it (the header's "Open FleetClaims", the footer's legal pages): they load the SPA,
 * which this build is not, so the router's navigation is a whole page load rather than a history entry.
 */
const useWholePageLocation = (): [string, (to: string) => void] => [
  window.location.pathname,
  (to) => window.location.assign(to),
];

const container = document.getElementById('root');
if (!container) throw new Error('report.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <Router hook={useWholePageLocation}>
          <Route path="/report/:token" component={DriverReportPage} />
        </Router>
      </QueryClientProvider>
    </ErrorBoundary>
  </StrictMode>,
);
