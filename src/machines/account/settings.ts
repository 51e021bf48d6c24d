import { setup } from 'xstate';
import { digestPreferencesMachine } from '../digest/digest-preferences.ts';
import { changePasswordMachine } from './account-forms.ts';

/** Settings (accounts spec §2.5, docs/digest.md): the Change Password form and the win-back digest's preferences. */
export const settingsPageMachine = setup({
  types: { children: {} as { password: 'password'; digest: 'digest' } },
  actors: { password: changePasswordMachine, digest: digestPreferencesMachine },
}).createMachine({
  id: 'settingsPage',
  invoke: [
    { id: 'password', src: 'password', input: undefined },
    { id: 'digest', src: 'digest', input: {} },
  ],
});
