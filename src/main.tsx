import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './focus-ring.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { MICROSOFT_REDIRECT_PATH } from './model/microsoft-auth.ts';

const root = document.getElementById('root')!;
// The Microsoft sign-in popup returns here; it only passes the answer back to the app's window.
// Loaded only there: MSAL stays out of every other page.
if (window.location.pathname === MICROSOFT_REDIRECT_PATH) void import('./microsoft-redirect.ts').then((m) => m.runMicrosoftRedirectBridge(root));
else {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
