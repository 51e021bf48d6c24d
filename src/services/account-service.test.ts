import { AxiosError, AxiosHeaders } from 'axios';
import { lastValueFrom, of } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { normalise, type ApiClient } from './api-client.ts';
import { createAccountService } from './account-service.ts';

function fakeApi() {
  const post = vi.fn(() => of({ message: 'ok' }));
  return { api: { post } as unknown as ApiClient, post };
}

describe('account service', () => {
  it('sends the public calls without a key, never logging anyone out on a 401, with the site address for links', async () => {
    const { api, post } = fakeApi();
    const service = createAccountService(api, () => 'https://portal.example');
    await lastValueFrom(
      service.signUp({ partnerPlatformId: 'CP-123456', partnerName: 'New Co', contactName: 'Ann', email: 'a@b.test', password: 'secret1', repeatPassword: 'secret1' }),
    );
    await lastValueFrom(service.requestPasswordReset({ email: 'a@b.test' }));
    await lastValueFrom(service.activate('activate_TOKEN_0123456789'));
    await lastValueFrom(service.confirmEmail('confirm-TOKEN_0123456789'));
    await lastValueFrom(service.approveEmailChange('approve_TOKEN-0123456789'));
    await lastValueFrom(service.resetPassword('reset_TOKEN_DEF-0123456789', { password: 'secret1', newPassword: 'secret1' }));
    const calls = post.mock.calls as unknown as [string, unknown, { data: unknown; authKey: unknown; ignoreUnauthorized: unknown }][];
    expect(calls.map(([url, , o]) => [url, o.data, o.authKey, o.ignoreUnauthorized])).toEqual([
      [
        '/auth/sign-up',
        { partnerPlatformId: 'CP-123456', partnerName: 'New Co', contactName: 'Ann', email: 'a@b.test', password: 'secret1', repeatPassword: 'secret1', siteUrl: 'https://portal.example' },
        null,
        true,
      ],
      ['/auth/request-password-reset', { email: 'a@b.test', siteUrl: 'https://portal.example' }, null, true],
      ['/auth/activate/activate_TOKEN_0123456789', {}, null, true],
      ['/auth/confirm-email/confirm-TOKEN_0123456789', {}, null, true],
      ['/auth/approve-email-change/approve_TOKEN-0123456789', {}, null, true],
      ['/auth/reset-password/reset_TOKEN_DEF-0123456789', { password: 'secret1', newPassword: 'secret1' }, null, true],
    ]);
  });

  it('answers a link that cannot be one the server sent as an expired one, without a call', async () => {
    const { api, post } = fakeApi();
    const service = createAccountService(api, () => 'https://portal.example');
    await expect(lastValueFrom(service.activate('tok/en'))).rejects.toMatchObject({ status: 410 });
    await expect(lastValueFrom(service.confirmEmail('short'))).rejects.toMatchObject({ status: 410 });
    expect(post).not.toHaveBeenCalled();
  });

  it('changes the password as the logged-in user: a 401 there does end the session', async () => {
    const { api, post } = fakeApi();
    await lastValueFrom(createAccountService(api, () => '').changePassword({ password: 'old', newPassword: 'newer', repeatPassword: 'newer' }));
    const [url, , options] = post.mock.calls[0] as unknown as [string, unknown, Record<string, unknown>];
    expect(url).toBe('/user/change-password');
    expect(options).toMatchObject({ data: { password: 'old', newPassword: 'newer', repeatPassword: 'newer' } });
    expect(options.authKey).toBeUndefined();
    expect(options.ignoreUnauthorized).toBeUndefined();
  });
});

describe('api errors', () => {
  const failed = (status: number, data: unknown) =>
    new AxiosError('failed', 'ERR_BAD_REQUEST', undefined, undefined, { status, data, statusText: '', headers: {}, config: { headers: new AxiosHeaders() } });

  it("keep a 400's list of problems next to its message", () => {
    const error = normalise(failed(400, { message: 'Invalid sign-up', errors: ['first', 'second'] }));
    expect([error.status, error.message, error.details]).toEqual([400, 'Invalid sign-up', ['first', 'second']]);
  });

  it('have no details when the server sent none', () => {
    expect(normalise(failed(410, { message: 'gone' })).details).toEqual([]);
    expect(normalise(failed(500, 'oops')).details).toEqual([]);
  });
});
