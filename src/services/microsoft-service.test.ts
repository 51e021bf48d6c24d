import { BrowserAuthError } from '@azure/msal-browser';
import { describe, expect, it } from 'vitest';
import { readableMicrosoftError } from './microsoft-service.ts';

describe('Microsoft sign-in errors', () => {
  it('turns the common MSAL failures into sentences and keeps other messages', () => {
    expect(readableMicrosoftError(new BrowserAuthError('timed_out', 'corr')).message).toMatch(/window was closed or did not answer/);
    expect(readableMicrosoftError(new BrowserAuthError('popup_window_error', 'corr')).message).toMatch(/allow pop-ups/);
    expect(readableMicrosoftError(new Error('AADSTS50020: User account does not exist in tenant')).message).toBe(
      'AADSTS50020: User account does not exist in tenant',
    );
  });
});
