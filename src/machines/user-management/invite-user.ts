import { assign, setup } from 'xstate';
import { tellParent } from '../tell-parent.ts';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import type { InvitePayload, InviteResponse } from '../../model/account.ts';
import type { Merchant } from '../../model/dashboard.ts';
import { EMPTY_INVITE, invitePayload, type InviteErrors, type InviteForm } from '../../model/invite-form.ts';
import type { Notice } from '../../model/notices.ts';
import { INVITE_FAILED, SOMETHING_WENT_WRONG } from '../../model/user-permissions.ts';
import { ApiError } from '../../services/api-client.ts';
import { userManagementService } from '../../services/user-management-service.ts';
import { showNotice } from '../shell/system-actors.ts';

/**
 * The Invite User modal (accounts spec §2.4, §8): opening loads the locations the inviter may
 * give; submit checks the fields (an invalid form sends nothing), sends the invitation, then
 * closes with the server's '<Name> has been invited…' notice, or stays open with
 * 'Something went wrong!'.
 */
export interface InviteUserContext {
  siteUrl: string;
  form: InviteForm;
  errors: InviteErrors;
  choices: Merchant[];
  choicesFailed: boolean;
  notice: Notice | null;
  notices: number;
}

type Field = keyof InviteForm;

export type InviteUserEvent =
  | { type: 'invite.opened' }
  | { type: 'invite.closed' }
  | { type: 'invite.changed'; field: Field; value: InviteForm[Field] }
  | { type: 'invite.submitted' }
  | { type: 'invite.noticeDismissed' };

const notice = (c: InviteUserContext, kind: Notice['kind'], title: string, message: string) =>
  ({ notices: c.notices + 1, notice: { id: `invite-${c.notices + 1}`, kind, title, message } });

// The server's reason when it gave one (e.g. the email is taken), else the spec's wording.
const failureMessage = (error: unknown) => (error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : INVITE_FAILED);

export const inviteUserMachine = setup({
  types: {
    context: {} as InviteUserContext,
    events: {} as InviteUserEvent,
    input: {} as { siteUrl: string },
  },
  actors: {
    loadChoices: fromObservableWithOutput<Merchant[]>(() => userManagementService.locationChoices()),
    sendInvite: fromObservableWithOutput<InviteResponse, InvitePayload>((input) => userManagementService.invite(input)),
  },
  guards: {
    formValid: ({ context }) => invitePayload(context.form, context.siteUrl).ok,
  },
  actions: {
    /** The users table (the parent) asks for the list again. */
    userInvited: tellParent({ type: 'users.reload' })(),
    showNotice: showNotice(),
    change: assign(({ context, event }) => {
      if (event.type !== 'invite.changed') return {};
      const { [event.field as keyof InviteErrors]: _cleared, ...errors } = context.errors;
      return { form: { ...context.form, [event.field]: event.value }, errors };
    }),
    showErrors: assign(({ context }) => {
      const result = invitePayload(context.form, context.siteUrl);
      return { errors: result.ok ? {} : result.errors };
    }),
    forgetNotice: assign({ notice: null }),
    /** The modal opens afresh. */
    resetForm: assign({ form: EMPTY_INVITE, errors: {}, choicesFailed: false }),
    showChoices: assign((_, choices: Merchant[]) => ({ choices })),
    // The form still works: Invite To All, or no locations (['NONE']).
    noChoices: assign({ choices: [], choicesFailed: true }),
    notify: assign(({ context }, params: { kind: Notice['kind']; title: string; message: string }) => notice(context, params.kind, params.title, params.message)),
  },
}).createMachine({
  id: 'inviteUser',
  context: ({ input }) => ({
    siteUrl: input.siteUrl, form: EMPTY_INVITE, errors: {}, choices: [], choicesFailed: false, notice: null, notices: 0,
  }),
  initial: 'closed',
  on: { 'invite.noticeDismissed': { actions: 'forgetNotice' } },
  states: {
    closed: {
      on: {
        'invite.opened': { target: 'loadingChoices', actions: 'resetForm' },
      },
    },
    loadingChoices: {
      invoke: {
        id: 'loadChoices',
        src: 'loadChoices',
        onDone: { target: 'editing', actions: { type: 'showChoices', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: 'noChoices' },
      },
      on: { 'invite.closed': 'closed', 'invite.changed': { actions: 'change' } },
    },
    editing: {
      on: {
        'invite.changed': { actions: 'change' },
        'invite.submitted': [{ target: 'sending', guard: 'formValid', actions: 'forgetNotice' }, { actions: 'showErrors' }],
        'invite.closed': 'closed',
      },
    },
    sending: {
      invoke: {
        id: 'sendInvite',
        src: 'sendInvite',
        input: ({ context }) => {
          const result = invitePayload(context.form, context.siteUrl);
          if (!result.ok) throw new Error('unreachable: the form was checked before sending');
          return result.payload;
        },
        onDone: {
          target: 'closed',
          actions: [{ type: 'notify', params: ({ event }) => ({ kind: 'success', title: 'User Invited', message: event.output.message }) }, 'showNotice', 'userInvited'],
        },
        onError: {
          target: 'editing',
          actions: [{ type: 'notify', params: ({ event }) => ({ kind: 'error', title: SOMETHING_WENT_WRONG, message: failureMessage(event.error) }) }, 'showNotice'],
        },
      },
    },
  },
});
