import type { Page } from '@playwright/test';
import { signIn } from '../login-helpers.ts';

/**
 * Opens `path` already logged in as `email` (login API, not the form the login-form paths test);
 * the path's held calls may keep the app loading, so nothing is waited for.
 */
export const openSignedIn = (page: Page, email: string, path: string) => signIn(page, email, path, { waitForApp: false });
