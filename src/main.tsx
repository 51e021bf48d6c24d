import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { runMicrosoftRedirectBridge } from './microsoft-redirect.ts';
import { MICROSOFT_REDIRECT_PATH } from './model/microsoft-auth.ts';

const root = document.getElementById('root')!;
// The Microsoft sign-in popup returns here; it only passes the answer back to the app's window.
if (window.location.pathname === MICROSOFT_REDIRECT_PATH) runMicrosoftRedirectBridge(root);
else {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
