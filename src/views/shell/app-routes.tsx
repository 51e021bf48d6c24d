import { lazy } from 'react';
import { Route } from 'react-router-dom';
import { publicAccountRoutes, settingsRoute } from '../account/account-routes.tsx';
import { LoginPage } from './login-page.tsx';
import { LogoutPage } from './logout-page.tsx';
import { MaintenancePage } from './maintenance-page.tsx';
import { NotBuiltScreen } from './not-built-page.tsx';
import { rebatesRoutes } from '../rebates/rebates-routes.tsx';
import { invoicesRoutes } from '../invoices/invoices-routes.tsx';
import { intelRoutes } from '../intel/intel-routes.tsx';
import { paymentRoutes } from '../payments/payments-routes.tsx';
import { insightsRoutes } from '../insights/insights-routes.tsx';
import { RouteGate } from './route-gate.tsx';

// Loaded when first opened, so the login page does not wait for the frame, charts and tables.
const PortalShell = lazy(() => import('./portal-shell.tsx').then((m) => ({ default: m.PortalShell })));
const AdminLoginPage = lazy(() => import('../admin-switch/admin-login-page.tsx').then((m) => ({ default: m.AdminLoginPage })));
const UserManagementPage = lazy(() =>
  import('../user-management/user-management-page.tsx').then((m) => ({ default: m.UserManagementPage })));
const PurchaseImportPage = lazy(() =>
  import('../admin-import/purchase-import-page.tsx').then((m) => ({ default: m.PurchaseImportPage })));
const AdminDashboardRoute = lazy(() =>
  import('../admin-dashboard/admin-dashboard-page.tsx').then((m) => ({ default: m.AdminDashboardRoute })));
const AdminPanelPage = lazy(() => import('../admin-panel/admin-panel-page.tsx').then((m) => ({ default: m.AdminPanelPage })));
const ApiReferencePage = lazy(() => import('../admin-panel/api-reference-page.tsx').then((m) => ({ default: m.ApiReferencePage })));
const BusinessPanelPage = lazy(() => import('../business-panel/business-panel-page.tsx').then((m) => ({ default: m.BusinessPanelPage })));
const FaqPage = lazy(() => import('../help/faq-page.tsx').then((m) => ({ default: m.FaqPage })));
const DashboardPage = lazy(() => import('../dashboard/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })));

/** Every route of the portal, rendered under the app.s history router (src/app.tsx). */
export const appRoutes = (
  <Route element={<RouteGate />}>
    <Route path="/maintenance" element={<MaintenancePage />} />
    <Route path="/login" element={<LoginPage />} />
    <Route path="/logout" element={<LogoutPage />} />
    <Route path="/admin-login" element={<AdminLoginPage />} />
    <Route path="/admin-dashboard" element={<AdminDashboardRoute />} />
    <Route path="/admin-panel" element={<AdminPanelPage />} />
    <Route path="/admin-panel/import" element={<PurchaseImportPage />} />
    <Route path="/admin-panel/api" element={<ApiReferencePage />} />
    <Route path="/business-panel" element={<BusinessPanelPage />} />
    {publicAccountRoutes()}
    {/* RouteGate already refused every path the user may not see, so the rest is the shell. */}
    <Route element={<PortalShell />}>
      <Route path="/dashboard" element={<DashboardPage />} />
      {intelRoutes()}
      {insightsRoutes()}
      {rebatesRoutes()}
      {invoicesRoutes()}
      {paymentRoutes()}
      {settingsRoute()}
      <Route path="/user-management" element={<UserManagementPage />} />
      <Route path="/faq" element={<FaqPage />} />
      <Route path="*" element={<NotBuiltScreen />} />
    </Route>
  </Route>
);
