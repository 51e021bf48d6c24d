import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyStateMachine } from 'xstate';
import { activationMachine } from './account/activation.ts';
import { changePasswordMachine, forgotPasswordMachine, resetPasswordMachine, signUpMachine } from './account/account-forms.ts';
import { adminInviteMachine } from './admin-dashboard/admin-invite.ts';
import { adminUserEditMachine } from './admin-dashboard/admin-user-edit.ts';
import { loginAsMachine } from './admin-dashboard/login-as.ts';
import { announcementsMachine } from './admin-panel/announcements-editor.ts';
import { panelUserMachine } from './admin-panel/panel-user.ts';
import { salesRepsMachine } from './business-panel/sales-reps.ts';
import { digestPreferencesMachine } from './digest/digest-preferences.ts';
import { feedbackDialogMachine } from './rebates/feedback-dialog.ts';
import { loginFormMachine } from './shell/login-form.ts';
import { editUserMachine } from './user-management/edit-user.ts';
import { inviteUserMachine } from './user-management/invite-user.ts';

/**
 * Issue 39: a double-click on Create made two announcements. Every form that submits shows its
 * button busy (Mantine `loading`) while its call runs, and its machine takes no second submit in
 * that state, whatever the view lets through: the state that waits for the call has no transition
 * for any of the form's submit events, nor does any state above it.
 */
const FORMS: { name: string; machine: AnyStateMachine; busy: string[]; submits: AnyEventObject[] }[] = [
  { name: 'System Announcements: Create and delete', machine: announcementsMachine, busy: ['creating', 'deleting'], submits: [{ type: 'announcements.created' }, { type: 'announcements.deleted', id: 1 }] },
  { name: 'admin panel user editor: Update User, Reset Password', machine: panelUserMachine, busy: ['updating', 'resetting'], submits: [{ type: 'panelUser.updated' }, { type: 'panelUser.passwordReset' }] },
  { name: 'admin dashboard Edit User: Save, Deactivate', machine: adminUserEditMachine, busy: ['saving', 'deactivating'], submits: [{ type: 'edit.saved' }, { type: 'edit.deactivated' }] },
  { name: 'admin dashboard Invite User', machine: adminInviteMachine, busy: ['sending'], submits: [{ type: 'invite.submitted' }] },
  { name: 'admin dashboard Log in as user', machine: loginAsMachine, busy: ['switching'], submits: [{ type: 'loginAs.submitted' }] },
  { name: 'User Management Edit User: Save, Deactivate', machine: editUserMachine, busy: ['saving', 'deactivating'], submits: [{ type: 'edit.saved' }, { type: 'edit.deactivateConfirmed' }, { type: 'edit.deactivateAsked' }] },
  { name: 'User Management Invite User', machine: inviteUserMachine, busy: ['sending'], submits: [{ type: 'invite.submitted' }] },
  { name: 'Business Panel sales reps: Save, delete', machine: salesRepsMachine, busy: ['saving', 'deleting'], submits: [{ type: 'reps.saved' }, { type: 'reps.deleteConfirmed' }, { type: 'reps.deleteAsked' }] },
  { name: 'Settings: Change Password', machine: changePasswordMachine, busy: ['submitting'], submits: [{ type: 'form.submitted' }] },
  { name: 'Create Account', machine: signUpMachine, busy: ['submitting'], submits: [{ type: 'form.submitted' }] },
  { name: 'Forgot Password', machine: forgotPasswordMachine, busy: ['submitting'], submits: [{ type: 'form.submitted' }] },
  { name: 'Change Password (emailed link)', machine: resetPasswordMachine, busy: ['submitting'], submits: [{ type: 'form.submitted' }] },
  { name: 'Account Activation', machine: activationMachine, busy: ['activating'], submits: [{ type: 'link.confirmed' }] },
  { name: 'Login', machine: loginFormMachine, busy: ['submitting'], submits: [{ type: 'login.submitted' }] },
  { name: 'rebate feedback: Send', machine: feedbackDialogMachine, busy: ['sending'], submits: [{ type: 'feedback.submitted' }] },
  { name: 'win-back digest: Save preferences', machine: digestPreferencesMachine, busy: ['saving'], submits: [{ type: 'prefs.submitted' }] },
];

describe('a form takes one submit at a time (issue 39)', () => {
  for (const { name, machine, busy, submits } of FORMS) {
    it(`${name}: no second submit while the call runs`, () => {
      for (const state of busy) {
        // The state exists (a renamed state would make this test pass for nothing).
        expect(machine.getStateNodeById(`${machine.id}.${state}`).key).toBe(state);
        const snapshot = machine.resolveState({ value: state, context: {} as never });
        for (const event of submits) expect(snapshot.can(event), `${state} takes ${event.type}`).toBe(false);
      }
    });
  }

  it('the check sees a submit a state does take (Create with text, before the call)', () => {
    const editing = announcementsMachine.resolveState({ value: 'editing', context: { list: [], text: 'Closed Friday', deletingId: null, message: null } });
    expect(editing.can({ type: 'announcements.created' })).toBe(true);
  });
});
