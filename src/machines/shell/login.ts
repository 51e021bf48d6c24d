import { setup } from 'xstate';
import { loginFormMachine } from './login-form.ts';
import { microsoftSignInMachine } from './microsoft-sign-in.ts';

/**
 * The /login page: the password form and, when the server has Microsoft settings, the Microsoft
 * sign-in. Both hand a successful login to the auth-routing actor (system id `auth`), which routes on.
 */
export const loginPageMachine = setup({
  types: { children: {} as { form: 'form'; microsoft: 'microsoft' } },
  actors: { form: loginFormMachine, microsoft: microsoftSignInMachine },
}).createMachine({
  id: 'loginPage',
  invoke: [
    { id: 'form', src: 'form' },
    { id: 'microsoft', src: 'microsoft' },
  ],
});
