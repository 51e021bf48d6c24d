import { assign, setup } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import type { MessageResponse } from '../../model/account.ts';
import { AdminPassword, PASSWORD_RESET_OK, USER_UPDATED_OK, USERS_LOAD_FAILED, type AdminUserRow } from '../../model/admin.ts';
import { Email } from '../../model/codec.ts';
import type { UserSessionRow } from '../../model/user-sessions.ts';
import { ApiError } from '../../services/api-client.ts';
import { adminService } from '../../services/admin-service.ts';
import { analyticsService } from '../../services/analytics-service.ts';

/**
 * The admin panel's user editor (accounts spec §2.9): a user picked from every distributor; Email,
 * Contact Name, Display Invoice Tab, Multi House, the last 30 days' sessions; Update User; a
 * password and Reset Password (which ends the user's sessions on the server).
 */
export interface PanelForm {
  email: string;
  contactName: string;
  displayInvoice: boolean;
  isMultiHouse: boolean;
  password: string;
}

export interface PanelUserContext {
  users: AdminUserRow[];
  userId: number | null;
  form: PanelForm;
  sessions: UserSessionRow[] | null;
  message: { ok: boolean; text: string } | null;
}

export type PanelUserEvent =
  | { type: 'panelUser.chosen'; userId: number }
  | { type: 'panelUser.changed'; field: keyof PanelForm; value: string | boolean }
  | { type: 'panelUser.updated' }
  | { type: 'panelUser.passwordReset' }
  | { type: 'panelUser.retried' };

const EMPTY: PanelForm = { email: '', contactName: '', displayInvoice: false, isMultiHouse: false, password: '' };
const failure = (error: unknown) => ({
  message: { ok: false, text: error instanceof ApiError && error.status < 500 ? error.message : 'An unknown error occurred when trying to update this user (see console for possible reasons).' },
});

export const panelUserMachine = setup({
  types: { context: {} as PanelUserContext, events: {} as PanelUserEvent },
  actors: {
    loadUsers: fromObservableWithOutput<AdminUserRow[]>(() => adminService.users(null)),
    loadSessions: fromObservableWithOutput<UserSessionRow[], { userId: number }>(({ userId }) => analyticsService.sessionsOf(userId)),
    update: fromObservableWithOutput<MessageResponse, { id: number; form: PanelForm }>(({ id, form }) =>
      adminService.updateUser(id, { email: form.email.trim(), contactName: form.contactName.trim(), displayInvoice: form.displayInvoice, isMultiHouse: form.isMultiHouse })),
    reset: fromObservableWithOutput<MessageResponse, { id: number; password: string }>(({ id, password }) => adminService.updateUser(id, { password })),
  },
  guards: {
    known: ({ context, event }) => event.type === 'panelUser.chosen' && context.users.some((u) => u.id === event.userId),
    picked: ({ context }) => context.userId !== null,
    updatable: ({ context }) => context.userId !== null && Email.is(context.form.email.trim()) && context.form.contactName.trim().length >= 3,
    resettable: ({ context }) => context.userId !== null && AdminPassword.is(context.form.password),
  },
  actions: {
    keepUsers: assign((_, users: AdminUserRow[]) => ({ users })),
    usersFailed: assign({ message: { ok: false, text: USERS_LOAD_FAILED } }),
    clearMessage: assign({ message: null }),
    choose: assign(({ context }, userId: number) => {
      const u = context.users.find((x) => x.id === userId)!;
      return { userId: u.id, form: { email: u.email, contactName: u.contactName, displayInvoice: u.displayInvoice, isMultiHouse: u.isMultiHouse, password: '' }, sessions: null, message: null };
    }),
    change: assign(({ context }, { field, value }: { field: keyof PanelForm; value: string | boolean }) => ({ form: { ...context.form, [field]: value }, message: null })),
    updateRefused: assign({ message: { ok: false, text: 'Enter a valid email and a contact name of at least 3 characters.' } }),
    resetRefused: assign({ message: { ok: false, text: 'The password must be 6 to 20 characters.' } }),
    keepSessions: assign((_, sessions: UserSessionRow[]) => ({ sessions })),
    sessionsFailed: assign({ sessions: null }),
    updated: assign(({ context }) => ({
      message: { ok: true, text: USER_UPDATED_OK },
      users: context.users.map((u) => (u.id === context.userId ? { ...u, email: context.form.email.trim(), contactName: context.form.contactName.trim(), displayInvoice: context.form.displayInvoice, isMultiHouse: context.form.isMultiHouse } : u)),
    })),
    passwordWasReset: assign(({ context }) => ({ message: { ok: true, text: PASSWORD_RESET_OK }, form: { ...context.form, password: '' } })),
    /** Update User or Reset Password failed: the server's reason, or the spec's catch-all. */
    failed: assign((_, { error }: { error: unknown }) => failure(error)),
  },
}).createMachine({
  id: 'panelUser',
  context: { users: [], userId: null, form: EMPTY, sessions: null, message: null },
  initial: 'loadingUsers',
  states: {
    loadingUsers: {
      invoke: {
        id: 'loadUsers',
        src: 'loadUsers',
        onDone: { target: 'picking', actions: { type: 'keepUsers', params: ({ event }) => event.output } },
        onError: { target: 'usersFailed', actions: 'usersFailed' },
      },
    },
    usersFailed: { on: { 'panelUser.retried': { target: 'loadingUsers', actions: 'clearMessage' } } },
    picking: {
      on: {
        'panelUser.chosen': { guard: 'known', target: 'loadingSessions', actions: { type: 'choose', params: ({ event }) => event.userId } },
        'panelUser.changed': { guard: 'picked', actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) } },
        'panelUser.updated': [{ guard: 'updatable', target: 'updating' }, { actions: 'updateRefused' }],
        'panelUser.passwordReset': [{ guard: 'resettable', target: 'resetting' }, { actions: 'resetRefused' }],
      },
    },
    loadingSessions: {
      invoke: {
        id: 'loadSessions',
        src: 'loadSessions',
        input: ({ context }) => ({ userId: context.userId! }),
        onDone: { target: 'picking', actions: { type: 'keepSessions', params: ({ event }) => event.output } },
        // The editor still works; the counts say they could not load.
        onError: { target: 'picking', actions: 'sessionsFailed' },
      },
    },
    updating: {
      tags: ['busy'],
      invoke: {
        id: 'update',
        src: 'update',
        input: ({ context }) => ({ id: context.userId!, form: context.form }),
        onDone: { target: 'picking', actions: 'updated' },
        onError: { target: 'picking', actions: { type: 'failed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    resetting: {
      tags: ['busy'],
      invoke: {
        id: 'reset',
        src: 'reset',
        input: ({ context }) => ({ id: context.userId!, password: context.form.password }),
        onDone: { target: 'picking', actions: 'passwordWasReset' },
        onError: { target: 'picking', actions: { type: 'failed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
