import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';

import { PageSpinner } from '../components/page-spinner';
import { GuestOnlyRoute } from './guest-only-route';
import { ProtectedRoute } from './protected-route';
import { ROUTE_PERMISSIONS } from './route-permissions';

// One chunk per screen, so the login page does not download the whole app.
const LoginPage = lazy(() => import('./pages/login-page').then((m) => ({ default: m.LoginPage })));
const DashboardPage = lazy(() =>
  import('./pages/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const PrivacyPolicyPage = lazy(() =>
  import('./pages/privacy-policy-page').then((m) => ({ default: m.PrivacyPolicyPage })),
);
const TermsPage = lazy(() => import('./pages/terms-page').then((m) => ({ default: m.TermsPage })));
const SupportPage = lazy(() => import('./pages/support-page').then((m) => ({ default: m.SupportPage })));
const WindowTagPage = lazy(() =>
  import('./pages/window-tag-page').then((m) => ({ default: m.WindowTagPage })),
);
const AddVehiclePage = lazy(() =>
  import('./pages/add-vehicle-page').then((m) => ({ default: m.AddVehiclePage })),
);
const VehiclesPage = lazy(() => import('./pages/vehicles-page').then((m) => ({ default: m.VehiclesPage })));
const VehicleDetailsPage = lazy(() =>
  import('./pages/vehicle-details-page').then((m) => ({ default: m.VehicleDetailsPage })),
);
const CompaniesPage = lazy(() =>
  import('./pages/companies-page').then((m) => ({ default: m.CompaniesPage })),
);
const ReportsPage = lazy(() => import('./pages/reports-page').then((m) => ({ default: m.ReportsPage })));
const LocationsPage = lazy(() =>
  import('./pages/locations-page').then((m) => ({ default: m.LocationsPage })),
);
const RepairFacilitiesPage = lazy(() =>
  import('./pages/repair-facilities-page').then((m) => ({ default: m.RepairFacilitiesPage })),
);
const TekmetricAdminPage = lazy(() =>
  import('./pages/tekmetric-admin-page').then((m) => ({ default: m.TekmetricAdminPage })),
);
const EmailTemplatesPage = lazy(() =>
  import('./pages/email-templates-page').then((m) => ({ default: m.EmailTemplatesPage })),
);
const ApiPage = lazy(() => import('./pages/api-page').then((m) => ({ default: m.ApiPage })));
const MailOutboxPage = lazy(() =>
  import('./pages/mail-outbox-page').then((m) => ({ default: m.MailOutboxPage })),
);
const BugReportsPage = lazy(() =>
  import('./pages/bug-reports-page').then((m) => ({ default: m.BugReportsPage })),
);
const ContactSubmissionsPage = lazy(() =>
  import('./pages/contact-submissions-page').then((m) => ({ default: m.ContactSubmissionsPage })),
);
const AccountsReceivablePage = lazy(() =>
  import('./pages/accounts-receivable-page').then((m) => ({ default: m.AccountsReceivablePage })),
);
const NotificationsPage = lazy(() =>
  import('./pages/notifications-page').then((m) => ({ default: m.NotificationsPage })),
);
const ClaimManagerPage = lazy(() =>
  import('./pages/claim-manager-page').then((m) => ({ default: m.ClaimManagerPage })),
);
const DriverReportsPage = lazy(() =>
  import('./pages/driver-reports-page').then((m) => ({ default: m.DriverReportsPage })),
);
const FleetDashboardPage = lazy(() =>
  import('./pages/fleet-dashboard-page').then((m) => ({ default: m.FleetDashboardPage })),
);
const HelpPage = lazy(() => import('./pages/help-page').then((m) => ({ default: m.HelpPage })));
const ForgotPasswordPage = lazy(() =>
  import('./pages/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ClaimPackPage = lazy(() =>
  import('./pages/claim-pack-page').then((m) => ({ default: m.ClaimPackPage })),
);
const ShopLinkPage = lazy(() => import('./pages/shop-link-page').then((m) => ({ default: m.ShopLinkPage })));
const DriverReportPage = lazy(() =>
  import('./pages/driver-report-page').then((m) => ({ default: m.DriverReportPage })),
);
const ResetPasswordPage = lazy(() =>
  import('./pages/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
const UsersPage = lazy(() => import('./pages/users-page').then((m) => ({ default: m.UsersPage })));
const ProfilePage = lazy(() => import('./pages/profile-page').then((m) => ({ default: m.ProfilePage })));
const NotFoundPage = lazy(() => import('./pages/not-found-page').then((m) => ({ default: m.NotFoundPage })));

export function AppRouter() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        <GuestOnlyRoute path="/auth" component={LoginPage} />
        <GuestOnlyRoute path="/login" component={LoginPage} />
        <Route path="/forgot-password" component={ForgotPasswordPage} />
        <Route path="/reset-password/:token" component={ResetPasswordPage} />
        <Route path="/privacy-policy" component={PrivacyPolicyPage} />
        <Route path="/terms" component={TermsPage} />
        <Route path="/user-agreement" component={TermsPage} />
        <Route path="/support" component={SupportPage} />
        <Route path="/vehicles/:id/window-tag" component={WindowTagPage} />
        <Route path="/claim-packs/:token" component={ClaimPackPage} />
        <Route path="/shop/:token" component={ShopLinkPage} />
        <Route path="/report/:token" component={DriverReportPage} />
        <ProtectedRoute path="/" component={DashboardPage} />
        <ProtectedRoute
          path="/add-vehicle"
          component={AddVehiclePage}
          permission={ROUTE_PERMISSIONS.addClaim}
        />
        <ProtectedRoute path="/vehicles" component={VehiclesPage} />
        <ProtectedRoute path="/vehicles/:id" component={VehicleDetailsPage} />
        <ProtectedRoute
          path="/companies"
          component={CompaniesPage}
          permission={ROUTE_PERMISSIONS.companies}
        />
        <ProtectedRoute path="/reports" component={ReportsPage} />
        <ProtectedRoute
          path="/locations"
          component={LocationsPage}
          permission={ROUTE_PERMISSIONS.locations}
        />
        <ProtectedRoute
          path="/repair-facilities"
          component={RepairFacilitiesPage}
          permission={ROUTE_PERMISSIONS.repairFacilities}
        />
        <ProtectedRoute
          path="/tekmetric-admin"
          component={TekmetricAdminPage}
          permission={ROUTE_PERMISSIONS.tekmetricAdmin}
        />
        <ProtectedRoute
          path="/admin/email-templates"
          component={EmailTemplatesPage}
          permission={ROUTE_PERMISSIONS.emailTemplates}
        />
        <ProtectedRoute
          path="/admin/mail-outbox"
          component={MailOutboxPage}
          permission={ROUTE_PERMISSIONS.mailOutbox}
        />
        <ProtectedRoute path="/admin/api" component={ApiPage} permission={ROUTE_PERMISSIONS.api} />
        <ProtectedRoute
          path="/admin/bug-reports"
          component={BugReportsPage}
          permission={ROUTE_PERMISSIONS.bugReports}
        />
        <ProtectedRoute
          path="/admin/contact-submissions"
          component={ContactSubmissionsPage}
          permission={ROUTE_PERMISSIONS.contactSubmissions}
        />
        <ProtectedRoute path="/admin/accounts-receivable" component={AccountsReceivablePage} />
        <ProtectedRoute path="/notifications" component={NotificationsPage} />
        <ProtectedRoute path="/claim-manager" component={ClaimManagerPage} />
        <ProtectedRoute
          path="/driver-reports"
          component={DriverReportsPage}
          permission={ROUTE_PERMISSIONS.driverReports}
        />
        <ProtectedRoute path="/fleet-dashboard" component={FleetDashboardPage} />
        <ProtectedRoute path="/users" component={UsersPage} permission={ROUTE_PERMISSIONS.users} />
        <ProtectedRoute path="/profile" component={ProfilePage} />
        <ProtectedRoute path="/help" component={HelpPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
