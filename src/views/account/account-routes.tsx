import { lazy } from 'react';
import { Route } from 'react-router-dom';
// Each account screen loads when first opened: the login page carries none of them.
const ActivationPage = lazy(() => import('./activation-page.tsx').then((m) => ({ default: m.ActivationPage })));
const EmailConfirmationPage = lazy(() => import('./activation-page.tsx').then((m) => ({ default: m.EmailConfirmationPage })));
const EmailApprovalPage = lazy(() => import('./activation-page.tsx').then((m) => ({ default: m.EmailApprovalPage })));
const ChangePasswordPage = lazy(() => import('./change-password-page.tsx').then((m) => ({ default: m.ChangePasswordPage })));
const ForgotPasswordPage = lazy(() => import('./forgot-password-page.tsx').then((m) => ({ default: m.ForgotPasswordPage })));
const SignUpPage = lazy(() => import('./signup-page.tsx').then((m) => ({ default: m.SignUpPage })));
const SettingsPage = lazy(() => import('./settings-page.tsx').then((m) => ({ default: m.SettingsPage })));

/**
 * The public account screens (accounts spec §2.3), called as a function inside <Routes> like
 * rebatesRoutes(). The app's root actor runs their machines, a new token (a new link) being a
 * fresh one (machines/account/pages.ts). /create-password/{token} is not wired to any call in the spec; it shows the
 * emailed-link Change Password screen so an invitation link works under either path.
 */
export function publicAccountRoutes() {
  return (
    <>
      <Route path="/signup" element={<SignUpPage />} />
      <Route path="/activate/:token" element={<ActivationPage />} />
      <Route path="/confirm-email/:token" element={<EmailConfirmationPage />} />
      <Route path="/approve-email-change/:token" element={<EmailApprovalPage />} />
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/change-password/:token" element={<ChangePasswordPage />} />
      <Route path="/create-password/:token" element={<ChangePasswordPage title="Create Password" page="accountCreatePassword" />} />
    </>
  );
}

/** Settings (spec §2.5), inside the portal shell. */
export function settingsRoute() {
  return <Route path="/settings" element={<SettingsPage />} />;
}
