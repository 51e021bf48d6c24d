import { broadcastResponseToMainFrame } from '@azure/msal-browser/redirect-bridge';

/**
 * Runs instead of the app in the Microsoft sign-in popup once it returns to MICROSOFT_REDIRECT_PATH:
 * hands the response to the window that opened the popup (MSAL v5's redirect bridge), which closes it.
 */
export function runMicrosoftRedirectBridge(root: HTMLElement) {
  root.textContent = 'Signing in…';
  broadcastResponseToMainFrame().catch((error: unknown) => {
    root.textContent = `Microsoft sign-in could not finish: ${error instanceof Error ? error.message : String(error)}`;
  });
}
