import { expect } from '@playwright/test';
import { test } from './a11y-test.ts';
import { runnablePaths, runPath, type BrowserModel } from './model/browser-model.ts';
import { loginFormModel } from './model/login-form-model.ts';

// A test of the test: a mapping whose check of the failure dialog expects the wrong words, and a
// routed login answer that breaks the screen, each make the path fail with a message naming it.

const failurePath = () => runnablePaths(loginFormModel).find((p) => p.states.at(-1) === 'failed')!;

test('a wrong check fails the path, naming it', async ({ page }) => {
  const wrongCheck: BrowserModel = {
    ...loginFormModel,
    states: { ...loginFormModel.states, failed: (p) => expect(p.getByRole('dialog', { name: 'Login failed' })).toContainText('Welcome back', { timeout: 1_000 }) },
  };
  const path = failurePath();
  const error = await runPath(wrongCheck, page, path).then(() => null, (e: Error) => e);
  expect(error?.message).toContain(`Path ${path.id} after step ${path.events.length}: the screen is not in failed`);
});

test('a broken server answer fails the path, naming it', async ({ page }) => {
  const success = runnablePaths(loginFormModel).find((p) => p.states.at(-1) === 'success')!;
  // The login call answers 200 with a body the client cannot decode: the screen never reaches the dashboard.
  const broken: BrowserModel = {
    ...loginFormModel,
    calls: { login: { url: '**/api/auth/login', sampleAnswer: true } },
    states: { ...loginFormModel.states, success: (p) => expect(p).toHaveURL(/\/dashboard$/, { timeout: 2_000 }) },
  };
  const garbled = { ...success, events: success.events.map((e) => (e.type === 'xstate.done.actor.login' ? { ...e, output: { nonsense: true } } : e)) };
  const error = await runPath(broken, page, garbled).then(() => null, (e: Error) => e);
  expect(error?.message).toContain(`Path ${success.id} after step ${success.events.length}: the screen is not in success`);
});
