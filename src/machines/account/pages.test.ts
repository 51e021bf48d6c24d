import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { findPage } from '../shell/page-registry.ts';
import type { PageRoute } from '../shell/page-spec.ts';
import { forgotPasswordMachine, resetPasswordMachine, signUpMachine } from './account-forms.ts';
import { activationMachine, emailApprovalMachine, emailConfirmationMachine } from './activation.ts';
import { accountPages } from './pages.ts';
import { selectSettingsView } from './selectors.ts';
import { settingsPageMachine } from './settings.ts';

const routeOf = (pathname: string) => {
  const found = findPage(pathname, accountPages)!;
  const route = { place: { pathname, search: '' }, params: found.params } as unknown as PageRoute;
  return { key: found.key, spec: found.spec, route };
};

describe('the account pages', () => {
  it.each([
    ['/signup', 'accountSignUp', signUpMachine],
    ['/forgot-password', 'accountForgotPassword', forgotPasswordMachine],
    ['/change-password/abc', 'accountResetPassword', resetPasswordMachine],
    ['/create-password/abc', 'accountCreatePassword', resetPasswordMachine],
    ['/activate/abc', 'accountActivation', activationMachine],
    ['/confirm-email/abc', 'accountEmailConfirmation', emailConfirmationMachine],
    ['/approve-email-change/abc', 'accountEmailApproval', emailApprovalMachine],
    ['/settings', 'accountSettings', settingsPageMachine],
  ])('%s is page %s with its machine', async (pathname, key, machine) => {
    const found = routeOf(pathname);
    expect(found.key).toBe(key);
    expect(await found.spec.load()).toBe(machine);
  });

  it("gives an emailed link's page its token, and a new token a new instance", () => {
    const a = routeOf('/activate/token-a');
    const b = routeOf('/activate/token-b');
    expect(a.spec.input?.(a.route)).toEqual({ token: 'token-a' });
    expect(a.spec.instance?.(a.route)).toBe('token-a');
    expect(b.spec.instance?.(b.route)).toBe('token-b');
    const reset = routeOf('/change-password/r1');
    expect(reset.spec.input?.(reset.route)).toEqual({ token: 'r1' });
  });

  it('gives the forms without a link one instance and no input', () => {
    const signUp = routeOf('/signup');
    expect(signUp.spec.input).toBeUndefined();
    expect(signUp.spec.instance).toBeUndefined();
  });
});

describe('the Settings page', () => {
  it('hands the Change Password form and the digest preferences their actors', () => {
    const stub = createMachine({});
    const page = createActor(settingsPageMachine.provide({ actors: { password: stub, digest: stub } as never })).start();
    const view = selectSettingsView(page.getSnapshot());
    expect([view.password.id, view.digest.id]).toEqual(['password', 'digest']);
    page.stop();
  });
});
