import { Fragment, lazy, type ReactNode } from 'react';
import { Route, useParams } from 'react-router-dom';
import { ActivationPage } from './activation-page.tsx';
import { ChangePasswordPage } from './change-password-page.tsx';
import { ForgotPasswordPage } from './forgot-password-page.tsx';
import { SignUpPage } from './signup-page.tsx';

const SettingsPage = lazy(() => import('./settings-page.tsx').then((m) => ({ default: m.SettingsPage })));

/** A new token is a new link: a fresh screen (and machine) rather than the old one's state. */
function PerToken({ children }: { children: ReactNode }) {
  const { token } = useParams();
  return <Fragment key={token}>{children}</Fragment>;
}

/**
 * The public account screens (accounts spec §2.3), called as a function inside <Routes> like
 * rebatesRoutes(). /create-password/{token} is not wired to any call in the spec; it shows the
 * emailed-link Change Password screen so an invitation link works under either path.
 */
export function publicAccountRoutes() {
  return (
    <>
      <Route path="/signup" element={<SignUpPage />} />
      <Route path="/activate/:token" element={<PerToken><ActivationPage /></PerToken>} />
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/change-password/:token" element={<PerToken><ChangePasswordPage /></PerToken>} />
      <Route path="/create-password/:token" element={<PerToken><ChangePasswordPage title="Create Password" /></PerToken>} />
    </>
  );
}

/** Settings (spec §2.5), inside the portal shell. */
export function settingsRoute() {
  return <Route path="/settings" element={<SettingsPage />} />;
}
