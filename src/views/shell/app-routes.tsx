import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { publicAccountRoutes, settingsRoute } from '../account/account-routes.tsx';
import { LoginPage } from './login-page.tsx';
import { LogoutPage } from './logout-page.tsx';
import { MaintenancePage } from './maintenance-page.tsx';
import { NotBuiltPage, NotBuiltScreen } from './not-built-page.tsx';
import { rebatesRoutes } from '../rebates/rebates-routes.tsx';
import { invoicesRoutes } from '../invoices/invoices-routes.tsx';
import { intelRoutes } from '../intel/intel-routes.tsx';
import { RouteGate } from './route-gate.tsx';

// Loaded when first opened, so the login page does not wait for the frame, charts and tables.
const PortalShell = lazy(() => import('./portal-shell.tsx').then((m) => ({ default: m.PortalShell })));
const AdminLoginPage = lazy(() => import('../admin-switch/admin-login-page.tsx').then((m) => ({ default: m.AdminLoginPage })));
const UserManagementPage = lazy(() =>
  import('../user-management/user-management-page.tsx').then((m) => ({ default: m.UserManagementPage })));
const DashboardPage = lazy(() => import('../dashboard/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })));

/** Screens of later issues, reachable already so routing can be checked end to end. */
const PLACEHOLDERS: readonly { path: string; title: string }[] = [
  { path: '/admin-dashboard', title: 'Admin Dashboard' },
  { path: '/admin-panel', title: 'Admin Panel' },
  { path: '/business-panel', title: 'Platform Distributor Portal Business Panel' },
];

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RouteGate />}>
        <Route path="/maintenance" element={<MaintenancePage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/logout" element={<LogoutPage />} />
        <Route path="/admin-login" element={<AdminLoginPage />} />
        {publicAccountRoutes()}
        {PLACEHOLDERS.map(({ path, title }) => (
          <Route key={path} path={path} element={<NotBuiltPage title={title} />} />
        ))}
        {/* RouteGate already refused every path the user may not see, so the rest is the shell. */}
        <Route element={<PortalShell />}>
          <Route path="/dashboard" element={<DashboardPage />} />
          {intelRoutes()}
          {rebatesRoutes()}
          {invoicesRoutes()}
          {settingsRoute()}
          <Route path="/user-management" element={<UserManagementPage />} />
          <Route path="*" element={<NotBuiltScreen />} />
        </Route>
      </Route>
    </Routes>
  );
}
