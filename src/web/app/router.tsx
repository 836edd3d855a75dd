import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';

import { PageSpinner } from '../components/page-spinner';
import { GuestOnlyRoute } from './guest-only-route';
import { ProtectedRoute } from './protected-route';

// One chunk per screen, so the login page does not download the whole app.
const LoginPage = lazy(() => import('./pages/login-page').then((m) => ({ default: m.LoginPage })));
const DashboardPage = lazy(() =>
  import('./pages/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const NotFoundPage = lazy(() => import('./pages/not-found-page').then((m) => ({ default: m.NotFoundPage })));

export function AppRouter() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        <GuestOnlyRoute path="/auth" component={LoginPage} />
        <GuestOnlyRoute path="/login" component={LoginPage} />
        <ProtectedRoute path="/" component={DashboardPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
